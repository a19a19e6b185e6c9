/** The New branch and Delete branch dialogs of the branch actions (`useBranchActions.tsx`). */
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { createBranch, deleteBranch, fetchBranches } from '../../api/client';
import { t } from '../../lib/messages/format';
import { AlertDialog } from '../../ui/AlertDialog';
import { useToast } from '../../ui/Toast';
import { errorMessage } from '../data/useAsync';
import { branchHrefs, onBranch } from '../hrefs';
import type { BranchList } from './BranchList';
import { BranchNameDialog } from './BranchNameDialog';

export function NewBranchDialog({ branch, list, onClose }: { branch: string; list: BranchList; onClose(): void }) {
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

export function DeleteBranchDialog({ branch, list, onClose }: { branch: string; list: BranchList; onClose(): void }) {
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
