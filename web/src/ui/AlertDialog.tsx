/**
 * A modal confirmation, for destructive actions by default; Cancel has the focus so Enter never
 * destroys.
 */
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button } from './Button';
import type { Tone } from './Button';

type AlertDialogProps = {
  isOpen: boolean;
  onOpenChange(isOpen: boolean): void;
  title: string;
  message: string;
  cancelLabel: string;
  confirmLabel: string;
  onConfirm(): void;
  isPending?: boolean;
  /** The confirming button's tone: `primary` for confirmations that destroy nothing. */
  confirmTone?: Tone;
  /** What the action is about, named one by one (the entries a deletion takes). */
  items?: readonly string[];
};

export function AlertDialog(props: AlertDialogProps) {
  const { isOpen, onOpenChange, title, message, cancelLabel, confirmLabel, onConfirm, isPending = false, confirmTone = 'critical', items = [] } = props;
  return (
    <ModalOverlay isOpen={isOpen} onOpenChange={onOpenChange} isDismissable className="modal-overlay">
      <Modal className="modal">
        <Dialog role="alertdialog" className="dialog">
          {({ close }) => (
            <>
              <Heading slot="title" className="dialog-title">
                {title}
              </Heading>
              <p className="dialog-message">{message}</p>
              {items.length > 0 && (
                <ul className="dialog-items">
                  {items.map((item) => (
                    <li key={item}>
                      <bdi>{item}</bdi>
                    </li>
                  ))}
                </ul>
              )}
              <div className="dialog-actions">
                <Button autoFocus onPress={close}>
                  {cancelLabel}
                </Button>
                <Button tone={confirmTone} onPress={onConfirm} isPending={isPending}>
                  {confirmLabel}
                </Button>
              </div>
            </>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
