/**
 * Loads the site's normalized config once, with who is signed in; every screen reads them through
 * useConfig and useUser. With storage that people sign in to, the sign-in screen shows until someone
 * is, and again when their sign-in runs out.
 */
import { createContext, useContext, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { SIGNED_OUT, fetchConfig } from '../../api/client';
import type { Config } from '../../api/config';
import { ApiError } from '../../api/error';
import type { ConfigResponse, Repository, User } from '../../api/wire';
import { t } from '../../lib/messages/format';
import { LoadingState } from '../../ui/Spinner';
import { ShellFailure } from '../shell/ShellFailure';
import { NotAllowed } from '../shell/NotAllowed';
import { RepoNotFound } from '../shell/RepoNotFound';
import { SetupScreen } from '../shell/SetupScreen';
import { SignInScreen } from '../shell/SignInScreen';
import { useAsync } from './useAsync';

const ConfigContext = createContext<ConfigResponse | null>(null);

export function ConfigProvider({ children }: { children: ReactNode }) {
  const [loaded, reload] = useAsync(fetchConfig);
  const [signedOut, setSignedOut] = useState(false);
  useEffect(() => {
    const onSignedOut = () => setSignedOut(true);
    window.addEventListener(SIGNED_OUT, onSignedOut);
    return () => window.removeEventListener(SIGNED_OUT, onSignedOut);
  }, []);
  if (loaded.kind === 'loading') return <LoadingState label={t('shell.loading')} />;
  if (loaded.kind === 'error' && loaded.error instanceof ApiError) {
    if (loaded.error.code === 'unauthorized') return <SignInScreen error={loaded.error} />;
    if (loaded.error.code === 'setup_required') return <SetupScreen error={loaded.error} />;
    if (loaded.error.code === 'repo_not_found') return <RepoNotFound error={loaded.error} />;
    if (loaded.error.code === 'not_allowed') return <NotAllowed error={loaded.error} />;
  }
  // A sign-in that ran out while the admin was open.
  if (signedOut) return <SignInScreen error={null} />;
  // The server answers why the site's storage cannot be used ('Git repo not initialised: …').
  if (loaded.kind === 'error') return <ShellFailure error={loaded.error} onRetry={reload} />;
  return <ConfigContext.Provider value={loaded.value}>{children}</ConfigContext.Provider>;
}

function useLoaded() {
  const loaded = useContext(ConfigContext);
  if (loaded === null) throw new Error('useConfig and useUser need a ConfigProvider above them');
  return loaded;
}

export function useConfig(): Config {
  return useLoaded().config;
}

/** The person signed in; null with storage that has no sign-in. */
export function useUser(): User | null {
  return useLoaded().user;
}

/** The repository on GitHub as the person signed in may use it; null with other storage. */
export function useRepository(): Repository | null {
  return useLoaded().repository;
}

/** Whether changes can be saved (not when the person signed in may only read). */
export function useCanWrite(): boolean {
  return useLoaded().repository?.canWrite !== false;
}
