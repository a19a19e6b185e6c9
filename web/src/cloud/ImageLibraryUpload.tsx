/**
 * Uploading to a project's image library: files chosen with the upload button or dropped anywhere
 * on the library, several at once, each sent on its own with its progress shown and, if it fails,
 * the reason beside it. A file the cloud would refuse for its kind or size is refused here, in the
 * cloud's words, without sending it. Once a batch is done, the library is loaded again.
 */
import { useCallback, useId, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { DropZone, FileTrigger, isFileDropItem } from 'react-aria-components';
import { Button } from '../ui/Button';
import { Icon } from '../ui/icons';
import { IMAGE_MAX, IMAGE_TYPES, uploadImage } from './api';
import { ct } from './messages';
import { ActionError, errorText } from './Page';

/** A file given to the library: being sent (`sent`, 0 to 1), sent, or refused and why. */
export type Upload = { id: number; name: string; sent: number; state: 'sending' | 'done' | 'failed'; error: string | null };

/** Why the cloud would refuse `file` before reading its bytes; null when it may go. */
export function refusalOf(file: File): string | null {
  if (!IMAGE_TYPES.includes(file.type)) return ct('library.wrongType');
  if (file.size > IMAGE_MAX) return ct('library.tooLarge');
  return null;
}

/** The files given to the library, and `add` to give more; `changed` runs once a batch has landed. */
export function useUploads(team: string, project: string, changed: () => void) {
  const [list, setList] = useState<Upload[]>([]);
  const next = useRef(0);
  const add = useCallback(
    (files: File[]) => {
      if (files.length === 0) return;
      const batch = files.map((file) => {
        const error = refusalOf(file);
        const upload: Upload = { id: next.current++, name: file.name, sent: 0, state: error === null ? 'sending' : 'failed', error };
        return { file, upload };
      });
      // What an earlier batch finished makes way for this one; what it still sends stays.
      setList((current) => [...current.filter((upload) => upload.state === 'sending'), ...batch.map(({ upload }) => upload)]);
      const update = (id: number, change: Partial<Upload>) =>
        setList((current) => current.map((upload) => (upload.id === id ? { ...upload, ...change } : upload)));
      const sending = batch.filter(({ upload }) => upload.state === 'sending');
      if (sending.length === 0) return;
      void Promise.all(
        sending.map(({ file, upload }) =>
          uploadImage(team, project, file, (sent) => update(upload.id, { sent })).then(
            () => {
              update(upload.id, { state: 'done', sent: 1 });
              return true;
            },
            (failure: unknown) => {
              update(upload.id, { state: 'failed', error: errorText(failure) });
              return false;
            },
          ),
        ),
      ).then((landed) => {
        if (landed.some(Boolean)) changed();
      });
    },
    [team, project, changed],
  );
  return { list, add };
}

/** Opens the file chooser, for the four kinds of image and several files at once. */
export function UploadButton({ add }: { add(files: File[]): void }) {
  const helpId = useId();
  return (
    <div className="cloud-upload-button">
      <FileTrigger acceptedFileTypes={IMAGE_TYPES} allowsMultiple onSelect={(files) => add(files === null ? [] : [...files])}>
        <Button tone="primary" aria-describedby={helpId}>
          <Icon name="upload" size={16} />
          {ct('library.upload')}
        </Button>
      </FileTrigger>
      <p className="cloud-muted" id={helpId}>
        {ct('library.uploadHelp')}
      </p>
    </div>
  );
}

/** The library as a place to drop files on; it says so while they are dragged over it. */
export function DropArea({ add, children }: { add(files: File[]): void; children: ReactNode }) {
  return (
    <DropZone
      className="cloud-drop"
      aria-label={ct('library.drop')}
      onDrop={(event) => {
        void Promise.all(event.items.filter(isFileDropItem).map((item) => item.getFile())).then(add);
      }}
    >
      {({ isDropTarget }) => (
        <>
          {children}
          {isDropTarget && (
            <div className="cloud-drop-hint" aria-hidden="true">
              <Icon name="upload" />
              {ct('library.drop')}
            </div>
          )}
        </>
      )}
    </DropZone>
  );
}

/**
 * Each file given: its progress while it is sent (a progress bar named by the file), then that it
 * was, read out, or why it was not, beside its name.
 */
export function UploadList({ uploads }: { uploads: Upload[] }) {
  if (uploads.length === 0) return null;
  return (
    <ul className="cloud-uploads" aria-label={ct('library.uploads')}>
      {uploads.map((upload) => (
        <li key={upload.id} className="cloud-upload">
          <div className="cloud-upload-top">
            <span className="cloud-upload-name">
              <bdi>{upload.name}</bdi>
            </span>
            <span className="cloud-sent" role="status">
              {upload.state === 'done' ? ct('library.uploaded') : ''}
            </span>
          </div>
          {upload.state === 'sending' && <Progress label={upload.name} sent={upload.sent} />}
          {upload.state === 'failed' && <ActionError error={upload.error} />}
        </li>
      ))}
    </ul>
  );
}

/**
 * A progress bar named `label`, `sent` (0 to 1) of the way. Not react-aria's ProgressBar: its module
 * is also the one the admin's buttons take their pending state from, so using it here would grow
 * the admin's first load.
 */
function Progress({ label, sent }: { label: string; sent: number }) {
  const percent = Math.round(sent * 100);
  return (
    <div
      className="cloud-progress-track"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
    >
      <div className="cloud-progress-fill" style={{ inlineSize: `${percent}%` }} />
    </div>
  );
}
