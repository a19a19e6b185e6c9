/**
 * One image of a project's library, in a dialog: a larger preview, its size, and its address to
 * copy into a page; editors and above also write its alt text and delete it, once they confirm,
 * since every page that uses its address then shows a broken image.
 */
import { useState } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { AlertDialog } from '../ui/AlertDialog';
import { Button } from '../ui/Button';
import { TextInputField } from '../ui/TextInputField';
import { transformedImage } from '../lib/cloudImages';
import { deleteImage, setImageAlt } from './api';
import type { LibraryImage } from './api';
import { ct, formatBytes } from './messages';
import { CopyField, useAction } from './Page';

type Props = {
  team: string;
  project: string;
  image: LibraryImage;
  /** Whether the person may change the image (editors and above). */
  editor: boolean;
  onClose(): void;
  onSaved(alt: string): void;
  onDeleted(): void;
};

export function ImageDetails({ team, project, image, editor, onClose, onSaved, onDeleted }: Props) {
  return (
    <ModalOverlay isOpen onOpenChange={(isOpen) => !isOpen && onClose()} isDismissable className="modal-overlay">
      <Modal className="modal cloud-image-modal">
        <Dialog className="dialog">
          <Heading slot="title" className="dialog-title cloud-image-title">
            <bdi>{image.name}</bdi>
          </Heading>
          <img
            className="cloud-image-preview"
            src={transformedImage(image.src, { w: '1200' })}
            alt={image.alt}
            width={image.width}
            height={image.height}
          />
          <dl className="cloud-facts">
            <dt>{ct('library.pixels')}</dt>
            <dd>{ct('library.dimensions', { width: image.width, height: image.height })}</dd>
            <dt>{ct('library.fileSize')}</dt>
            <dd>{formatBytes(image.size)}</dd>
            {!editor && (
              <>
                <dt>{ct('library.alt')}</dt>
                <dd>{image.alt === '' ? <span className="cloud-muted">{ct('library.noAlt')}</span> : <bdi>{image.alt}</bdi>}</dd>
              </>
            )}
          </dl>
          <CopyField label={ct('library.address')} description={ct('library.addressHelp')} value={image.src} />
          {editor && <AltText team={team} project={project} image={image} onSaved={onSaved} />}
          <div className="dialog-actions">
            {editor && <DeleteImage team={team} project={project} image={image} onDeleted={onDeleted} />}
            <Button onPress={onClose}>{ct('library.close')}</Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

function AltText({ team, project, image, onSaved }: { team: string; project: string; image: LibraryImage; onSaved(alt: string): void }) {
  const [alt, setAlt] = useState(image.alt);
  const [saved, setSaved] = useState(false);
  const action = useAction();
  const save = async () => {
    setSaved(false);
    const text = alt.trim();
    const done = await action.run(() => setImageAlt(team, project, image.id, text));
    setSaved(done);
    if (done) onSaved(text);
  };
  return (
    <form
      className="cloud-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <TextInputField
        label={ct('library.alt')}
        description={ct('library.altHelp')}
        multiline
        value={alt}
        onChange={(value) => {
          setAlt(value);
          setSaved(false);
        }}
        error={action.error}
      />
      <div className="cloud-actions">
        <Button tone="primary" type="submit" isPending={action.isPending}>
          {ct('library.saveAlt')}
        </Button>
        <p className="cloud-status" role="status">
          {saved ? ct('form.saved') : ''}
        </p>
      </div>
    </form>
  );
}

function DeleteImage({ team, project, image, onDeleted }: { team: string; project: string; image: LibraryImage; onDeleted(): void }) {
  const [confirming, setConfirming] = useState(false);
  const action = useAction();
  return (
    <>
      <Button tone="critical" onPress={() => setConfirming(true)}>
        {ct('library.delete')}
      </Button>
      <AlertDialog
        isOpen={confirming}
        onOpenChange={setConfirming}
        title={ct('library.deleteTitle', { name: image.name })}
        message={action.error ?? ct('library.deleteMessage')}
        cancelLabel={ct('form.cancel')}
        confirmLabel={ct('library.delete')}
        isPending={action.isPending}
        onConfirm={() =>
          void action.run(() => deleteImage(team, project, image.id)).then((done) => {
            if (!done) return;
            setConfirming(false);
            onDeleted();
          })
        }
      />
    </>
  );
}
