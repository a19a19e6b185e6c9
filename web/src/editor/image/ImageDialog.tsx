/**
 * The image details dialog: File name (its extension fixed, shown after the input), Alt text and
 * Title. 'Please provide a file name.' shows once the name was left or a submit was tried, and a
 * submit is refused while the name is empty.
 */
import { useState, useSyncExternalStore } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import type { Node } from 'prosemirror-model';
import { Button } from '../../ui/Button';
import { FirstFieldFocus } from '../../ui/FormDialog';
import { TextInputField } from '../../ui/TextInputField';
import { et } from '../messages';
import type { EditorStore } from '../view/EditorStore';
import { applyImageDetails, closeImageDialog, imageDialogKey } from './imageCommands';
import { fileNameError, splitFilename } from './imageName';

export function ImageDialog({ store }: { store: EditorStore }) {
  const state = useSyncExternalStore(store.subscribe, store.getState);
  const dialog = imageDialogKey.getState(state) ?? null;
  const node = dialog === null ? null : state.doc.nodeAt(dialog.pos);
  if (dialog === null || node === null || node.type.name !== 'image') return null;
  // Keyed by the place, so each opening starts from the image's own details.
  return <ImageForm key={dialog.pos} store={store} image={node} />;
}

function ImageForm({ store, image }: { store: EditorStore; image: Node }) {
  const { base, extension } = splitFilename(image.attrs.filename as string);
  const [name, setName] = useState(base);
  const [alt, setAlt] = useState(image.attrs.alt as string);
  const [title, setTitle] = useState(image.attrs.title as string);
  const [touched, setTouched] = useState(false);
  const error = fileNameError(name);
  const close = () => store.run(closeImageDialog);
  return (
    <ModalOverlay isOpen isDismissable onOpenChange={(isOpen) => !isOpen && close()} className="modal-overlay">
      <Modal className="modal">
        <Dialog className="dialog editor-image-dialog">
          <Heading slot="title" className="dialog-title">
            {et('image.details')}
          </Heading>
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              // The dialog sits inside the entry's form: submitting it must not save the entry.
              event.stopPropagation();
              setTouched(true);
              if (error === null) store.run(applyImageDetails({ filename: `${name.trim()}${extension}`, alt, title }));
            }}
          >
            <TextInputField
              label={et('image.filename')}
              value={name}
              onChange={setName}
              onBlur={() => setTouched(true)}
              error={touched ? error : null}
              isRequired
              trailing={extension === '' ? undefined : <span className="editor-image-extension">{extension}</span>}
            />
            <TextInputField label={et('image.alt')} description={et('image.altDescription')} value={alt} onChange={setAlt} />
            <TextInputField label={et('image.title')} value={title} onChange={setTitle} />
            <FirstFieldFocus />
            <div className="dialog-actions">
              <Button onPress={close}>{et('image.cancel')}</Button>
              <Button tone="primary" type="submit">
                {et('image.save')}
              </Button>
            </div>
          </form>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
