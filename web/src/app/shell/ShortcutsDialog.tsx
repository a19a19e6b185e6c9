/**
 * The keyboard shortcut list ('?' opens it): the admin's own, the editor's, and what typing at a
 * line's start turns into, with the platform's names for the keys.
 */
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { editorShortcuts, typedShortcuts } from '../../editor/shortcuts';
import type { Shortcut } from '../../editor/shortcuts';
import { shortcutLabel } from '../../editor/toolbar/shortcutLabel';
import { t } from '../../lib/messages/format';
import { Button } from '../../ui/Button';

/** Shown while mounted; `onClose` runs when it is dismissed. */
export function ShortcutsDialog({ onClose }: { onClose(): void }) {
  const admin: Shortcut[] = [
    { label: t('entry.save'), keys: 'Mod-s' },
    { label: t('list.search'), keys: 'Mod-f' },
    { label: t('shortcuts.title'), keys: '?' },
  ];
  const typed = typedShortcuts().map(({ label, typed }) => ({ label, key: typed }));
  return (
    <ModalOverlay isOpen onOpenChange={(isOpen) => !isOpen && onClose()} isDismissable className="modal-overlay">
      <Modal className="modal shortcuts-modal">
        <Dialog className="dialog">
          {({ close }) => (
            <>
              <Heading slot="title" className="dialog-title">
                {t('shortcuts.title')}
              </Heading>
              {/* Scrolls when the window is short: reachable by keyboard to scroll. */}
              <div className="shortcuts" tabIndex={0}>
                <ShortcutGroup title={t('shortcuts.admin')} rows={admin.map(({ label, keys }) => ({ label, key: shortcutLabel(keys) }))} />
                <ShortcutGroup
                  title={t('shortcuts.editor')}
                  rows={editorShortcuts().map(({ label, keys }) => ({ label, key: shortcutLabel(keys) }))}
                />
                <ShortcutGroup title={t('shortcuts.typed')} rows={typed} />
              </div>
              <div className="dialog-actions">
                <Button autoFocus onPress={close}>
                  {t('shortcuts.close')}
                </Button>
              </div>
            </>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

function ShortcutGroup({ title, rows }: { title: string; rows: { label: string; key: string }[] }) {
  return (
    <section className="shortcut-group">
      <h3 className="shortcut-group-title">{title}</h3>
      <dl className="shortcut-list">
        {rows.map(({ label, key }) => (
          <div key={`${label} ${key}`} className="shortcut">
            <dt>{label}</dt>
            <dd>
              <kbd>{key}</kbd>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
