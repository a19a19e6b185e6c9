/**
 * Says why a save, delete or reload failed, above the form: conflicts and refused content name their
 * files. A save refused because the files changed meanwhile offers 'Reload' (the form's edits carried
 * over to the current version) and, where branches exist, 'Save as a new branch'.
 */
import { ApiError } from '../../api/error';
import { t } from '../../lib/messages/format';
import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import { errorMessage } from '../data/useAsync';
import { NeedsNewBranch } from './commitEntry';
import type { EditorAction, EntryEditor } from './useEntryEditor';

export function FailureNotice({ editor }: { editor: EntryEditor }) {
  if (editor.failure === null) return null;
  const { action, error } = editor.failure;
  const { title, items } = describe(action, error);
  // The ways forward are a save's: a refused delete only says why.
  const saving = action === 'save';
  const stale = (error instanceof NeedsNewBranch && error.reason === 'stale') || (error instanceof ApiError && error.code === 'conflict');
  const canReload = saving && stale && editor.reload !== null;
  const newBranchReason = !saving ? null : error instanceof NeedsNewBranch ? error.message : stale && editor.hasBranches ? t('branch.staleEntry') : null;
  return (
    <Notice tone="critical" title={title}>
      {items.length > 0 && (
        <ul className="problem-list">
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
      {(canReload || newBranchReason !== null) && (
        <div className="notice-actions">
          {canReload && (
            <Button isPending={editor.pending === 'reload'} onPress={() => void editor.reload?.()}>
              {t('reload.action')}
            </Button>
          )}
          {newBranchReason !== null && (
            <Button onPress={() => editor.askForNewBranch(newBranchReason)}>{t('save.asNewBranch')}</Button>
          )}
        </div>
      )}
    </Notice>
  );
}

function describe(action: EditorAction, error: unknown): { title: string; items: string[] } {
  const failed = (message: string) => t(`${action}.failed`, { message });
  if (error instanceof NeedsNewBranch) return { title: error.message, items: [] };
  if (!(error instanceof ApiError)) return { title: failed(errorMessage(error)), items: [] };
  switch (error.code) {
    case 'conflict':
      return { title: t('save.conflict'), items: error.detailList('paths') };
    case 'invalid_content':
      return { title: t('save.invalid'), items: error.detailList('problems') };
    case 'path_not_allowed':
    case 'forbidden':
      return { title: t('save.forbidden'), items: [error.message, ...error.detailList('paths')] };
    case 'network':
      return { title: failed(t('error.network')), items: [] };
    // The server's message says what failed.
    case 'bad_request':
    case 'invalid_branch_name':
    case 'unauthorized':
    case 'not_allowed':
    case 'not_found':
    case 'repo_not_found':
    case 'repo_not_initialised':
    case 'branch_not_found':
    case 'no_branches':
    case 'protected_branch':
    case 'uncommitted_changes':
    case 'too_many_files':
    case 'too_large':
    case 'timed_out':
    case 'too_many_requests':
    case 'storage_unavailable':
    case 'setup_required':
    case 'internal':
      return { title: failed(error.message), items: [] };
  }
}
