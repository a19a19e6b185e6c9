/**
 * File and image fields. The stored string is `<publicPath>/<slug>/<filename>` (or the bare file name
 * without a publicPath); the bytes live in a file of their own, named after the field's prop path
 * plus the uploaded extension (keystatic-formats.md §2.5), or in a content component's props after
 * the upload itself (§2.6).
 */
import type { AssetField } from '../../api/config';
import { fixPath } from '../../lib/fixPath';
import { t } from '../../lib/messages/format';
import { extensionOf } from '../extraFiles';
import type { FileRef } from '../extraFiles';
import { FieldParseError } from '../kind';
import type { FieldSchema } from '../kind';

/**
 * A chosen file. `bytes` is null when the stored name points at a file the site does not have: the
 * stored string is then kept in `filename`, untouched, and written back as it was.
 */
export type AssetState = { filename: string; extension: string; bytes: Uint8Array | null };

export const assetSchema: FieldSchema<AssetField, AssetState | null> = {
  defaultState: () => null,
  parse(field, value, { slug, readFile }) {
    if (value === undefined) return null;
    if (typeof value !== 'string') throw new FieldParseError(t('value.mustBeString'));
    if (value === '') return null;
    const prefix = srcPrefix(field.publicPath, slug);
    const filename = value.startsWith(prefix) ? value.slice(prefix.length) : null;
    const bytes = filename === null || filename === '' ? null : readFile(assetRef(field, filename));
    if (filename === null || bytes === null) return { filename: value, extension: extensionOf(value), bytes: null };
    return { filename, extension: extensionOf(filename), bytes };
  },
  validate: (field, state) => (state === null && field.validation.isRequired ? t('field.required', { label: field.label }) : null),
  serialize(field, state, { slug, path, writeFile, keepUploadNames }) {
    if (state === null) return undefined;
    if (state.bytes === null) return state.filename;
    const named = keepUploadNames === true ? state.filename : path.join('/');
    const filename = keepUploadNames === true || state.extension === '' ? named : `${named}.${state.extension}`;
    writeFile({ ...assetRef(field, filename), contents: state.bytes });
    return `${srcPrefix(field.publicPath, slug)}${filename}`;
  },
};

/** What comes before the file name in the stored string. */
export function srcPrefix(publicPath: string | null, slug: string | undefined): string {
  if (publicPath === null) return '';
  return `${publicPath.replace(/\/*$/, '')}/${slug === undefined ? '' : `${slug}/`}`;
}

function assetRef(field: AssetField, filename: string): FileRef {
  return { directory: field.directory === null ? null : fixPath(field.directory), filename };
}
