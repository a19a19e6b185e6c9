/**
 * New branch and Delete branch, as the sidebar's menu and the dashboard's block offer them: their
 * dialogs, and what the current branch allows (the default branch cannot be deleted and has no pull
 * request, except a fork's, which is proposed to the repository it was made from). Creating goes to
 * the same screen on the new branch; deleting goes to the default branch.
 */
import { Suspense, useState } from 'react';
import type { ReactNode } from 'react';
import { lazyComponent } from '../../ui/lazyComponent';
import { useRepository } from '../data/ConfigProvider';
import { useBranchList } from './BranchList';
import { useCurrentBranch } from './CurrentBranch';

// The dialogs' code comes when one opens: the first screen does without it.
const NewBranchDialog = lazyComponent(async () => (await import('./branchDialogs')).NewBranchDialog);
const DeleteBranchDialog = lazyComponent(async () => (await import('./branchDialogs')).DeleteBranchDialog);

export type BranchActions = {
  branch: string;
  isDefault: boolean;
  /** Null on the default branch (but a fork's), or when the remote's host is unknown. */
  pullRequestUrl: string | null;
  /** Whether the branch can have pull requests: any but the default branch, and a fork's too. */
  proposes: boolean;
  /** The branch's page on GitHub; null with other storage. */
  viewUrl: string | null;
  openNewBranch(): void;
  openDeleteBranch(): void;
  /** The open dialog, to render wherever the actions are. */
  dialog: ReactNode;
};

/** Null for storage without branches. */
export function useBranchActions(): BranchActions | null {
  const list = useBranchList();
  const branch = useCurrentBranch();
  const repository = useRepository();
  const [open, setOpen] = useState<'new' | 'delete' | null>(null);
  const close = () => setOpen(null);
  if (list === null || branch === null) return null;
  const isDefault = branch === list.defaultBranch;
  return {
    branch,
    isDefault,
    // The server offers none for the default branch, but for a fork's.
    pullRequestUrl: list.branches.find((candidate) => candidate.name === branch)?.newPullRequestUrl ?? null,
    proposes: !isDefault || (repository?.forkOf ?? null) !== null,
    viewUrl: repository === null ? null : `${repository.url}/tree/${branch.split('/').map(encodeURIComponent).join('/')}`,
    openNewBranch: () => setOpen('new'),
    openDeleteBranch: () => setOpen(isDefault ? null : 'delete'),
    dialog: (
      <Suspense fallback={null}>
        {open === 'new' ? (
          <NewBranchDialog branch={branch} list={list} onClose={close} />
        ) : open === 'delete' ? (
          <DeleteBranchDialog branch={branch} list={list} onClose={close} />
        ) : null}
      </Suspense>
    ),
  };
}
