/**
 * Slug fields: a name and the slug made from it. As a collection's slug field only the name is
 * stored (the slug is the entry's file name); anywhere else both are stored as `{ name, slug }`.
 */
import type { SlugField, TextValidation } from '../../api/config';
import { t } from '../../lib/messages/format';
import { FieldParseError } from '../kind';
import type { FieldSchema, SlugRules } from '../kind';
import { validateText } from '../text/validateText';
import { slugFromName } from './generate';

export type SlugState = { name: string; slug: string };

export const slugSchema: FieldSchema<SlugField, SlugState> = {
  defaultState(field) {
    const name = field.name.defaultValue;
    return { name, slug: slugFromName(name) };
  },
  parse(field, value) {
    if (value === undefined) return slugSchema.defaultState(field);
    if (typeof value !== 'object' || value === null || Array.isArray(value) || value instanceof Date) {
      throw new FieldParseError(t('value.mustBeObject'));
    }
    const { name, slug } = value as Record<string, unknown>;
    if (typeof name !== 'string' || typeof slug !== 'string') throw new FieldParseError(t('value.mustBeString'));
    return { name, slug };
  },
  validate(field, state, { slugRules }) {
    const errors = slugErrors(field, state, slugRules);
    return errors.name ?? errors.slug;
  },
  serialize: (_field, state) => ({ name: state.name, slug: state.slug }),
};

/** Reads the stored name of a collection's slug field; the slug comes from the entry's path. */
export function parseSlugFieldName(field: SlugField, value: unknown, slug: string): SlugState {
  if (value === undefined) return { name: field.name.defaultValue, slug };
  if (typeof value !== 'string') throw new FieldParseError(t('value.mustBeString'));
  return { name: value, slug };
}

/** What a collection's slug field stores: the name, left out when empty. */
export function serializeSlugFieldName(state: SlugState): string | undefined {
  return state.name === '' ? undefined : state.name;
}

/** The name's and the slug's own messages; the field's message is the name's, else the slug's. */
export function slugErrors(field: SlugField, state: SlugState, rules: SlugRules): { name: string | null; slug: string | null } {
  return {
    name: validateText(state.name, field.label, field.name.validation),
    slug: validateSlug(state.slug, field.slug.label, field.slug.validation, rules),
  };
}

/** A slug's message: its text rules (`validation`), then Keystatic's rules for slugs. */
export function validateSlug(slug: string, label: string, validation: TextValidation, rules: SlugRules): string | null {
  const textMessage = validateText(slug, label, validation);
  if (textMessage !== null) return textMessage;
  if (rules.glob === '*' && /[/\\]/.test(slug)) return t('slug.slashes', { label });
  if (rules.glob === '**' && slug.includes('\\')) return t('slug.backslashes', { label });
  if (slug.trim() !== slug) return t('slug.spaces', { label });
  // Under `**` every folder segment of the slug obeys the same rules as a whole `*` slug.
  const segments = rules.glob === '**' ? slug.split('/') : [slug];
  if (segments.includes('..')) return t('slug.dotDot', { label });
  if (segments.includes('.')) return t('slug.dot', { label });
  if (rules.slugs.has(slug)) return t('slug.unique', { label });
  return null;
}
