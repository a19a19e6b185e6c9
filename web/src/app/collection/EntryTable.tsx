/**
 * The sortable table of a collection's entries. The server sorts and pages the rows; the table asks
 * for the next page as its end scrolls into view. It is the platform's own table (sort buttons in
 * the column headers, `aria-sort`, native checkboxes, a link in each row's header cell): the first
 * screen most people see stays light and draws at once, and the whole row opens its entry.
 * Shift with a checkbox chooses a range (`rowSelection.ts`); rows whose first column reads the same
 * also show their slugs.
 */
import { isAt } from '../../collab/presence';
import type { Person } from '../../collab/presence';
import { useCollab, usePeople } from '../collab/CollabProvider';
import { People } from '../collab/People';
import { useCallback, useEffect, useId, useRef } from 'react';
import type { MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import type { EntryListItem } from '../../api/wire';
import { t } from '../../lib/messages/format';
import { EmptyState } from '../../ui/EmptyState';
import { Icon } from '../../ui/icons';
import { Spinner } from '../../ui/Spinner';
import { useHrefs } from '../hrefs';
import { cellText, STATUS_COLUMN } from './columns';
import type { ListColumn } from './columns';
import { isRowSelected, selectionExtent, toggleAll, toggleRange, toggleRow } from './rowSelection';
import type { RowSelection } from './rowSelection';
import type { ListOrder } from './usePagedEntries';

type EntryTableProps = {
  collectionKey: string;
  label: string;
  /** A row is pointed at or focused: it may open next. */
  onRowHover(): void;
  columns: ListColumn[];
  /** The rows loaded so far, in the server's order. */
  entries: EntryListItem[];
  /** Whether the server has more rows than loaded. */
  hasMore: boolean;
  isLoadingMore: boolean;
  onLoadMore(): void;
  order: ListOrder;
  onOrderChange(order: ListOrder): void;
  /** The search term, for the no-results message. */
  term: string;
  /** The rows chosen for a bulk action; none when the rows cannot be changed. */
  selection: { keys: RowSelection; onChange(keys: RowSelection): void } | null;
};

export function EntryTable(props: EntryTableProps) {
  const { collectionKey, label, entries, columns, order, onOrderChange, term, selection } = props;
  const hrefs = useHrefs();
  const navigate = useNavigate();
  const idPrefix = useId();
  const slugs = entries.map((entry) => entry.slug);
  // The row pressed last: Shift with the next one chooses the rows between.
  const anchor = useRef<string | null>(null);
  const toggle = (slug: string, range: boolean) => {
    if (selection === null) return;
    selection.onChange(range ? toggleRange(selection.keys, anchor.current, slug, slugs) : toggleRow(selection.keys, slug, slugs));
    anchor.current = slug;
  };
  // Rows whose first column reads the same (a duplicate keeps its title) also show their slug.
  const names = entries.map((entry) => cellText(entry, columns[0]!) || entry.slug);
  const repeated = new Set(names.filter((name, index) => names.indexOf(name) !== index));
  const sortBy = (column: string) =>
    onOrderChange({ column, direction: order.column === column && order.direction === 'ascending' ? 'descending' : 'ascending' });
  return (
    <div className="entry-table">
      <table aria-label={label}>
        <thead>
          <tr>
            {selection !== null && (
              <th className="entry-table-select" scope="col">
                <TableCheckbox
                  label={t('list.selectAll')}
                  extent={selectionExtent(selection.keys, slugs)}
                  onToggle={() => selection.onChange(toggleAll(selection.keys, slugs))}
                />
              </th>
            )}
            {columns.map((column, index) => {
              const direction = order.column === column.id ? order.direction : null;
              return (
                <th key={column.id} scope="col" aria-sort={direction ?? 'none'} className={columnClass(column, index)}>
                  <button type="button" className="entry-table-sort" onClick={() => sortBy(column.id)}>
                    {column.label}
                    {direction && <Icon name={direction === 'ascending' ? 'arrowUp' : 'arrowDown'} size={14} />}
                  </button>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {entries.map((entry, index) => (
            <EntryRow
              key={entry.slug}
              id={`${idPrefix}-${index}`}
              entry={entry}
              columns={columns}
              href={hrefs.entry(collectionKey, entry.slug)}
              onOpen={navigate}
              onHover={props.onRowHover}
              selected={selection === null ? null : isRowSelected(selection.keys, entry.slug)}
              onToggle={selection && ((range: boolean) => toggle(entry.slug, range))}
              showSlug={repeated.has(names[index]!)}
            />
          ))}
        </tbody>
      </table>
      {entries.length === 0 && (
        <EmptyState icon="searchEmpty" title={t('list.noResults')} message={t('list.noResultsMessage', { term })} />
      )}
      {props.hasMore && <LoadMore rows={entries.length} isLoading={props.isLoadingMore} onLoadMore={props.onLoadMore} />}
    </div>
  );
}

type EntryRowProps = {
  id: string;
  entry: EntryListItem;
  columns: ListColumn[];
  href: string;
  onOpen(href: string): void;
  onHover(): void;
  /** null: the rows cannot be chosen. */
  selected: boolean | null;
  /** `range`: pressed with Shift. */
  onToggle: ((range: boolean) => void) | null;
  /** Another row reads the same: the slug tells them apart. */
  showSlug: boolean;
};

/** One entry; a press anywhere but its checkbox or link opens it, as its link does. */
function EntryRow({ id, entry, columns, href, onOpen, onHover, selected, onToggle, showSlug }: EntryRowProps) {
  const open = (event: MouseEvent) => {
    if (event.button !== 0 || (event.target as Element).closest('a, input, label, button')) return;
    onOpen(href);
  };
  return (
    <tr className="entry-table-row" aria-labelledby={id} onClick={open} onMouseEnter={onHover} onFocus={onHover}>
      {selected !== null && (
        <td className="entry-table-select">
          <TableCheckbox label={t('list.select', { name: entry.slug })} extent={selected ? 'all' : 'none'} onToggle={onToggle!} />
        </td>
      )}
      {columns.map((column, index) => {
        const text = cellText(entry, column);
        if (index === 0) {
          return (
            <th key={column.id} id={id} scope="row">
              {entry.problem !== null && <ProblemMarker problem={entry.problem} />}
              <Link to={href} className="entry-table-link">
                {/* An entry whose first column is empty (or unreadable) is still named by its slug. */}
                <bdi>{text === '' ? entry.slug : text}</bdi>
                {showSlug && text !== '' && (
                  <>
                    {' '}
                    <span className="entry-table-slug">{entry.slug}</span>
                  </>
                )}
              </Link>
              <RowPeople href={href} />
            </th>
          );
        }
        return (
          <td key={column.id} className={columnClass(column, index)}>
            {column.id === STATUS_COLUMN ? <span className={`entry-status entry-status-${entry.status ?? 'unchanged'}`}>{text}</span> : <bdi>{text}</bdi>}
          </td>
        );
      })}
    </tr>
  );
}

/** On a phone the title (and a branch's status) keep the room; the other columns give it up. */
function columnClass(column: ListColumn, index: number): string | undefined {
  return index > 0 && column.id !== STATUS_COLUMN ? 'entry-table-secondary' : undefined;
}

/** A row's checkbox, or in the header the one for every row (mixed while some are chosen). */
function TableCheckbox({ label, extent, onToggle }: { label: string; extent: 'all' | 'some' | 'none'; onToggle(range: boolean): void }) {
  const input = useRef<HTMLInputElement>(null);
  // The change event does not say whether Shift was down; the click before it does.
  const shift = useRef(false);
  useEffect(() => {
    if (input.current) input.current.indeterminate = extent === 'some';
  }, [extent]);
  return (
    <span className="checkbox table-checkbox" data-selected={extent === 'all' || undefined}>
      <input
        ref={input}
        type="checkbox"
        aria-label={label}
        checked={extent === 'all'}
        onClick={(event) => void (shift.current = event.shiftKey)}
        onChange={() => {
          onToggle(shift.current);
          shift.current = false;
        }}
      />
      <span className="checkbox-box" aria-hidden="true">
        <svg viewBox="0 0 18 18">{extent === 'some' ? <line x1="4" y1="9" x2="14" y2="9" /> : <polyline points="3.5 9.5 7.5 13 14.5 5" />}</svg>
      </span>
    </span>
  );
}

/**
 * Below the last row while the server has more: asks for the next page when it scrolls into view,
 * and again after each page while it still shows (a tall window).
 */
function LoadMore({ rows, isLoading, onLoadMore }: { rows: number; isLoading: boolean; onLoadMore(): void }) {
  const marker = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = marker.current;
    if (element === null || isLoading) return;
    const observer = new IntersectionObserver((seen) => seen.some((entry) => entry.isIntersecting) && onLoadMore(), {
      root: element.closest('.entry-table'),
      rootMargin: '0px 0px 300px 0px',
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [rows, isLoading, onLoadMore]);
  return (
    <div ref={marker} className="entry-table-loader">
      <Spinner label={t('list.loadingMore')} />
    </div>
  );
}

/** Entries that do not open cleanly still list, marked, so they can be found and fixed. */
function ProblemMarker({ problem }: { problem: string }) {
  const text = t('list.problem', { problem });
  return (
    <span className="entry-problem" title={text}>
      <Icon name="warning" size={16} />
      <span className="visually-hidden">{text}</span>
    </span>
  );
}

/** Others on this entry (on this branch), for the eye: the entry screen lists them by name. */
function RowPeople({ href }: { href: string }) {
  const { placeOf } = useCollab();
  const here = useCallback((person: Person) => isAt(person, placeOf(href)), [href, placeOf]);
  return <People people={usePeople(here)} size="small" className="row-people" />;
}
