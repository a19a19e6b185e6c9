/**
 * Turns the catalogue's readable templates into @internationalized/string messages: `{name}` inserts a
 * variable as given (validation messages must match the shared vectors byte for byte), and a plural
 * template picks its form with the formatter's plural rules and writes its count with the locale's
 * number format.
 */
import type { LocalizedString, LocalizedStringFormatter, Variables } from '@internationalized/string';

/** The plural categories of CLDR; each locale uses some of them, and always `other`. */
export const pluralCategories = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
export type PluralCategory = (typeof pluralCategories)[number];

/**
 * Plural forms of one message, one for each plural category of the catalogue's locale (en-US:
 * `one` and `other`; ja-JP: `other` only; ar-AE: all six); `{count}` in a form is the formatted count.
 */
export type PluralTemplate = { plural: 'count'; other: string } & { [category in Exclude<PluralCategory, 'other'>]?: string };
export type Template = string | PluralTemplate;

// The formatter's plural and number helpers are typed protected, yet they are the documented way for
// compiled messages (such as those react-aria ships) to pick plural forms; this names that contract.
type FormatterHelpers = {
  plural(count: number, options: Record<string, string>): string;
  number(value: number): string;
};

export function compile(template: Template): LocalizedString {
  if (typeof template === 'string') {
    return template.includes('{') ? (variables) => interpolate(template, variables) : template;
  }
  const forms: Record<string, string> = {};
  for (const category of pluralCategories) {
    const form = template[category];
    if (form !== undefined) forms[category] = form;
  }
  return (variables, formatter?: LocalizedStringFormatter<string, LocalizedString>) => {
    const helpers = formatter as unknown as FormatterHelpers;
    const count = Number(variables?.count ?? 0);
    const form = helpers.plural(count, forms);
    return interpolate(form, { ...variables, count: helpers.number(count) });
  };
}

function interpolate(template: string, variables: Variables): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = variables?.[name];
    return value === undefined ? whole : String(value);
  });
}
