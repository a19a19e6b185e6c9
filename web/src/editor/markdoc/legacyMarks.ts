/**
 * Marks without Markdown syntax, written as the inline tags Keystatic's document field used
 * (`{% u %}text{% /u %}`, keystatic-formats.md §2.9).
 */

/** Tag name → mark name. */
export const legacyMarkTags: ReadonlyMap<string, string> = new Map([
  ['u', 'underline'],
  ['sup', 'superscript'],
  ['sub', 'subscript'],
  ['kbd', 'keyboard'],
]);

/** Mark name → tag name. */
export const legacyMarkTagOf: ReadonlyMap<string, string> = new Map(
  [...legacyMarkTags].map(([tag, mark]) => [mark, tag]),
);
