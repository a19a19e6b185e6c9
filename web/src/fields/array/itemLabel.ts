/**
 * How list items are named: `itemLabel` templates put an item's values in place of `{path}` parts
 * (`{caption}`, `{link.discriminant}`, `{0}` inside a nested list, `{}` for the item itself). An
 * item whose label comes out blank is called "Item N".
 */
import type { Field } from '../../api/config';
import { t } from '../../lib/messages/format';
import type { AssetState } from '../asset/schema';
import type { CloudImageState } from '../cloudImage/schema';
import { valueFieldFor } from '../conditional/schema';
import type { ConditionalState } from '../conditional/schema';
import type { SlugState } from '../slug/schema';
import { StoredValue } from '../stored';
import type { Item } from './items';

export function itemLabel(template: string | null, element: Field, value: unknown, index: number): string {
  const text = template === null ? '' : fillTemplate(template, element, value);
  return text.trim() === '' ? t('item.fallback', { n: index + 1 }) : text;
}

/** The template with each `{path}` replaced by the text of the value at that path ('' when none). */
export function fillTemplate(template: string, element: Field, value: unknown): string {
  return template.replace(/\{([^{}]*)\}/g, (_, path: string) => {
    const segments = path.trim() === '' ? [] : path.trim().split('.');
    return valueText(element, value, segments);
  });
}

function valueText(field: Field, value: unknown, path: readonly string[]): string {
  const [segment, ...rest] = path;
  if (segment === undefined) return leafText(field, value);
  switch (field.kind) {
    case 'object': {
      const child = field.fields[segment];
      return child === undefined ? '' : valueText(child, (value as Record<string, unknown>)[segment], rest);
    }
    case 'conditional': {
      const { discriminant, value: inner } = value as ConditionalState;
      if (segment === 'discriminant') return rest.length === 0 ? String(discriminant) : '';
      return segment === 'value' ? valueText(valueFieldFor(field, discriminant), inner, rest) : '';
    }
    case 'array': {
      const item = (value as Item[])[Number(segment)];
      return item === undefined ? '' : valueText(field.element, item.value, rest);
    }
    default:
      return '';
  }
}

function leafText(field: Field, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof StoredValue) return value.text;
  switch (field.kind) {
    case 'slug':
      return (value as SlugState).name;
    case 'file':
    case 'image':
      return (value as AssetState).filename;
    case 'cloudImage': {
      const image = value as CloudImageState;
      return image.alt || image.src;
    }
    case 'multiselect':
    case 'multiRelationship':
      return (value as string[]).join(', ');
    case 'text':
    case 'url':
    case 'select':
    case 'relationship':
    case 'pathReference':
    case 'date':
    case 'datetime':
    case 'integer':
    case 'number':
    case 'checkbox':
      return typeof value === 'number' && Number.isNaN(value) ? '' : String(value);
    default:
      return '';
  }
}
