/**
 * The sortable, virtualized table of a collection's entries (rows are links to each entry). The
 * server sorts and pages the rows; the table asks for more as it scrolls to its end, and renders
 * only the visible rows, so collections of thousands of entries stay fast.
 */
import {
  Cell,
  Checkbox,
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
import type { Selection, SortDescriptor } from 'react-aria-components';
import type { EntryListItem } from '../../api/wire';
import { t } from '../../lib/messages/format';
import { EmptyState } from '../../ui/EmptyState';
import { Icon } from '../../ui/icons';
import { useHrefs } from '../hrefs';
import { Spinner } from '../../ui/Spinner';
import { columnValue, displayValue, STATUS_COLUMN } from './columns';
import type { ListColumn } from './columns';
import type { ListOrder } from './usePagedEntries';

type EntryTableProps = {
  collectionKey: string;
  label: string;
  /** A row is pointed at: it may open next. */
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
  selection: { keys: Selection; onChange(keys: Selection): void } | null;
};

/** The column of the rows' checkboxes. */
const SELECT_COLUMN: ListColumn = { id: '__select', label: '', field: null };

const ROW_HEIGHT = 45;
const HEADING_HEIGHT = 40;
const LOADER_HEIGHT = 48;

export function EntryTable(props: EntryTableProps) {
  const { collectionKey, label, entries, hasMore, isLoadingMore, onLoadMore, order, onOrderChange, term, selection } = props;
  const columns = selection === null ? props.columns : [SELECT_COLUMN, ...props.columns];
  const firstColumn = props.columns[0]!.id;
  const sort: SortDescriptor = order;
  const setSort = (next: SortDescriptor) => onOrderChange({ column: String(next.column), direction: next.direction });
  const hrefs = useHrefs();
  return (
    <Virtualizer layout={TableLayout} layoutOptions={{ rowHeight: ROW_HEIGHT, headingHeight: HEADING_HEIGHT, loaderHeight: LOADER_HEIGHT }}>
      <Table
        aria-label={label}
        className="entry-table"
        sortDescriptor={sort}
        onSortChange={setSort}
        selectionMode={selection === null ? 'none' : 'multiple'}
        selectedKeys={selection?.keys ?? new Set()}
        onSelectionChange={selection?.onChange}
      >
        <TableHeader className="entry-table-header" columns={columns}>
          {(column) =>
            column.id === SELECT_COLUMN.id ? (
              <Column id={column.id} width={48} className="entry-table-column entry-table-select">
                <SelectionCheckbox />
              </Column>
            ) : (
              <Column id={column.id} isRowHeader={column.id === firstColumn} allowsSorting className="entry-table-column">
                {({ sortDirection }) => (
                  <span className="entry-table-column-label">
                    {column.label}
                    {sortDirection && <Icon name={sortDirection === 'ascending' ? 'arrowUp' : 'arrowDown'} size={14} />}
                  </span>
                )}
              </Column>
            )
          }
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
                onHoverStart={props.onRowHover}
              >
                {(column) => {
                  if (column.id === SELECT_COLUMN.id) {
                    return (
                      <Cell className="entry-table-cell entry-table-select">
                        <SelectionCheckbox />
                      </Cell>
                    );
                  }
                  const isFirst = column.id === firstColumn;
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

/** A row's checkbox, or in the header the one for every row. */
function SelectionCheckbox() {
  return (
    <Checkbox slot="selection" className="checkbox">
      {({ isIndeterminate }) => (
        <span className="checkbox-box" aria-hidden="true">
          <svg viewBox="0 0 18 18">{isIndeterminate ? <line x1="4" y1="9" x2="14" y2="9" /> : <polyline points="3.5 9.5 7.5 13 14.5 5" />}</svg>
        </span>
      )}
    </Checkbox>
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
