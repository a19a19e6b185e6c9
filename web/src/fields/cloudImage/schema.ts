/**
 * Cloud image fields: an image by URL, stored as `{ src, alt, height, width }` whose parts follow the
 * text and integer rules (an empty text or a missing number is left out, so the mapping may be `{}`).
 */
import type { CloudImageField } from '../../api/config';
import { t } from '../../lib/messages/format';
import { FieldParseError, parseAt } from '../kind';
import type { FieldSchema } from '../kind';
import { readMapping, storedAt } from '../mapping';

export type CloudImageState = { src: string; alt: string; width: number | null; height: number | null };

export const emptyCloudImage: CloudImageState = { src: '', alt: '', width: null, height: null };

const keys = ['src', 'alt', 'height', 'width'] as const;

export const cloudImageSchema: FieldSchema<CloudImageField, CloudImageState> = {
  defaultState: () => emptyCloudImage,
  parse(_field, value) {
    if (value === undefined) return emptyCloudImage;
    const stored = readMapping(value, keys);
    return {
      src: parseAt('src', () => readText(storedAt(stored, 'src'))),
      alt: parseAt('alt', () => readText(storedAt(stored, 'alt'))),
      width: parseAt('width', () => readDimension(storedAt(stored, 'width'))),
      height: parseAt('height', () => readDimension(storedAt(stored, 'height'))),
    };
  },
  validate: (field, state) => (state.src === '' && field.validation.isRequired ? t('cloudImage.required') : null),
  serialize(_field, state) {
    const stored: Record<string, string | number> = {};
    if (state.src !== '') stored.src = state.src;
    if (state.alt !== '') stored.alt = state.alt;
    if (state.height !== null) stored.height = state.height;
    if (state.width !== null) stored.width = state.width;
    return stored;
  },
};

function readText(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value !== 'string') throw new FieldParseError(t('value.mustBeString'));
  return value;
}

function readDimension(value: unknown): number | null {
  if (value === undefined) return null;
  if (typeof value !== 'number') throw new FieldParseError(t('value.mustBeNumber'));
  return value;
}
