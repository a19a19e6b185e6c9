/**
 * A catalogue's formatter for one locale: its en-US templates, each replaced by the locale's own
 * when its translated catalogue (a JSON file, read as it came) holds a well-formed one.
 */
import { LocalizedStringDictionary, LocalizedStringFormatter } from '@internationalized/string';
import type { LocalizedString } from '@internationalized/string';
import { compile, pluralCategories } from './compile';
import type { Template } from './compile';

export function createFormatter<K extends string>(
  tag: string,
  enUS: Record<K, Template>,
  translated: unknown,
): LocalizedStringFormatter<K, LocalizedString> {
  const own = isRecord(translated) ? translated : {};
  const compiled = Object.fromEntries(
    Object.entries<Template>(enUS).map(([key, template]) => {
      const theirs = own[key];
      return [key, compile(isTemplate(theirs) ? theirs : template)];
    }),
  ) as Record<K, LocalizedString>;
  return new LocalizedStringFormatter<K, LocalizedString>(tag, new LocalizedStringDictionary({ [tag]: compiled }, tag));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A string, or a plural template whose every form is a string and that has `other`. */
export function isTemplate(value: unknown): value is Template {
  if (typeof value === 'string') return true;
  if (!isRecord(value) || value.plural !== 'count' || typeof value.other !== 'string') return false;
  return Object.entries(value).every(
    ([key, form]) => key === 'plural' || ((pluralCategories as readonly string[]).includes(key) && typeof form === 'string'),
  );
}
