/**
 * Serialize vectors hold states as plain JSON (vectors/README.md): array and blocks items without
 * their keys, asset bytes as base64, content as its text (or `{ text, images }` with the files of its
 * image folder), an empty content field as its file's text (null: no file). These turn them into the form's state and back.
 */
import type { Field } from '../src/api/config';
import { newItem } from '../src/fields/array/items';
import type { Item } from '../src/fields/array/items';
import type { AssetState } from '../src/fields/asset/schema';
import { blocksAsArray } from '../src/fields/blocks/schema';
import { valueFieldFor } from '../src/fields/conditional/schema';
import type { ConditionalState } from '../src/fields/conditional/schema';
import { textOnly } from '../src/fields/content/images';
import type { EmptyContentState } from '../src/fields/emptyContent/schema';
import type { ContentState } from '../src/fields/content/images';

type VectorAsset = { filename: string; extension: string; bytesBase64: string | null };
/** A content field's text with the images of its folder, by name below it (base64). */
type VectorContent = { text: string; images: Record<string, string> };
type Plain = Record<string, unknown>;

export function fromVector(field: Field, value: unknown): unknown {
  switch (field.kind) {
    case 'array':
      return (value as unknown[]).map((element) => newItem(fromVector(field.element, element)));
    case 'blocks':
      return fromVector(blocksAsArray(field), value);
    case 'conditional': {
      const { discriminant, value: inner } = value as ConditionalState;
      return { discriminant, value: fromVector(valueFieldFor(field, discriminant), inner) };
    }
    case 'object':
      return mapFields(field.fields, value as Plain, fromVector);
    case 'file':
    case 'image': {
      if (value === null) return null;
      const { filename, extension, bytesBase64 } = value as VectorAsset;
      return { filename, extension, bytes: bytesBase64 === null ? null : Buffer.from(bytesBase64, 'base64') };
    }
    case 'emptyContent':
    case 'emptyDocument':
      return { file: value === null ? null : new TextEncoder().encode(value as string), stored: undefined };
    case 'markdoc':
    case 'mdx': {
      if (typeof value === 'string') return textOnly(value);
      const { text, images } = value as VectorContent;
      const files = Object.entries(images).map(([name, base64]) => [name, Buffer.from(base64, 'base64')] as const);
      return { ...textOnly(text), images: new Map(files) };
    }
    // Plain JSON in the vectors as in the form.
    case 'text':
    case 'slug':
    case 'integer':
    case 'number':
    case 'checkbox':
    case 'select':
    case 'date':
    case 'datetime':
    case 'url':
    case 'document':
    case 'multiselect':
    case 'cloudImage':
    case 'relationship':
    case 'multiRelationship':
    case 'pathReference':
    case 'empty':
    case 'ignored':
      return value;
  }
}

export function toVector(field: Field, state: unknown): unknown {
  switch (field.kind) {
    case 'array':
      return (state as Item[]).map((item) => toVector(field.element, item.value));
    case 'blocks':
      return toVector(blocksAsArray(field), state);
    case 'conditional': {
      const { discriminant, value } = state as ConditionalState;
      return { discriminant, value: toVector(valueFieldFor(field, discriminant), value) };
    }
    case 'object':
      return mapFields(field.fields, state as Plain, toVector);
    case 'file':
    case 'image': {
      if (state === null) return null;
      const { filename, extension, bytes } = state as AssetState;
      return { filename, extension, bytesBase64: bytes === null ? null : Buffer.from(bytes).toString('base64') };
    }
    case 'emptyContent':
    case 'emptyDocument': {
      const { file } = state as EmptyContentState;
      return file === null ? null : new TextDecoder().decode(file);
    }
    case 'markdoc':
    case 'mdx': {
      const { text, images } = state as ContentState;
      if (images.size === 0) return text;
      return { text, images: Object.fromEntries([...images].map(([name, bytes]) => [name, Buffer.from(bytes).toString('base64')])) };
    }
    // Plain JSON in the vectors as in the form.
    case 'text':
    case 'slug':
    case 'integer':
    case 'number':
    case 'checkbox':
    case 'select':
    case 'date':
    case 'datetime':
    case 'url':
    case 'document':
    case 'multiselect':
    case 'cloudImage':
    case 'relationship':
    case 'multiRelationship':
    case 'pathReference':
    case 'empty':
    case 'ignored':
      return state;
  }
}

export function mapFields(fields: Record<string, Field>, value: Plain, map: (field: Field, value: unknown) => unknown): Plain {
  return Object.fromEntries(Object.entries(fields).map(([key, field]) => [key, map(field, value[key])]));
}
