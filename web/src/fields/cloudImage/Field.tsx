/**
 * Cloud images: the URL (pasting JSON, Markdown image syntax or a bare URL fills what it carries; a
 * bare URL of the cloud's own images also brings their alt text and size), alt text, and whole-number
 * dimensions that a lock keeps in proportion. An image may be uploaded to the cloud (chosen with
 * Upload, dropped on the field or pasted into it; not by a viewer of the team) or, when the team
 * has images on, chosen from its library. States: empty (a placeholder where the preview goes),
 * loading (the upload's progress there), good (the preview), error (a refused or failed upload
 * keeps what the field held, and a toast says why).
 */
import { Suspense, useLayoutEffect, useRef, useState } from 'react';
import type { ClipboardEvent } from 'react';
import { DropZone, FileTrigger, ToggleButton, isFileDropItem } from 'react-aria-components';
import type { CloudImageField } from '../../api/config';
import { t } from '../../lib/messages/format';
import { Button } from '../../ui/Button';
import { FieldGroup } from '../../ui/FieldGroup';
import { Icon } from '../../ui/icons';
import { lazyComponent } from '../../ui/lazyComponent';
import { Spinner } from '../../ui/Spinner';
import { TextInputField } from '../../ui/TextInputField';
import { useMounted } from '../../ui/useMounted';
import { WholeNumberField } from '../../ui/WholeNumberField';
import type { FieldProps } from '../FieldProps';
import { proportional, wholeDimension } from './dimensions';
import { isCloudImageUrl, withLookedUp } from './lookup';
import { parsePastedImage } from './paste';
import type { CloudImageState } from './schema';
import { UPLOAD_TYPES, uploadsOffered } from './upload';
import { useCloudUpload } from './useCloudUpload';
import type { UploadStatus } from './useCloudUpload';

const LibraryDialog = lazyComponent(() => import('./LibraryDialog').then((module) => module.LibraryDialog));

export function CloudImageFieldView({ field, state, onChange, onBlur, error, context }: FieldProps<CloudImageField, CloudImageState>) {
  const cloud = context.cloudImages;
  const session = cloud?.session ?? null;
  const canUpload = uploadsOffered(cloud);
  // Width ÷ height while the proportions are locked, else null.
  const [ratio, setRatio] = useState<number | null>(null);
  const set = (patch: Partial<CloudImageState>) => onChange({ ...state, ...patch });
  const setWidth = (value: number) => {
    const width = wholeDimension(value);
    set({ width, height: proportional(width, ratio, 'width') ?? state.height });
  };
  const setHeight = (value: number) => {
    const height = wholeDimension(value);
    set({ height, width: proportional(height, ratio, 'height') ?? state.width });
  };
  const lockedRatio = state.width !== null && state.height !== null && state.height > 0 ? state.width / state.height : null;

  // Answers (an upload, a look-up) come after the field may have changed: they change what it holds then.
  const latest = useRef({ state, onChange });
  useLayoutEffect(() => {
    latest.current = { state, onChange };
  });
  const mounted = useMounted();
  const replace = (next: (current: CloudImageState) => CloudImageState) => {
    setRatio(null);
    latest.current.onChange(next(latest.current.state));
  };

  const upload = useCloudUpload(cloud, ({ src, width, height }) => {
    replace((current) => ({ ...current, src, width: Math.round(width), height: Math.round(height) }));
    onBlur();
  });

  // The address being looked up, while it is.
  const [lookingUp, setLookingUp] = useState<string | null>(null);
  const lookUp = (src: string) => {
    if (cloud === undefined || session === null || !isCloudImageUrl(src, session.url)) return;
    setLookingUp(src);
    void cloud.lookUp(src).then((found) => {
      if (!mounted.current) return;
      setLookingUp((current) => (current === src ? null : current));
      // Only for the address still there: one typed since wins.
      if (found !== null && latest.current.state.src === src) replace((current) => withLookedUp(current, found));
    });
  };

  const [libraryOpen, setLibraryOpen] = useState(false);

  // An image file pasted anywhere in the field is uploaded (not one pasted into the library's search).
  const pasteFile = (event: ClipboardEvent<HTMLDivElement>) => {
    const file = event.clipboardData.files[0];
    if (file === undefined || !event.currentTarget.contains(event.target as Node)) return;
    event.preventDefault();
    upload.take(file);
  };

  return (
    <FieldGroup label={field.label} description={field.description}>
      <div onPaste={pasteFile}>
        <DropZone
          className="cloud-image"
          aria-label={t('cloudImage.dropLabel', { label: field.label })}
          getDropOperation={(types) => (canUpload && types.has('image/*') ? 'copy' : 'cancel')}
          onDrop={(event) => {
            const item = event.items.find(isFileDropItem);
            if (item !== undefined) void item.getFile().then(upload.take);
          }}
        >
          <div className="cloud-image-media">{upload.status.kind === 'sending' ? <UploadProgress status={upload.status} /> : <Preview src={state.src} />}</div>
          <div className="cloud-image-inputs">
            <TextInputField
              label={t('cloudImage.url')}
              type="url"
              value={state.src}
              onChange={(src) => set({ src })}
              onBlur={onBlur}
              error={error}
              isRequired={field.validation.isRequired}
              trailing={
                lookingUp !== null && lookingUp === state.src ? (
                  <span className="cloud-image-lookup">
                    <Spinner label={t('cloudImage.lookingUp')} />
                  </span>
                ) : null
              }
              onPaste={(event) => {
                // A file goes to the field's own paste (an upload).
                if (event.clipboardData.files.length > 0) return;
                const pasted = parsePastedImage(event.clipboardData.getData('text/plain'));
                if (pasted === null) return;
                event.preventDefault();
                setRatio(null);
                set(pasted);
                // Only an address: the cloud may know the rest.
                if (Object.keys(pasted).length === 1) lookUp(pasted.src);
              }}
            />
            <div className="cloud-image-actions">
              {canUpload && (
                <FileTrigger
                  acceptedFileTypes={UPLOAD_TYPES}
                  onSelect={(files) => {
                    const file = files?.[0];
                    if (file !== undefined) upload.take(file);
                  }}
                >
                  <Button isPending={upload.status.kind === 'sending'}>
                    <Icon name="upload" size={16} />
                    {t('cloudImage.upload')}
                  </Button>
                </FileTrigger>
              )}
              {cloud !== undefined && session?.hasLibrary === true && (
                <Button onPress={() => setLibraryOpen(true)}>
                  <Icon name="image" size={16} />
                  {t('cloudImage.chooseFromLibrary')}
                </Button>
              )}
            </div>
            <TextInputField label={t('cloudImage.alt')} value={state.alt} onChange={(alt) => set({ alt })} onBlur={onBlur} />
            <div className="cloud-image-dimensions">
              <WholeNumberField label={t('cloudImage.width')} value={state.width} onChange={setWidth} onBlur={onBlur} />
              <ToggleButton
                className="icon-button lock-toggle"
                aria-label={t('cloudImage.keepProportions')}
                isSelected={ratio !== null}
                isDisabled={lockedRatio === null && ratio === null}
                onChange={(locked) => setRatio(locked ? lockedRatio : null)}
              >
                <Icon name={ratio === null ? 'unlock' : 'lock'} />
              </ToggleButton>
              <WholeNumberField label={t('cloudImage.height')} value={state.height} onChange={setHeight} onBlur={onBlur} />
            </div>
          </div>
        </DropZone>
      </div>
      {libraryOpen && cloud !== undefined && (
        <Suspense fallback={null}>
          <LibraryDialog
            list={cloud.list}
            onClose={() => setLibraryOpen(false)}
            onChoose={(image) => {
              setLibraryOpen(false);
              replace(() => ({ src: image.src, alt: image.alt, width: Math.round(image.width), height: Math.round(image.height) }));
              onBlur();
            }}
          />
        </Suspense>
      )}
    </FieldGroup>
  );
}

/** Where the preview goes while a file is sent: how much of it went, once the browser says. */
function UploadProgress({ status }: { status: UploadStatus }) {
  if (status.kind !== 'sending' || status.sent === null) return <Spinner label={t('cloudImage.uploading')} />;
  const percent = Math.round(status.sent * 100);
  return (
    <div className="cloud-image-progress" role="progressbar" aria-label={t('cloudImage.uploading')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
      <div className="cloud-image-progress-fill" style={{ inlineSize: `${percent}%` }} />
    </div>
  );
}

/** The image at the URL once it loads; a placeholder while the URL is empty, invalid, broken or loading. */
function Preview({ src }: { src: string }) {
  const [loaded, setLoaded] = useState<string | null>(null);
  const valid = src !== '' && URL.canParse(src);
  return (
    <>
      {valid && (
        <img
          className="cloud-image-preview"
          src={src}
          alt=""
          hidden={loaded !== src}
          onLoad={() => setLoaded(src)}
          onError={() => setLoaded(null)}
        />
      )}
      {(!valid || loaded !== src) && (
        <span className="cloud-image-placeholder">
          <Icon name="image" size={28} />
        </span>
      )}
    </>
  );
}
