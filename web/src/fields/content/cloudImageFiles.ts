/**
 * Image files pasted or dropped into the text of a content field that has a cloud image block
 * (Keystatic's `handleFile`): checked and uploaded as the cloud image field does it, in its words,
 * then inserted as that block with the image's address and size. A file refused before sending is
 * a critical toast and goes to the field's own images, if it has them, as in Keystatic.
 */
import type { ContentField } from '../../api/config';
import type { TakeFile } from '../../editor/components';
import { t } from '../../lib/messages/format';
import type { ToastOptions } from '../../ui/Toast';
import type { CloudImages } from '../FieldProps';
import { uploadRefusal, uploadsOffered } from '../cloudImage/upload';

/** The field's cloud image block, if it has one: the first such component. */
export function cloudImageComponent(field: ContentField): string | null {
  return Object.entries(field.components ?? {}).find(([, component]) => component.cloudImage)?.[0] ?? null;
}

/** What takes files for the field's cloud image block; undefined without one. */
export function cloudImageTaker(
  field: ContentField,
  images: CloudImages | undefined,
  showToast: (message: string, options?: ToastOptions) => () => void,
): TakeFile | undefined {
  const component = cloudImageComponent(field);
  if (component === null) return undefined;
  return (file) => {
    // Where uploads are not offered, nothing is sent: the file is the field's own image.
    if (!uploadsOffered(images)) return null;
    const refusal = uploadRefusal(file, images?.session != null);
    if (refusal !== null || images === undefined) {
      showToast(refusal ?? t('cloudImage.signedOut'), { tone: 'critical' });
      return null;
    }
    // Said while the file is sent (however long that takes), gone when it arrived.
    const sending = showToast(t('cloudImage.uploading'), { tone: 'neutral', timeoutMs: 10 * 60 * 1000 });
    const props = images.upload(file, () => {}).then(
      ({ src, width, height }) => {
        sending();
        return { src, alt: '', height: Math.round(height), width: Math.round(width) };
      },
      (error: unknown) => {
        sending();
        showToast(error instanceof Error ? error.message : String(error), { tone: 'critical' });
        throw error;
      },
    );
    return { component, props };
  };
}
