/**
 * How list items are named: `itemLabel` templates put an item's values in place of `{path}` parts
 * (`{caption}`, `{link.discriminant}`, `{0}` inside a nested list, `{}` for the item itself). An
 * item whose label comes out blank is called "Item N". What each kind puts in a label is its entry's
 * `label` in the table of kinds; the entries below are those the table gives.
 */
import type { ArrayField, ConditionalField, Field, ObjectField } from '../../api/config';
import { t } from '../../lib/messages/format';
import type { AssetState } from '../asset/schema';
import type { CloudImageState } from '../cloudImage/schema';
import { valueFieldFor } from '../conditional/schema';
import type { ConditionalState } from '../conditional/schema';
import type { ItemLabelEntry, KindOf } from '../kindEntry';
import type { ObjectState } from '../object/schema';
import type { SlugState } from '../slug/schema';
import { StoredValue } from '../stored';
import type { Item } from './items';

export function itemLabel(template: string | null, element: Field, value: unknown, index: number, kindOf: KindOf): string {
  const text = template === null ? '' : fillTemplate(template, element, value, kindOf);
  return text.trim() === '' ? t('item.fallback', { n: index + 1 }) : text;
}

/** The template with each `{path}` replaced by the text of the value at that path ('' when none). */
export function fillTemplate(template: string, element: Field, value: unknown, kindOf: KindOf): string {
  return template.replace(/\{([^{}]*)\}/g, (_, path: string) => {
    const segments = path.trim() === '' ? [] : path.trim().split('.');
    return valueText(element, value, segments, kindOf);
  });
}

function valueText(field: Field, value: unknown, path: readonly string[], kindOf: KindOf): string {
  if (value === null || value === undefined) return '';
  if (value instanceof StoredValue) return path.length === 0 ? value.text : '';
  const { label } = kindOf(field);
  const [segment, ...rest] = path;
  if (segment === undefined) return label.text(field, value);
  const child = label.child(field, value, segment);
  return child === null ? '' : valueText(child.field, child.value, rest, kindOf);
}

const noChild = () => null;

/** Kinds whose value says nothing in a label (content, lists of blocks, hidden kinds and empty content). */
export const noLabel: ItemLabelEntry<Field, unknown> = { text: () => '', child: noChild };

/** Texts, numbers, dates, choices and checkboxes: the value as written. */
export const scalarLabel: ItemLabelEntry<Field, string | number | boolean> = {
  text: (_field, state) => (typeof state === 'number' && Number.isNaN(state) ? '' : String(state)),
  child: noChild,
};

/** Multiselects and multi-relationships: the values, comma-separated. */
export const listLabel: ItemLabelEntry<Field, string[]> = { text: (_field, state) => state.join(', '), child: noChild };

export const slugLabel: ItemLabelEntry<Field, SlugState> = { text: (_field, state) => state.name, child: noChild };

export const assetLabel: ItemLabelEntry<Field, AssetState> = { text: (_field, state) => state.filename, child: noChild };

export const cloudImageLabel: ItemLabelEntry<Field, CloudImageState> = {
  text: (_field, state) => state.alt || state.src,
  child: noChild,
};

/** `{tags.1}`: the item at that index. */
export const arrayLabel: ItemLabelEntry<ArrayField, Item[]> = {
  text: () => '',
  child(field, state, segment) {
    const item = state[Number(segment)];
    return item === undefined ? null : { field: field.element, value: item.value };
  },
};

/** `{link.url}`: the nested field of that key. */
export const objectLabel: ItemLabelEntry<ObjectField, ObjectState> = {
  text: () => '',
  child(field, state, segment) {
    const child = field.fields[segment];
    return child === undefined ? null : { field: child, value: state[segment] };
  },
};

/** `{link.discriminant}` and `{link.value}`: the discriminant, or the value of the field it picks. */
export const conditionalLabel: ItemLabelEntry<ConditionalField, ConditionalState> = {
  text: () => '',
  child(field, { discriminant, value }, segment) {
    if (segment === 'discriminant') return { field: field.discriminant, value: discriminant };
    return segment === 'value' ? { field: valueFieldFor(field, discriminant), value } : null;
  },
};
