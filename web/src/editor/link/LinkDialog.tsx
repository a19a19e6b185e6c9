/**
 * The link dialog: 'Add link' for a selection (or a cursor, where the address becomes the text),
 * 'Edit link' for the link at the cursor. The address is required; 'Please provide a valid URL.'
 * shows once the field was left, and a submit is refused while the address is invalid.
 */
import { useState, useSyncExternalStore } from 'react';
import { Dialog, FieldError, Heading, Input, Label, Modal, ModalOverlay, TextField } from 'react-aria-components';
import { Button } from '../../ui/Button';
import { et } from '../messages';
import type { EditorStore } from '../view/EditorStore';
import { isValidUrl } from './isValidUrl';
import { applyLink, closeLinkDialog, linkDialogKey } from './linkDialog';

export function LinkDialog({ store }: { store: EditorStore }) {
  const state = useSyncExternalStore(store.subscribe, store.getState);
  const dialog = linkDialogKey.getState(state) ?? null;
  if (dialog === null) return null;
  const text = state.doc.textBetween(dialog.from, dialog.to, ' ', ' ');
  // Keyed by the range, so each opening starts from the link's own address.
  return <LinkForm key={`${dialog.from}-${dialog.to}`} store={store} text={text} href={dialog.href} />;
}

function LinkForm({ store, text, href }: { store: EditorStore; text: string; href: string | null }) {
  const [value, setValue] = useState(href ?? '');
  const [touched, setTouched] = useState(false);
  const invalid = !isValidUrl(value);
  const close = () => store.run(closeLinkDialog);
  return (
    <ModalOverlay isOpen isDismissable onOpenChange={(isOpen) => !isOpen && close()} className="modal-overlay">
      <Modal className="modal">
        <Dialog className="dialog editor-link-dialog">
          <Heading slot="title" className="dialog-title">
            {href === null ? et('link.add') : et('link.edit')}
          </Heading>
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              // The dialog sits inside the entry's form: submitting it must not save the entry.
              event.stopPropagation();
              setTouched(true);
              if (!invalid) store.run(applyLink(value.trim()));
            }}
          >
            {text !== '' && (
              <TextField className="field" value={text} isReadOnly>
                <Label className="field-label">{et('link.text')}</Label>
                <div className="field-row">
                  <Input className="input" />
                </div>
              </TextField>
            )}
            <TextField
              className="field"
              value={value}
              onChange={setValue}
              onBlur={() => setTouched(true)}
              isRequired
              isInvalid={touched && invalid}
              validationBehavior="aria"
              autoFocus
            >
              <Label className="field-label">{et('link.href')}</Label>
              <div className="field-row">
                <Input className="input" />
              </div>
              <FieldError className="field-error">{et('link.invalid')}</FieldError>
            </TextField>
            <div className="dialog-actions">
              <Button onPress={close}>{et('link.cancel')}</Button>
              <Button tone="primary" type="submit">
                {et('link.save')}
              </Button>
            </div>
          </form>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
