/**
 * Which files the cloud takes, checked before any byte is sent, in Keystatic's order and words:
 * smaller than 10 MB, from a person signed in to the cloud, named as a PNG, JPEG, GIF or WebP image.
 */
import { t } from '../../lib/messages/format';
import type { CloudImages } from '../FieldProps';

/**
 * Whether uploads are offered: on a site with a cloud project, not to a viewer of the team. Signed
 * out, they are (Upload then says to sign in first).
 */
export function uploadsOffered(cloud: CloudImages | undefined): boolean {
  return cloud?.offered === true && cloud.session?.canUpload !== false;
}

export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

/** The file chooser's kinds (the name's extension decides: a type may be missing). */
export const UPLOAD_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

/** Why `file` cannot be uploaded, in the words to show; null when it may be sent. */
export function uploadRefusal(file: File, signedIn: boolean): string | null {
  if (file.size > UPLOAD_MAX_BYTES) return t('cloudImage.tooLarge');
  if (!signedIn) return t('cloudImage.signedOut');
  if (!/^.+\.(?:png|jpe?g|gif|webp)$/i.test(file.name)) return t('cloudImage.wrongType');
  return null;
}
