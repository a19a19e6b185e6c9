/**
 * Quire Cloud's pages and their addresses on the cloud's own origin (no `/keystatic` base: the
 * server answers `cloud.html` for each of them). `/` leads to the account.
 */
import type { ReactNode } from 'react';
import { RouterProvider } from 'react-aria-components';
import { BrowserRouter, Navigate, Route, Routes, useHref, useNavigate } from 'react-router';
import type { NavigateOptions } from 'react-router';
import { AccountPage } from './Account';
import { AuthorizePage } from './Authorize';
import { GithubAppPage } from './GithubApp';
import { ImageLibraryPage } from './ImageLibrary';
import { LinkPage } from './Link';
import { ct } from './messages';
import { Page } from './Page';
import { SetupPage } from './Setup';
import { SignInPage } from './SignIn';
import { TeamPage } from './Team';

declare module 'react-aria-components' {
  interface RouterConfig {
    routerOptions: NavigateOptions;
  }
}

/** The routes alone, for a router given by the caller (a test's memory router). */
export function CloudRoutes() {
  return (
    <AriaRouting>
      <Routes>
        <Route index element={<Navigate replace to="/account" />} />
        <Route path="sign-in" element={<SignInPage />} />
        <Route path="setup" element={<SetupPage />} />
        <Route path="github-app" element={<GithubAppPage />} />
        <Route path="authorize" element={<AuthorizePage />} />
        <Route path="link" element={<LinkPage />} />
        <Route path="account" element={<AccountPage />} />
        <Route path="teams/:slug" element={<TeamPage />} />
        <Route path="teams/:team/project/:project/images" element={<ImageLibraryPage />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </AriaRouting>
  );
}

export function CloudApp() {
  // The cloud's pages sit at its origin's root: the default basename.
  return (
    <BrowserRouter>
      <CloudRoutes />
    </BrowserRouter>
  );
}

/** Lets react-aria's links navigate inside the pages instead of reloading them. */
function AriaRouting({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <RouterProvider navigate={(to, options) => void navigate(to, options)} useHref={useHref}>
      {children}
    </RouterProvider>
  );
}

function NotFound() {
  return (
    <Page title={ct('notFound.title')} accountLink>
      <p className="cloud-intro">{ct('notFound.message')}</p>
    </Page>
  );
}
