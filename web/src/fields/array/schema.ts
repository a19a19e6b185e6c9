/**
 * Array fields: a sequence of element values, always written (`[]` included). An element that
 * serializes to nothing is written as null, as Keystatic does.
 */
import type { ArrayField, Field } from '../../api/config';
import { childContext, parseAt } from '../kind';
import type { FieldSchema, ValidationContext } from '../kind';
import type { KindOf } from '../kindEntry';
import { readSequence, validateLength } from '../length';
import { isMapping, storedAt } from '../mapping';
import type { SlugState } from '../slug/schema';
import { newItem } from './items';
import type { Item } from './items';

/** The schema of array fields, whose elements are read through `kindOf`. */
export function arraySchema(kindOf: KindOf): FieldSchema<ArrayField, Item[]> {
  return {
    defaultState: () => [],
    parse(field, value, context) {
      if (value === undefined) return [];
      const element = kindOf(field.element).schema;
      return readSequence(value).map((stored, index) =>
        newItem(
          parseAt(String(index), () =>
            element.parse(field.element, stored ?? undefined, childContext(context, storedItemSegment(field, stored, index))),
          ),
        ),
      );
    },
    validate(field, state, context) {
      const length = validateLength(state.length, field.validation.length);
      if (length !== null) return length;
      const element = kindOf(field.element).schema;
      for (const [index, item] of state.entries()) {
        const message = element.validate(field.element, item.value, itemValidationContext(field, state, index, context));
        if (message !== null) return message;
      }
      return null;
    },
    serialize(field, state, context) {
      const element = kindOf(field.element).schema;
      return state.map((item, index) => {
        const stored = element.serialize(field.element, item.value, childContext(context, itemSegment(field, item, index)));
        return stored === undefined ? null : stored;
      });
    },
  };
}

/** An item's segment of the prop path: its index, or its slug when the array names a slug field. */
export function itemSegment(field: ArrayField, item: Item, index: number): string {
  const slug = itemSlug(field, item.value);
  return slug === null ? String(index) : slug;
}

/**
 * The context an item validates in: with a `slugField`, the item's slug must differ from the other
 * items' slugs (they name its files); otherwise the array's own context.
 */
export function itemValidationContext(field: ArrayField, items: readonly Item[], index: number, context: ValidationContext): ValidationContext {
  if (field.slugField === null) return context;
  const slugs = items.flatMap((item, other) => {
    const slug = other === index ? null : itemSlug(field, item.value);
    return slug === null ? [] : [slug];
  });
  return { slugRules: { glob: '*', slugs: new Set(slugs) } };
}

/** An item's segment as stored, before it is read: its stored slug (see itemSegment), else its index. */
function storedItemSegment(field: ArrayField, stored: unknown, index: number): string {
  const slugField = slugFieldOf(field.element, field.slugField);
  const slugState = slugField === null || !isMapping(stored) ? undefined : storedAt(stored, slugField);
  const slug = isMapping(slugState) ? storedAt(slugState, 'slug') : undefined;
  return typeof slug === 'string' ? slug : String(index);
}

function itemSlug(field: ArrayField, value: unknown): string | null {
  const slugField = slugFieldOf(field.element, field.slugField);
  if (slugField === null) return null;
  return ((value as Record<string, unknown>)[slugField] as SlugState | undefined)?.slug ?? null;
}

function slugFieldOf(element: Field, key: string | null): string | null {
  if (key === null || element.kind !== 'object') return null;
  return element.fields[key]?.kind === 'slug' ? key : null;
}
