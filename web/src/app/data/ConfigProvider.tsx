/**
 * Loads the site's normalized config once, with who is signed in; every screen reads them through
 * useConfig and useUser. With storage that people sign in to, the sign-in screen shows until someone
 * is, and again when their sign-in runs out.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { SIGNED_OUT, fetchConfig } from '../../api/client';
import type { Config } from '../../api/config';
import { ApiError } from '../../api/error';
import type { Capabilities, CloudSession, ConfigResponse, Repository, User } from '../../api/wire';
import { t } from '../../lib/messages/format';
import { LoadingState } from '../../ui/Spinner';
import { ShellFailure } from '../shell/ShellFailure';
import { NotAllowed } from '../shell/NotAllowed';
import { RepoNotFound } from '../shell/RepoNotFound';
import { SetupScreen } from '../shell/SetupScreen';
import { SignInScreen } from '../shell/SignInScreen';
import { useAsync } from './useAsync';

type Loaded = {
  response: ConfigResponse;
  /** Asks again (the repository may have changed: a fork made, an app installed), keeping the screens. */
  refresh(): Promise<ConfigResponse>;
};

const ConfigContext = createContext<Loaded | null>(null);

export function ConfigProvider({ children }: { children: ReactNode }) {
  const [loaded, reloadConfig] = useAsync(fetchConfig);
  // Who may do what, asked again; the config itself is the server's for as long as it runs, and
  // stays the same object, so that nothing built on it starts over.
  const [fresh, setFresh] = useState<Pick<ConfigResponse, 'user' | 'repository'> | null>(null);
  const refresh = useCallback(async () => {
    const next = await fetchConfig();
    setFresh({ user: next.user, repository: next.repository });
    return next;
  }, []);
  const reload = useCallback(() => {
    setFresh(null);
    reloadConfig();
  }, [reloadConfig]);
  const value = useMemo(
    () => (loaded.kind === 'loaded' ? { response: { ...loaded.value, ...fresh }, refresh } : null),
    [loaded, fresh, refresh],
  );
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
  // The server answers why the site's storage cannot be used (a repository without commits, say).
  if (loaded.kind === 'error') return <ShellFailure error={loaded.error} onRetry={reload} />;
  return <ConfigContext.Provider value={value}>{children}</ConfigContext.Provider>;
}

function useLoaded() {
  const loaded = useContext(ConfigContext);
  if (loaded === null) throw new Error('useConfig and useUser need a ConfigProvider above them');
  return loaded;
}

export function useConfig(): Config {
  return useLoaded().response.config;
}

/** What the storage can do beyond reading and saving files: controls follow these, never the kind of storage. */
export function useCapabilities(): Capabilities {
  return useLoaded().response.capabilities;
}

/** The person signed in; null with storage that has no sign-in. */
export function useUser(): User | null {
  return useLoaded().response.user;
}

/** The cloud the person is signed in to, with their team's features; null without one. */
export function useCloudSession(): CloudSession | null {
  return useLoaded().response.cloud;
}

/** The repository on GitHub as the person signed in may use it; null with other storage. */
export function useRepository(): Repository | null {
  return useLoaded().response.repository;
}

/** Asks the server again who may do what with the repository, keeping the screens as they are. */
export function useRefreshConfig(): () => Promise<ConfigResponse> {
  return useLoaded().refresh;
}

/**
 * Whether changes can be saved: `write`; `fork` when the person may only read but can fork the
 * repository and install the GitHub App there (saving then asks them to); `read` otherwise.
 */
export type WriteAccess = 'write' | 'fork' | 'read';

export function writeAccess(repository: Repository | null, cloud: CloudSession | null = null): WriteAccess {
  // A cloud's viewer reads, whatever the repository says (a git repository names no host).
  if (cloud?.readOnly === true) return 'read';
  if (repository === null || repository.canWrite) return 'write';
  return repository.installUrl === null ? 'read' : 'fork';
}

export function useWriteAccess(): WriteAccess {
  return writeAccess(useRepository(), useCloudSession());
}
