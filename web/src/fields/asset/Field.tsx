/**
 * File and image fields: a drop zone with a file picker while empty; once chosen, the file's name (and
 * an image's preview) with Replace and Remove. States: empty, loading (reading the file), good, error
 * (unreadable, not an image, or a stored name whose file is missing).
 */
import { useEffect, useState } from 'react';
import { DropZone, FileTrigger } from 'react-aria-components';
import type { DropItem, FileDropItem } from 'react-aria-components';
import type { AssetField } from '../../api/config';
import { fixPath } from '../../lib/fixPath';
import { t } from '../../lib/messages/format';
import { Button } from '../../ui/Button';
import { FieldGroup } from '../../ui/FieldGroup';
import { Icon } from '../../ui/icons';
import { Spinner } from '../../ui/Spinner';
import type { FieldProps } from '../FieldProps';
import type { AssetState } from './schema';
import { imagePickerAccept, imagePreviewUrl } from '../../lib/imagePreview';
import { isImageFile, readUpload } from './upload';

type Status = { kind: 'idle' } | { kind: 'loading' } | { kind: 'failed'; message: string };

export function AssetFieldView({ field, state, onChange, onBlur, error, context }: FieldProps<AssetField, AssetState | null>) {
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const isImage = field.kind === 'image';

  const take = async (file: File | undefined) => {
    if (file === undefined) return;
    if (isImage && !isImageFile(file)) {
      setStatus({ kind: 'failed', message: t('asset.notImage', { name: file.name }) });
      return;
    }
    setStatus({ kind: 'loading' });
    try {
      const upload = await readUpload(file);
      const { freeFileName } = context;
      const folder = field.directory === null ? null : fixPath(field.directory);
      onChange(freeFileName === undefined || upload.bytes === null ? upload : { ...upload, filename: freeFileName({ directory: folder, filename: upload.filename }, upload.bytes) });
      setStatus({ kind: 'idle' });
    } catch {
      setStatus({ kind: 'failed', message: t('asset.unreadable', { name: file.name }) });
    }
    onBlur();
  };
  const drop = async (items: DropItem[]) => {
    const item = items.find((candidate): candidate is FileDropItem => candidate.kind === 'file');
    await take(item ? await item.getFile() : undefined);
  };
  const picker = (label: string) => (
    <FileTrigger acceptedFileTypes={isImage ? imagePickerAccept.split(',') : undefined} onSelect={(files) => void take(files?.[0])}>
      <Button>{label}</Button>
    </FileTrigger>
  );

  return (
    <FieldGroup label={field.label} description={field.description} error={error} isRequired={field.validation.isRequired}>
      <DropZone className="asset-drop" onDrop={(event) => void drop(event.items)} aria-label={t('asset.dropLabel', { label: field.label })}>
        {status.kind === 'loading' ? (
          <div className="asset-empty">
            <Spinner label={t('asset.loading')} />
          </div>
        ) : state === null ? (
          <div className="asset-empty">
            <Icon name={isImage ? 'image' : 'upload'} size={28} />
            <p className="asset-drop-hint">{t(isImage ? 'asset.dropImage' : 'asset.dropFile')}</p>
            {picker(t(isImage ? 'asset.chooseImage' : 'asset.chooseFile'))}
          </div>
        ) : (
          <div className="asset-chosen">
            {isImage && state.bytes !== null ? <ImagePreview state={state} /> : <Icon name="file" size={28} />}
            <div className="asset-details">
              <span className="asset-name">{state.filename}</span>
              {state.bytes === null ? (
                <span className="asset-missing">{t('asset.missing')}</span>
              ) : (
                <span className="field-description">{formatSize(state.bytes.length)}</span>
              )}
            </div>
            <div className="asset-actions">
              {picker(t('asset.replace'))}
              <Button
                onPress={() => {
                  onChange(null);
                  setStatus({ kind: 'idle' });
                  onBlur();
                }}
              >
                {t('asset.remove')}
              </Button>
            </div>
          </div>
        )}
      </DropZone>
      {status.kind === 'failed' && <p className="field-error">{status.message}</p>}
    </FieldGroup>
  );
}

function ImagePreview({ state }: { state: AssetState }) {
  // The picture made for a state (an SVG is drawn first, so it arrives later); null: none could be.
  const [shown, setShown] = useState<{ state: AssetState; url: string | null } | null>(null);
  useEffect(() => {
    const { bytes, extension } = state;
    if (bytes === null) return;
    let made: string | null = null;
    let current = true;
    void imagePreviewUrl(bytes, extension).then((url) => {
      made = url;
      if (current) setShown({ state, url });
      else if (url !== null) URL.revokeObjectURL(url);
    });
    return () => {
      current = false;
      if (made !== null) URL.revokeObjectURL(made);
    };
  }, [state]);
  const [broken, setBroken] = useState<string | null>(null);
  if (state.bytes !== null && shown?.state !== state) return <span className="asset-broken" />;
  const url = state.bytes === null ? null : (shown?.url ?? null);
  if (url === null || broken === url) return <span className="asset-broken">{t('asset.noPreview')}</span>;
  return <img className="asset-preview" src={url} alt="" onError={() => setBroken(url)} />;
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return t('asset.bytes', { count: bytes });
  const kilobytes = bytes / 1024;
  return kilobytes < 1024 ? t('asset.kilobytes', { count: kilobytes.toFixed(1) }) : t('asset.megabytes', { count: (kilobytes / 1024).toFixed(1) });
}
