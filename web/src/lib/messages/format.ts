/** The admin's message catalogue and locale-aware formatting of dates and numbers. */
import { LocalizedStringDictionary, LocalizedStringFormatter } from '@internationalized/string';
import type { LocalizedString, Variables } from '@internationalized/string';
import { enUS } from './catalogue';
import type { MessageKey } from './catalogue';
import { compile } from './compile';

/** The only locale with a catalogue so far; dates and numbers follow it too. */
export const locale = 'en-US';

const compiled = Object.fromEntries(
  Object.entries(enUS).map(([key, template]) => [key, compile(template)]),
) as Record<MessageKey, LocalizedString>;

const formatter = new LocalizedStringFormatter<MessageKey, LocalizedString>(
  locale,
  new LocalizedStringDictionary({ [locale]: compiled }, locale),
);

/** The message `key` with `variables` filled in. */
export function t(key: MessageKey, variables?: Variables): string {
  return formatter.format(key, variables);
}

const dateFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
const dateTimeFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
const numberFormat = new Intl.NumberFormat(locale);

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

const relativeTimeFormat = new Intl.RelativeTimeFormat(locale);

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
