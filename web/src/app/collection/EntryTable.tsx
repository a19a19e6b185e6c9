/**
 * The sortable, virtualized table of a collection's entries (rows are links to each entry). Only the
 * visible rows are rendered, so collections of thousands of entries stay fast.
 */
import { useMemo, useState } from 'react';
import { Cell, Column, Row, Table, TableBody, TableHeader, TableLayout, Virtualizer } from 'react-aria-components';
import type { SortDescriptor } from 'react-aria-components';
import type { EntryListItem } from '../../api/wire';
import { t } from '../../lib/messages/format';
import { EmptyState } from '../../ui/EmptyState';
import { Icon } from '../../ui/icons';
import { useHrefs } from '../hrefs';
import { preloadEntry } from '../preload';
import { columnValue, compareValues, displayValue, STATUS_COLUMN } from './columns';
import type { ListColumn } from './columns';

type EntryTableProps = {
  collectionKey: string;
  label: string;
  columns: ListColumn[];
  entries: EntryListItem[];
  /** The search term, for the no-results message. */
  term: string;
};

const ROW_HEIGHT = 45;
const HEADING_HEIGHT = 40;

export function EntryTable({ collectionKey, label, columns, entries, term }: EntryTableProps) {
  const [sort, setSort] = useState<SortDescriptor>({ column: columns[0]!.id, direction: 'ascending' });
  const sorted = useMemo(() => {
    const column = columns.find((candidate) => candidate.id === sort.column) ?? columns[0]!;
    const sign = sort.direction === 'descending' ? -1 : 1;
    return [...entries].sort(
      (a, b) => sign * compareValues(columnValue(a, column), columnValue(b, column)) || compareValues(a.slug, b.slug),
    );
  }, [entries, columns, sort]);
  const hrefs = useHrefs();
  return (
    <Virtualizer layout={TableLayout} layoutOptions={{ rowHeight: ROW_HEIGHT, headingHeight: HEADING_HEIGHT }}>
      <Table aria-label={label} className="entry-table" sortDescriptor={sort} onSortChange={setSort}>
        <TableHeader className="entry-table-header" columns={columns}>
          {(column) => (
            <Column id={column.id} isRowHeader={column.id === columns[0]!.id} allowsSorting className="entry-table-column">
              {({ sortDirection }) => (
                <span className="entry-table-column-label">
                  {column.label}
                  {sortDirection && <Icon name={sortDirection === 'ascending' ? 'arrowUp' : 'arrowDown'} size={14} />}
                </span>
              )}
            </Column>
          )}
        </TableHeader>
        <TableBody
          className="entry-table-body"
          items={sorted}
          renderEmptyState={() => (
            <EmptyState icon="searchEmpty" title={t('list.noResults')} message={t('list.noResultsMessage', { term })} />
          )}
        >
          {(entry) => (
            <Row
              id={entry.slug}
              href={hrefs.entry(collectionKey, entry.slug)}
              textValue={entry.slug}
              className="entry-table-row"
              columns={columns}
              onHoverStart={preloadEntry}
            >
              {(column) => {
                const isFirst = column.id === columns[0]!.id;
                const text = displayValue(columnValue(entry, column), column.field);
                if (column.id === STATUS_COLUMN) {
                  return (
                    <Cell className="entry-table-cell">
                      <span className={`entry-status entry-status-${entry.status ?? 'unchanged'}`}>{text}</span>
                    </Cell>
                  );
                }
                return (
                  <Cell className="entry-table-cell">
                    {isFirst && entry.problem !== null && <ProblemMarker problem={entry.problem} />}
                    {/* An entry whose first column is empty (or unreadable) is still named by its slug. */}
                    {isFirst && text === '' ? entry.slug : text}
                  </Cell>
                );
              }}
            </Row>
          )}
        </TableBody>
      </Table>
    </Virtualizer>
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
