/**
 * The branch's open pull request, as the server finds it on the repository's host: what the
 * dashboard's block and the sidebar's menu show ('Pull request #N' rather than 'Create pull
 * request').
 */
import { useCallback } from 'react';
import { fetchPullRequest } from '../../api/client';
import type { PullRequest } from '../../api/wire';
import { useAsync } from '../data/useAsync';

/** Null while asking, when none is open, and when asking failed: the way to open one stays then. */
export function useOpenPullRequest(branch: string): PullRequest | null {
  const load = useCallback(() => fetchPullRequest(branch), [branch]);
  const [open] = useAsync(load);
  return open.kind === 'loaded' ? open.value : null;
}
