/**
 * The admin's message catalogue and locale-aware formatting of dates, numbers and lists, in the
 * locale chosen for this visit: en-US (the catalogue in code) until `loadMessages` brings another
 * one's catalogue, which happens before the admin first renders (`src/locale.ts`). So no module of
 * the first load may format a message as it loads: it would be en-US (code loaded later, such as
 * the editor's, may).
 */
import type { LocalizedString, LocalizedStringFormatter, Variables } from '@internationalized/string';
import { enUS } from './catalogue';
import type { MessageKey } from './catalogue';
import { createFormatter } from './formatter';
import { DEFAULT_LOCALE, intlLocale } from './locale';
import type { Locale } from './locale';

/** Each locale's translated catalogue, a chunk of its own loaded only for the locale shown. */
const catalogues = import.meta.glob<unknown>('./locales/*.json', { import: 'default' });

let locale: Locale = DEFAULT_LOCALE;
let formatter: LocalizedStringFormatter<MessageKey, LocalizedString>;
let dateFormat: Intl.DateTimeFormat;
let dateTimeFormat: Intl.DateTimeFormat;
let numberFormat: Intl.NumberFormat;
let relativeTimeFormat: Intl.RelativeTimeFormat;
let listFormat: Intl.ListFormat;

function switchTo(next: Locale, translated: unknown): void {
  const tag = intlLocale(next);
  locale = next;
  formatter = createFormatter(tag, enUS, translated);
  dateFormat = new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeZone: 'UTC' });
  dateTimeFormat = new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
  numberFormat = new Intl.NumberFormat(tag);
  relativeTimeFormat = new Intl.RelativeTimeFormat(tag);
  listFormat = new Intl.ListFormat(tag, { style: 'long', type: 'conjunction' });
}

switchTo(DEFAULT_LOCALE, {});

/** The locale messages, dates and numbers follow. */
export function currentLocale(): Locale {
  return locale;
}

/**
 * Makes `next` the locale of messages and formatting, loading its catalogue; keys it does not
 * translate (yet) keep their en-US text.
 */
export async function loadMessages(next: Locale): Promise<void> {
  const load = catalogues[`./locales/${next}.json`];
  switchTo(next, load === undefined ? {} : await load());
}

/** The message `key` with `variables` filled in. */
export function t(key: MessageKey, variables?: Variables): string {
  return formatter.format(key, variables);
}

/** `YYYY-MM-DD` as a readable date; other text is returned as it is. */
export function formatDate(value: string): string {
  const date = new Date(`${value}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(date.getTime()) ? dateFormat.format(date) : value;
}

/** `YYYY-MM-DDTHH:mm` (a wall-clock time, stored as UTC) as a readable date and time. */
export function formatDateTime(value: string): string {
  const date = new Date(`${value}Z`);
  return Number.isNaN(date.getTime()) ? value : dateTimeFormat.format(date);
}

export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

/** `items` as a list in a sentence: "a, b, and c". */
export function formatList(items: readonly string[]): string {
  return listFormat.format(items);
}

// Each unit holds this many of the one before; the largest fitting unit names the distance.
const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ['seconds', 60],
  ['minutes', 60],
  ['hours', 24],
  ['days', 7],
  ['weeks', 4],
  ['months', 12],
  ['years', Infinity],
];

/** How long before `now` `date` was, as "5 seconds ago" or "3 days ago". */
export function formatTimeAgo(date: Date, now: Date): string {
  let distance = (date.getTime() - now.getTime()) / 1000;
  for (const [unit, size] of units) {
    if (Math.abs(distance) < size) return relativeTimeFormat.format(Math.round(distance), unit);
    distance /= size;
  }
  return relativeTimeFormat.format(Math.round(distance), 'years');
}
