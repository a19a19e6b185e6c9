/**
 * 'Create branch and save': shown when a save cannot land on the branch (it moved under the entry, or
 * it is protected). The new branch starts where the editor's files were read, takes the save, and
 * becomes the branch on screen.
 */
import { useNavigate } from 'react-router';
import type { EntryState } from '../../entry/formState';
import { t } from '../../lib/messages/format';
import { useBranchList } from '../branch/BranchList';
import { BranchNameDialog } from '../branch/BranchNameDialog';
import { branchHrefs } from '../hrefs';
import type { Hrefs } from '../hrefs';
import type { EntryEditor } from './useEntryEditor';

type SaveOnNewBranchDialogProps = {
  editor: EntryEditor;
  /** Where the saved entry is, on the new branch's routes. */
  savedHref(hrefs: Hrefs, saved: EntryState): string;
  /** Runs once saved, before leaving (removing the form's draft). */
  onSaved(): Promise<void>;
};

export function SaveOnNewBranchDialog({ editor, savedHref, onSaved }: SaveOnNewBranchDialogProps) {
  const list = useBranchList();
  const navigate = useNavigate();
  if (editor.needsNewBranch === null || list === null) return null;
  const save = async (branch: string) => {
    const saved = await editor.saveOnNewBranch(branch);
    // Another save, delete or reload was under way: this one did nothing.
    if (saved === null) return false;
    await onSaved();
    // The new branch must be known before its screens open, or they would say it does not exist.
    await list.reload();
    navigate(savedHref(branchHrefs(branch), saved));
  };
  return (
    <BranchNameDialog
      title={t('branch.saveTitle')}
      description={editor.needsNewBranch}
      confirmLabel={t('branch.createAndSave')}
      onCancel={editor.dismissNewBranch}
      onSubmit={save}
    />
  );
}
