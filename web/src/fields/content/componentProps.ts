/**
 * The props codec of a content component, built from its prop schema with the field kinds' own
 * schemas: a tag's attributes are read as the data file's values are, and written back in schema
 * order with the same omissions (an empty text is left out, a select is always written), as
 * Keystatic's `serializeProps` does.
 */
import type { Field } from '../../api/config';
import type { PropsCodec, PropsValue } from '../../editor/components';
import { t } from '../../lib/messages/format';
import { FieldParseError, standaloneSlugRules } from '../kind';
import type { ParseContext, SerializeContext } from '../kind';
import type { KindOf } from '../kindEntry';
import { firstStoredValue } from '../stored';

// Asset props would name files beside the content; until the editor writes such files, props read
// and write as values only.
const parseContext: ParseContext = {
  slug: undefined,
  path: [],
  readFile: () => null,
  readFolder: () => new Map(),
  plainTimestampTexts: new Set(),
};

function serializeContext(key: string): SerializeContext {
  // Markdoc attributes are JSON-like values: dates are written as their text, as in JSON files.
  return { format: 'json', slug: undefined, path: [key], writeFile: () => {} };
}

export function propsCodec(schema: Readonly<Record<string, Field>>, kindOf: KindOf): PropsCodec {
  const entries = Object.entries(schema);
  return {
    defaultValue: () => Object.fromEntries(entries.map(([key, field]) => [key, kindOf(field).schema.defaultState(field)])),
    parse(attributes) {
      const unknown = Object.keys(attributes).find((key) => !Object.hasOwn(schema, key));
      if (unknown !== undefined) throw new Error(t('value.unknownKey', { key: unknown }));
      const value: Record<string, unknown> = {};
      for (const [key, field] of entries) {
        const stored = attributes[key] ?? undefined;
        try {
          value[key] = kindOf(field).schema.parse(field, stored, parseContext);
          // The props form has no place for a value kept as stored: such a tag does not open.
          const kept = firstStoredValue(value[key]);
          if (kept !== null) throw new FieldParseError(kept.message);
        } catch (error) {
          if (!(error instanceof FieldParseError)) throw error;
          throw new Error(`${[key, ...error.path].join('.')}: ${error.message}`);
        }
      }
      return value;
    },
    serialize(value: PropsValue) {
      const attributes: Record<string, unknown> = {};
      for (const [key, field] of entries) {
        const stored = kindOf(field).schema.serialize(field, value[key], serializeContext(key));
        if (stored !== undefined) attributes[key] = stored;
      }
      return attributes;
    },
    label: (key) => schema[key]?.label ?? key,
    validate(value: PropsValue) {
      for (const [key, field] of entries) {
        const message = kindOf(field).schema.validate(field, value[key], { slugRules: standaloneSlugRules });
        if (message !== null) return message;
      }
      return null;
    },
  };
}
