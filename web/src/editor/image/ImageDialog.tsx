/**
 * The image details dialog: File name (its extension fixed, shown after the input), Alt text and
 * Title (labelled and checked as the field's `image.schema` says, when it does). Each message shows
 * once its input was left or a submit was tried ('Please provide a file name.' for an empty name),
 * and a submit is refused while any input has one.
 */
import { useState, useSyncExternalStore } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import type { Node } from 'prosemirror-model';
import { Button } from '../../ui/Button';
import { FirstFieldFocus } from '../../ui/FormDialog';
import { TextInputField } from '../../ui/TextInputField';
import { et } from '../messages';
import type { EditorStore } from '../view/EditorStore';
import { editorSchemaOf } from '../schema/createSchema';
import { applyImageDetails, closeImageDialog, imageDialogKey } from './imageCommands';
import { fileNameError, splitFilename } from './imageName';
import type { ImageText } from './imageText';

export function ImageDialog({ store }: { store: EditorStore }) {
  const state = useSyncExternalStore(store.subscribe, store.getState);
  const dialog = imageDialogKey.getState(state) ?? null;
  const node = dialog === null ? null : state.doc.nodeAt(dialog.pos);
  if (dialog === null || node === null || node.type.name !== 'image') return null;
  // Keyed by the place, so each opening starts from the image's own details.
  return <ImageForm key={dialog.pos} store={store} image={node} text={editorSchemaOf(state.schema).imageText} />;
}

type Input = 'name' | 'alt' | 'title';

function ImageForm({ store, image, text }: { store: EditorStore; image: Node; text: ImageText }) {
  const { base, extension } = splitFilename(image.attrs.filename as string);
  const [name, setName] = useState(base);
  const [alt, setAlt] = useState(image.attrs.alt as string);
  const [title, setTitle] = useState(image.attrs.title as string);
  const [touched, setTouched] = useState<ReadonlySet<Input>>(() => new Set());
  const touch = (input: Input) => setTouched((current) => new Set(current).add(input));
  const errors: Record<Input, string | null> = {
    name: fileNameError(name),
    alt: text.alt?.validate(alt) ?? null,
    title: text.title?.validate(title) ?? null,
  };
  const shown = (input: Input) => (touched.has(input) ? errors[input] : null);
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
              setTouched(new Set<Input>(['name', 'alt', 'title']));
              if (Object.values(errors).every((error) => error === null)) {
                store.run(applyImageDetails({ filename: `${name.trim()}${extension}`, alt, title }));
              }
            }}
          >
            <TextInputField
              label={et('image.filename')}
              value={name}
              onChange={setName}
              onBlur={() => touch('name')}
              error={shown('name')}
              isRequired
              trailing={extension === '' ? undefined : <span className="editor-image-extension">{extension}</span>}
            />
            <TextInputField
              label={text.alt?.label ?? et('image.alt')}
              description={text.alt === null ? et('image.altDescription') : (text.alt.description ?? undefined)}
              value={alt}
              onChange={setAlt}
              onBlur={() => touch('alt')}
              error={shown('alt')}
              isRequired={text.alt?.isRequired}
            />
            <TextInputField
              label={text.title?.label ?? et('image.title')}
              description={text.title?.description ?? undefined}
              value={title}
              onChange={setTitle}
              onBlur={() => touch('title')}
              error={shown('title')}
              isRequired={text.title?.isRequired}
            />
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
