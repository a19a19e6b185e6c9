/**
 * The list's columns: configured fields, or the slug alone, and on branches other than the default
 * one each entry's status; how their values read and sort.
 */
import type { Collection, Field } from '../../api/config';
import type { ColumnValue, EntryListItem, EntryStatus } from '../../api/wire';
import { formatDate, formatDateTime, formatNumber, t } from '../../lib/messages/format';

export type ListColumn = { id: string; label: string; field: Field | null };

export const SLUG_COLUMN = '__slug';
export const STATUS_COLUMN = '__status';

export function listColumns(collection: Collection, { withStatus }: { withStatus: boolean }): ListColumn[] {
  const fields = collection.columns.flatMap((key) => {
    const field = collection.schema[key];
    return field ? [{ id: key, label: field.label, field }] : [];
  });
  const columns = fields.length > 0 ? fields : [{ id: SLUG_COLUMN, label: t('list.name'), field: null }];
  return withStatus ? [...columns, { id: STATUS_COLUMN, label: t('status.label'), field: null }] : columns;
}

export function columnValue(entry: EntryListItem, column: ListColumn): ColumnValue {
  if (column.id === STATUS_COLUMN) return entry.status === null ? null : statusLabel(entry.status);
  return column.field === null ? entry.slug : (entry.columns[column.id] ?? null);
}

export function statusLabel(status: EntryStatus): string {
  return t(status === 'added' ? 'status.added' : status === 'changed' ? 'status.changed' : 'status.unchanged');
}

/** The cell's text: a relationship names the related entry where it has a name (the server looks it up). */
export function cellText(entry: EntryListItem, column: ListColumn): string {
  return entry.labels[column.id] ?? displayValue(columnValue(entry, column), column.field);
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
    // The slug and status columns, and kinds whose value reads as the server gives it.
    case undefined:
    case 'text':
    case 'slug':
    case 'integer':
    case 'number':
    case 'checkbox':
    case 'url':
    case 'markdoc':
    case 'mdx':
    case 'document':
    case 'multiselect':
    case 'file':
    case 'image':
    case 'cloudImage':
    case 'relationship':
    case 'multiRelationship':
    case 'pathReference':
    case 'array':
    case 'blocks':
    case 'conditional':
    case 'object':
    case 'empty':
    case 'ignored':
    case 'emptyContent':
    case 'emptyDocument':
      return value;
  }
}
