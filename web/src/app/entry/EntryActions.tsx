/** The header actions of an entry form: unsaved marker, reset, delete, preview, and submit. */
import { t } from '../../lib/messages/format';
import { Badge } from '../../ui/Badge';
import { Button, IconButton, IconLink } from '../../ui/Button';
import type { EntryEditor } from './useEntryEditor';

type EntryActionsProps = {
  editor: EntryEditor;
  formId: string;
  submitLabel: string;
  /** Saving an existing entry needs a change; creating does not. */
  requireChange: boolean;
  previewHref?: string | null;
  onDelete?(): void;
};

export function EntryActions(props: EntryActionsProps) {
  const { editor, formId, submitLabel, requireChange, previewHref, onDelete } = props;
  const isBusy = editor.pending !== null;
  return (
    <>
      {editor.isDirty && <Badge>{t('entry.unsaved')}</Badge>}
      <IconButton icon="reset" label={t('entry.reset')} isDisabled={!editor.isDirty} onPress={editor.reset} />
      {onDelete && <IconButton icon="trash" label={t('entry.delete')} isDisabled={isBusy} onPress={onDelete} />}
      {previewHref && (
        <IconLink icon="external" label={t('entry.preview')} href={previewHref} target="_blank" rel="noopener noreferrer" />
      )}
      <Button
        tone="primary"
        type="submit"
        form={formId}
        isPending={editor.pending === 'save'}
        isDisabled={requireChange && !editor.isDirty}
      >
        {submitLabel}
      </Button>
    </>
  );
}
