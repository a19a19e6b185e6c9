/**
 * The sortable, virtualized table of a collection's entries (rows are links to each entry). The
 * server sorts and pages the rows; the table asks for more as it scrolls to its end, and renders
 * only the visible rows, so collections of thousands of entries stay fast.
 */
import {
  Cell,
  Collection,
  Column,
  Row,
  Table,
  TableBody,
  TableHeader,
  TableLayout,
  TableLoadMoreItem,
  Virtualizer,
} from 'react-aria-components';
import type { SortDescriptor } from 'react-aria-components';
import type { EntryListItem } from '../../api/wire';
import { t } from '../../lib/messages/format';
import { EmptyState } from '../../ui/EmptyState';
import { Icon } from '../../ui/icons';
import { useHrefs } from '../hrefs';
import { preloadEntry } from '../preload';
import { Spinner } from '../../ui/Spinner';
import { columnValue, displayValue, STATUS_COLUMN } from './columns';
import type { ListColumn } from './columns';
import type { ListOrder } from './usePagedEntries';

type EntryTableProps = {
  collectionKey: string;
  label: string;
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
};

const ROW_HEIGHT = 45;
const HEADING_HEIGHT = 40;
const LOADER_HEIGHT = 48;

export function EntryTable(props: EntryTableProps) {
  const { collectionKey, label, columns, entries, hasMore, isLoadingMore, onLoadMore, order, onOrderChange, term } = props;
  const sort: SortDescriptor = order;
  const setSort = (next: SortDescriptor) => onOrderChange({ column: String(next.column), direction: next.direction });
  const hrefs = useHrefs();
  return (
    <Virtualizer layout={TableLayout} layoutOptions={{ rowHeight: ROW_HEIGHT, headingHeight: HEADING_HEIGHT, loaderHeight: LOADER_HEIGHT }}>
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
          renderEmptyState={() => (
            <EmptyState icon="searchEmpty" title={t('list.noResults')} message={t('list.noResultsMessage', { term })} />
          )}
        >
          <Collection items={entries}>
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
          </Collection>
          {hasMore && (
            <TableLoadMoreItem className="entry-table-loader" onLoadMore={onLoadMore} isLoading={isLoadingMore}>
              <Spinner label={t('list.loadingMore')} />
            </TableLoadMoreItem>
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
