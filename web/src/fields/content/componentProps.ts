/**
 * The props codec of a content component, built from its prop schema with the field kinds' own
 * schemas: a tag's attributes are read as the data file's values are, and written back in schema
 * order with the same omissions (an empty text is left out, a select is always written), as
 * Keystatic's `serializeProps` does. File and image props read and write their files where the
 * content keeps them (editor/components.ts `PropFile`), under their upload's name.
 */
import type { Field } from '../../api/config';
import type { PropFileSink, PropFiles, PropsCodec, PropsValue } from '../../editor/components';
import { t } from '../../lib/messages/format';
import { FieldParseError, standaloneSlugRules } from '../kind';
import type { ParseContext, SerializeContext } from '../kind';
import type { KindOf } from '../kindEntry';
import { firstStoredValue } from '../stored';

function parseContext(files: PropFiles): ParseContext {
  return {
    slug: files.slug,
    path: [],
    readFile: (ref) => files.read(ref),
    readFolder: () => new Map(),
    plainTimestampTexts: new Set(),
  };
}

function serializeContext(key: string, files: PropFileSink): SerializeContext {
  // Markdoc attributes are JSON-like values: dates are written as their text, as in JSON files.
  return { format: 'json', slug: files.slug, path: [key], writeFile: (file) => files.write(file), keepUploadNames: true };
}

export function propsCodec(schema: Readonly<Record<string, Field>>, kindOf: KindOf): PropsCodec {
  const entries = Object.entries(schema);
  return {
    defaultValue: () => Object.fromEntries(entries.map(([key, field]) => [key, kindOf(field).schema.defaultState(field)])),
    parse(attributes, files) {
      const context = parseContext(files);
      const unknown = Object.keys(attributes).find((key) => !Object.hasOwn(schema, key));
      if (unknown !== undefined) throw new Error(t('value.unknownKey', { key: unknown }));
      const value: Record<string, unknown> = {};
      for (const [key, field] of entries) {
        const stored = attributes[key] ?? undefined;
        try {
          value[key] = kindOf(field).schema.parse(field, stored, context);
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
    serialize(value: PropsValue, files) {
      const attributes: Record<string, unknown> = {};
      for (const [key, field] of entries) {
        const stored = kindOf(field).schema.serialize(field, value[key], serializeContext(key, files));
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
