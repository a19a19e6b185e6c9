/** The list's columns: configured fields, or the slug alone; how their values read and sort. */
import type { Collection, Field } from '../../api/config';
import type { ColumnValue, EntryListItem } from '../../api/wire';
import { formatDate, formatDateTime, formatNumber, locale, t } from '../../lib/messages/format';

export type ListColumn = { id: string; label: string; field: Field | null };

export const SLUG_COLUMN = '__slug';

export function listColumns(collection: Collection): ListColumn[] {
  const columns = collection.columns.flatMap((key) => {
    const field = collection.schema[key];
    return field ? [{ id: key, label: field.label, field }] : [];
  });
  return columns.length > 0 ? columns : [{ id: SLUG_COLUMN, label: t('list.name'), field: null }];
}

export function columnValue(entry: EntryListItem, column: ListColumn): ColumnValue {
  return column.field === null ? entry.slug : (entry.columns[column.id] ?? null);
}

/** The cell's text, written for the reader's locale. */
export function displayValue(value: ColumnValue, field: Field | null): string {
  if (value === null) return '';
  if (typeof value === 'boolean') return value ? t('checkbox.yes') : t('checkbox.no');
  if (typeof value === 'number') return formatNumber(value);
  switch (field?.kind) {
    case 'date':
      return formatDate(value);
    case 'datetime':
      return formatDateTime(value);
    case 'select':
      return field.options.find((option) => option.value === value)?.label ?? value;
    default:
      return value;
  }
}

const collator = new Intl.Collator(locale, { sensitivity: 'base' });

/** Text by a case-insensitive collator, numbers and booleans by value; empty cells last. */
export function compareValues(a: ColumnValue, b: ColumnValue): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return collator.compare(String(a), String(b));
}
