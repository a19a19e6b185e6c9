/**
 * The repository's branches (git storage), loaded once for the whole admin and reloaded after the
 * admin creates or deletes one. Local storage has no list: useBranchList answers null.
 */
import { createContext, useCallback, useContext, useState } from 'react';
import type { ReactNode } from 'react';
import { fetchBranches } from '../../api/client';
import type { Branch, BranchList as BranchListResponse } from '../../api/wire';
import { t } from '../../lib/messages/format';
import { LoadingState } from '../../ui/Spinner';
import { useCapabilities } from '../data/ConfigProvider';
import { useAsync } from '../data/useAsync';
import { ShellFailure } from '../shell/ShellFailure';
import { useCurrentBranch } from './CurrentBranch';

export type BranchList = {
  defaultBranch: string;
  branches: Branch[];
  /** Loads the list again; the current one stays on screen meanwhile. */
  reload(): Promise<void>;
};

const BranchListContext = createContext<BranchList | null>(null);

export function BranchListProvider({ children }: { children: ReactNode }) {
  if (useCapabilities().branches === null) return children;
  return <GitBranchList>{children}</GitBranchList>;
}

function GitBranchList({ children }: { children: ReactNode }) {
  const [first, retry] = useAsync(fetchBranches);
  // A reload replaces the list only once it arrived: the screens below never unmount for it.
  const [latest, setLatest] = useState<BranchListResponse | null>(null);
  const loaded = latest ?? (first.kind === 'loaded' ? first.value : null);
  const reload = useCallback(async () => setLatest(await fetchBranches()), []);
  if (loaded === null) {
    return first.kind === 'error' ? <ShellFailure error={first.error} onRetry={retry} /> : <LoadingState label={t('shell.loading')} />;
  }
  const value: BranchList = { defaultBranch: loaded.default, branches: loaded.branches, reload };
  return <BranchListContext.Provider value={value}>{children}</BranchListContext.Provider>;
}

export function useBranchList(): BranchList | null {
  return useContext(BranchListContext);
}

/**
 * Whether the screen shows the default branch (always, for storage without branches): changes
 * against the default branch (statuses, counts) exist only elsewhere.
 */
export function useIsDefaultBranch(): boolean {
  const list = useBranchList();
  const branch = useCurrentBranch();
  return list === null || branch === list.defaultBranch;
}
