/**
 * New branch and Delete branch, as the sidebar's menu and the dashboard's block offer them: their
 * dialogs, and what the current branch allows (the default branch cannot be deleted and has no pull
 * request, except a fork's, which is proposed to the repository it was made from). Creating goes to
 * the same screen on the new branch; deleting goes to the default branch.
 */
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { createBranch, deleteBranch, fetchBranches } from '../../api/client';
import { t } from '../../lib/messages/format';
import { AlertDialog } from '../../ui/AlertDialog';
import { useToast } from '../../ui/Toast';
import { errorMessage } from '../data/useAsync';
import { branchHrefs, onBranch } from '../hrefs';
import { useRepository } from '../data/ConfigProvider';
import { useBranchList } from './BranchList';
import type { BranchList } from './BranchList';
import { BranchNameDialog } from './BranchNameDialog';
import { useCurrentBranch } from './CurrentBranch';

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
    dialog:
      open === 'new' ? (
        <NewBranchDialog branch={branch} list={list} onClose={close} />
      ) : open === 'delete' ? (
        <DeleteBranchDialog branch={branch} list={list} onClose={close} />
      ) : null,
  };
}

function NewBranchDialog({ branch, list, onClose }: { branch: string; list: BranchList; onClose(): void }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const create = async (name: string) => {
    // The list's head may predate commits made since it loaded: start from the branch's head now.
    const from = (await fetchBranches()).branches.find((candidate) => candidate.name === branch)?.head ?? null;
    await createBranch(name, from);
    // The new branch must be known before its screens open, or they would say it does not exist.
    await list.reload();
    onClose();
    navigate(onBranch(pathname, name));
  };
  return (
    <BranchNameDialog
      title={t('branch.new')}
      description={t('branch.startsFrom', { branch })}
      confirmLabel={t('branch.create')}
      onCancel={onClose}
      onSubmit={create}
    />
  );
}

function DeleteBranchDialog({ branch, list, onClose }: { branch: string; list: BranchList; onClose(): void }) {
  const navigate = useNavigate();
  const showToast = useToast();
  const [isPending, setPending] = useState(false);
  const remove = async () => {
    setPending(true);
    try {
      await deleteBranch(branch);
    } catch (error) {
      setPending(false);
      onClose();
      showToast(errorMessage(error), { tone: 'critical' });
      return;
    }
    // Leave the branch before the list forgets it, so its screens never say it does not exist.
    navigate(branchHrefs(list.defaultBranch).dashboard());
    await list.reload();
  };
  return (
    <AlertDialog
      isOpen
      onOpenChange={(isOpen) => !isOpen && onClose()}
      title={t('branch.delete')}
      message={t('branch.deleteMessage', { branch })}
      cancelLabel={t('branch.cancel')}
      confirmLabel={t('branch.deleteConfirm')}
      onConfirm={() => void remove()}
      isPending={isPending}
    />
  );
}
