/** A collection's entries: search, sortable table, and the way to add one. */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { Button as AriaButton } from 'react-aria-components';
import type { Collection } from '../../api/config';
import { t } from '../../lib/messages/format';
import { LinkButton } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { LoadingState } from '../../ui/Spinner';
import { useConfig, useWriteAccess } from '../data/ConfigProvider';
import { errorMessage } from '../data/useAsync';
import { useIsDefaultBranch } from '../branch/BranchList';
import { useCurrentBranch } from '../branch/CurrentBranch';
import { useHrefs } from '../hrefs';
import { NotFound } from '../NotFound';
import { preloadEntry, preloadEntryWhenIdle } from '../preload';
import { useScreenShown } from '../../lib/screenShown';
import { ScreenHeader } from '../shell/ScreenHeader';
import { useModShortcut } from '../useShortcut';
import { BulkActions } from './BulkActions';
import { listColumns } from './columns';
import { NO_ROWS } from './rowSelection';
import type { RowSelection } from './rowSelection';
import { EntryTable } from './EntryTable';
import { SearchBox } from './SearchBox';
import { usePagedEntries } from './usePagedEntries';
import { useListOrder } from './useListOrder';
import { useSearchTerm } from './useSearchTerm';

export function CollectionListScreen() {
  const { collection: key = '' } = useParams();
  const collection = useConfig().collections[key];
  if (collection === undefined) return <NotFound />;
  // A new key gives a new screen, so the search term and sort of one collection never leak into another.
  return <CollectionList key={key} collectionKey={key} collection={collection} />;
}

function CollectionList({ collectionKey, collection }: { collectionKey: string; collection: Collection }) {
  const [term, setTerm, search] = useSearchTerm();
  const searchInput = useRef<HTMLInputElement>(null);
  useModShortcut('f', () => searchInput.current?.focus());
  const branch = useCurrentBranch();
  const hrefs = useHrefs();
  // Statuses compare with the default branch: on it, every entry would be unchanged.
  const withStatus = !useIsDefaultBranch();
  const columns = useMemo(() => listColumns(collection, { withStatus }), [collection, withStatus]);
  // Until someone sorts, the server's order: the first column, ascending.
  const [order, setOrder] = useListOrder(columns);
  const { entries, loadMore, reload } = usePagedEntries(collectionKey, branch, search, order);
  // Rows chosen for a bulk action, kept per search: another search starts with none.
  const [selected, setSelected] = useState<{ search: string; keys: RowSelection }>({ search, keys: NO_ROWS });
  const selection = selected.search === search ? selected.keys : NO_ROWS;
  const setSelection = (keys: RowSelection) => setSelected({ search, keys });
  const canChange = useWriteAccess() === 'write';
  // Once the rows show, the entry screens download while nothing else does.
  const listed = entries.kind === 'loaded';
  useEffect(() => (listed ? preloadEntryWhenIdle(collection) : undefined), [listed, collection]);
  useScreenShown(entries.kind !== 'loading');
  return (
    <>
      <ScreenHeader
        title={collection.label}
        actions={
          <>
            <SearchBox term={term} onChange={setTerm} inputRef={searchInput} />
            <LinkButton tone="primary" href={hrefs.createEntry(collectionKey)}>
              {t('list.add')}
            </LinkButton>
          </>
        }
      />
      <div className="collection-body">
        {entries.kind === 'loading' && <LoadingState label={t('list.loading')} />}
        {entries.kind === 'error' && (
          <EmptyState icon="warning" title={t('list.loadFailed')} message={errorMessage(entries.error)}>
            <LinkButton href={hrefs.dashboard()}>{t('nav.dashboard')}</LinkButton>
            <AriaButton className="button button-secondary" onPress={reload}>
              {t('shell.retry')}
            </AriaButton>
          </EmptyState>
        )}
        {entries.kind === 'loaded' && entries.total === 0 && search === '' && (
          <EmptyState icon="folder" title={t('list.empty')} message={t('list.emptyMessage')} />
        )}
        {entries.kind === 'loaded' && canChange && (
          <BulkActions
            collectionKey={collectionKey}
            collection={collection}
            branch={branch}
            search={search}
            selection={selection}
            total={entries.total}
            onClear={() => setSelection(NO_ROWS)}
            onDeleted={reload}
          />
        )}
        {entries.kind === 'loaded' && (entries.total > 0 || search !== '') && (
          <EntryTable
            collectionKey={collectionKey}
            label={collection.label}
            onRowHover={() => preloadEntry(collection)}
            columns={columns}
            entries={entries.rows}
            hasMore={entries.rows.length < entries.total}
            isLoadingMore={entries.isLoadingMore}
            onLoadMore={loadMore}
            order={order ?? { column: columns[0]!.id, direction: 'ascending' }}
            onOrderChange={setOrder}
            term={search}
            selection={canChange ? { keys: selection, onChange: setSelection } : null}
          />
        )}
      </div>
    </>
  );
}
