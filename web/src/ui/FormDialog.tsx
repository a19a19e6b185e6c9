/**
 * A modal form: a title, fields, Cancel and a confirming button. Confirming submits the form, so
 * Enter in a text input confirms too; the caller decides whether the dialog closes.
 */
import { useEffect, useId, useRef } from 'react';
import type { ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button } from './Button';

type FormDialogProps = {
  title: string;
  subtitle?: string | null;
  cancelLabel: string;
  confirmLabel: string;
  onCancel(): void;
  onConfirm(): void;
  /** While the confirmed action runs: the confirming button spins and neither button can be pressed. */
  isPending?: boolean;
  children: ReactNode;
};

export function FormDialog(props: FormDialogProps) {
  const { title, subtitle, cancelLabel, confirmLabel, onCancel, onConfirm, isPending = false, children } = props;
  const formId = useId();
  return (
    <ModalOverlay isOpen onOpenChange={(isOpen) => !isOpen && onCancel()} isDismissable className="modal-overlay">
      <Modal className="modal modal-form">
        <Dialog className="dialog">
          <Heading slot="title" className="dialog-title">
            {title}
          </Heading>
          {subtitle && <p className="dialog-subtitle">{subtitle}</p>}
          <form
            id={formId}
            className="dialog-form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              // A form inside a field's own form must not submit the entry around it.
              event.stopPropagation();
              onConfirm();
            }}
          >
            {children}
            <FirstFieldFocus />
          </form>
          <div className="dialog-actions">
            <Button onPress={onCancel} isDisabled={isPending}>
              {cancelLabel}
            </Button>
            <Button tone="primary" type="submit" form={formId} isPending={isPending}>
              {confirmLabel}
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

/**
 * Puts focus on the form's first field as the dialog opens (the dialog itself would have it
 * otherwise), unless a field asked for it. Its effect runs before the dialog's own, which then
 * leaves focus where it is.
 */
export function FirstFieldFocus() {
  const marker = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const form = marker.current?.closest('form');
    if (form === null || form === undefined || form.contains(document.activeElement)) return;
    form.querySelector<HTMLElement>('input:not([type=hidden]):not([disabled]), textarea, select')?.focus();
  }, []);
  return <span ref={marker} hidden />;
}
