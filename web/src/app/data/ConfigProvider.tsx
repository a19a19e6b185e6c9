/** Loads the site's normalized config once; every screen reads it through useConfig. */
import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';
import { fetchConfig } from '../../api/client';
import type { Config } from '../../api/config';
import { t } from '../../lib/messages/format';
import { LoadingState } from '../../ui/Spinner';
import { ShellFailure } from '../shell/ShellFailure';
import { useAsync } from './useAsync';

const ConfigContext = createContext<Config | null>(null);

export function ConfigProvider({ children }: { children: ReactNode }) {
  const [config, reload] = useAsync(fetchConfig);
  if (config.kind === 'loading') return <LoadingState label={t('shell.loading')} />;
  // The server answers why the site's storage cannot be used ('Git repo not initialised: …').
  if (config.kind === 'error') return <ShellFailure error={config.error} onRetry={reload} />;
  return <ConfigContext.Provider value={config.value}>{children}</ConfigContext.Provider>;
}

export function useConfig(): Config {
  const config = useContext(ConfigContext);
  if (config === null) throw new Error('useConfig needs a ConfigProvider above it');
  return config;
}
