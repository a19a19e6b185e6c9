/**
 * The header actions of an entry form: unsaved marker, reset, delete, copy, paste, duplicate,
 * preview, and submit. Screens pass the actions they offer. On small screens all but reset and
 * submit gather in a menu, so the breadcrumbs keep their room.
 */
import { Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { t } from '../../lib/messages/format';
import { Badge } from '../../ui/Badge';
import { Button, IconButton, IconLink } from '../../ui/Button';
import { Icon } from '../../ui/icons';
import type { IconName } from '../../ui/icons';
import { SMALL_SCREEN, useMediaQuery } from '../useMediaQuery';
import { useCurrentBranch } from '../branch/CurrentBranch';
import { useRepository, useWriteAccess } from '../data/ConfigProvider';
import { ForkRepoDialog } from './ForkRepoDialog';
import type { EntryEditor } from './useEntryEditor';

type EntryActionsProps = {
  editor: EntryEditor;
  formId: string;
  submitLabel: string;
  /** Saving an existing entry needs a change; creating does not. */
  requireChange: boolean;
  previewHref?: string | null;
  onDelete?(): void;
  onCopy?(): void;
  onPaste?(): void;
  onDuplicate?(): void;
};

type Action = { id: string; icon: IconName; label: string; isDisabled: boolean; onAction(): void };

export function EntryActions(props: EntryActionsProps) {
  const { editor, formId, submitLabel, requireChange, previewHref, onDelete, onCopy, onPaste, onDuplicate } = props;
  const isSmall = useMediaQuery(SMALL_SCREEN);
  // Someone who may only read keeps every action that changes nothing; one who can fork keeps all.
  const canWrite = useWriteAccess() !== 'read';
  const fileOnGithub = useFileOnHost(editor.savedDataPath);
  const isBusy = editor.pending !== null || !canWrite;
  /** The action that waited for the fork, run again on it. */
  const resume = () => {
    const action = editor.needsFork;
    editor.dismissFork();
    if (action === 'save') (document.getElementById(formId) as HTMLFormElement | null)?.requestSubmit();
    if (action === 'delete') onDelete?.();
  };
  const actions: Action[] = [
    onDelete && { id: 'delete', icon: 'trash' as const, label: t('entry.delete'), isDisabled: isBusy, onAction: onDelete },
    onCopy && { id: 'copy', icon: 'copy' as const, label: t('entry.copy'), isDisabled: false, onAction: onCopy },
    onPaste && { id: 'paste', icon: 'paste' as const, label: t('entry.paste'), isDisabled: isBusy, onAction: onPaste },
    onDuplicate && { id: 'duplicate', icon: 'duplicate' as const, label: t('entry.duplicate'), isDisabled: isBusy, onAction: onDuplicate },
  ].filter((action) => action !== undefined);
  return (
    <>
      {editor.isDirty && <Badge>{t('entry.unsaved')}</Badge>}
      <IconButton icon="reset" label={t('entry.reset')} isDisabled={!editor.isDirty} onPress={editor.reset} />
      {isSmall ? (
        <MoreActions actions={actions} previewHref={previewHref ?? null} fileHref={fileOnGithub} />
      ) : (
        <>
          {actions.map((action) => (
            <IconButton key={action.id} icon={action.icon} label={action.label} isDisabled={action.isDisabled} onPress={action.onAction} />
          ))}
          {previewHref && (
            <IconLink icon="external" label={t('entry.preview')} href={previewHref} target="_blank" rel="noopener noreferrer" />
          )}
          {fileOnGithub !== null && (
            <IconLink icon="file" label={t('repository.view')} href={fileOnGithub} target="_blank" rel="noopener noreferrer" />
          )}
        </>
      )}
      <Button
        tone="primary"
        type="submit"
        form={formId}
        isPending={editor.pending === 'save'}
        isDisabled={(requireChange && !editor.isDirty) || !canWrite}
      >
        {submitLabel}
      </Button>
      {editor.needsFork !== null && <ForkRepoDialog onDismiss={editor.dismissFork} onCreate={resume} />}
    </>
  );
}

type MoreActionsProps = { actions: Action[]; previewHref: string | null; fileHref: string | null };

function MoreActions({ actions, previewHref, fileHref }: MoreActionsProps) {
  if (actions.length === 0 && previewHref === null && fileHref === null) return null;
  return (
    <MenuTrigger>
      <IconButton icon="more" label={t('entry.moreActions')} />
      <Popover className="popover" placement="bottom end">
        <Menu className="menu" aria-label={t('entry.moreActions')} disabledKeys={actions.filter((a) => a.isDisabled).map((a) => a.id)}>
          {actions.map((action) => (
            <MenuItem key={action.id} id={action.id} className="menu-item" onAction={action.onAction}>
              <Icon name={action.icon} size={16} />
              {action.label}
            </MenuItem>
          ))}
          {previewHref !== null && (
            <MenuItem id="preview" className="menu-item" href={previewHref} target="_blank" rel="noopener noreferrer">
              <Icon name="external" size={16} />
              {t('entry.preview')}
            </MenuItem>
          )}
          {fileHref !== null && (
            <MenuItem id="file" className="menu-item" href={fileHref} target="_blank" rel="noopener noreferrer">
              <Icon name="file" size={16} />
              {t('repository.view')}
            </MenuItem>
          )}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}

/** The saved entry's data file on the host of the repository, where it has one. */
function useFileOnHost(path: string | null): string | null {
  const repository = useRepository();
  const branch = useCurrentBranch();
  if (repository === null || branch === null || path === null) return null;
  const encode = (text: string) => text.split('/').map(encodeURIComponent).join('/');
  return repository.fileUrl.replace('{branch}', encode(branch)).replace('{path}', encode(path));
}
