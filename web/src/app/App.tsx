/**
 * The admin: config, branches, toasts and client routes under /keystatic. Each screen is routed by
 * its pattern in `routes.ts`, from which `hrefs.ts` makes the links to it.
 */
import { Suspense } from 'react';
import type { ReactNode } from 'react';
import { RouterProvider } from 'react-aria-components';
import { BrowserRouter, Navigate, Route, Routes, useHref, useNavigate } from 'react-router';
import type { NavigateOptions } from 'react-router';
import { ToastProvider } from '../ui/Toast';
import { CollabProvider } from './collab/CollabProvider';
import { CollectionListScreen } from './collection/CollectionList';
import { Dashboard } from './dashboard/Dashboard';
import { BranchListProvider, useBranchList } from './branch/BranchList';
import { BranchScope, SiteScope, ToDefaultBranch } from './branch/BranchScope';
import { ConfigProvider } from './data/ConfigProvider';
import { CreateEntryScreen, EditEntryScreen, SingletonScreen } from './entryScreens';
import { NotFound } from './NotFound';
import { t } from '../lib/messages/format';
import { LoadingState } from '../ui/Spinner';
import { BASE_PATH, BRANCH_ROUTE, ROUTES } from './routes';

declare module 'react-aria-components' {
  interface RouterConfig {
    routerOptions: NavigateOptions;
  }
}


export function App() {
  return (
    <BrowserRouter basename={BASE_PATH}>
      <AriaRouting>
        <ToastProvider>
          <ConfigProvider>
            <BranchListProvider>
              <CollabProvider>
                <SiteRoutes />
              </CollabProvider>
            </BranchListProvider>
          </ConfigProvider>
        </ToastProvider>
      </AriaRouting>
    </BrowserRouter>
  );
}

function Loading({ children }: { children: ReactNode }) {
  return <Suspense fallback={<LoadingState label={t('entry.loading')} />}>{children}</Suspense>;
}

const screens = (
  <>
    <Route index element={<Dashboard />} />
    <Route path={ROUTES.collection} element={<CollectionListScreen />} />
    <Route path={ROUTES.createEntry} element={<Loading><CreateEntryScreen /></Loading>} />
    <Route path={ROUTES.entry} element={<Loading><EditEntryScreen /></Loading>} />
    <Route path={ROUTES.singleton} element={<Loading><SingletonScreen /></Loading>} />
    <Route path="*" element={<NotFound />} />
  </>
);

/**
 * GitHub's own addresses (the app's setup, a repository that cannot be read, an app just created):
 * their screens show wherever the problem is; once there is none, they lead to the dashboard.
 */
const solved = ['setup', 'repo-not-found', 'created-github-app'].map((path) => (
  <Route key={path} path={path} element={<Navigate replace to="/" />} />
));

/** The spec's screens, below `/branch/{branch}` when the storage has branches. */
function SiteRoutes() {
  const list = useBranchList();
  if (list === null) {
    return (
      <Routes>
        {solved}
        <Route element={<SiteScope branch={null} />}>{screens}</Route>
      </Routes>
    );
  }
  return (
    <Routes>
      <Route path={BRANCH_ROUTE} element={<BranchScope list={list} />}>
        {screens}
      </Route>
      {solved}
      <Route path="*" element={<ToDefaultBranch list={list} />} />
    </Routes>
  );
}

/** Lets react-aria links and rows navigate inside the app (with the /keystatic base) instead of reloading. */
function AriaRouting({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <RouterProvider navigate={(to, options) => void navigate(to, options)} useHref={useAppHref}>
      {children}
    </RouterProvider>
  );
}

/** URLs with a scheme (a preview site, say) leave the app untouched; app paths get the base. */
function useAppHref(to: string): string {
  const href = useHref(to);
  return /^([a-z][a-z0-9+.-]*:|\/\/)/i.test(to) ? to : href;
}
