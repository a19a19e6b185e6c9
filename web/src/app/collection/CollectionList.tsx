/** A collection's entries: search, sortable table, and the way to add one. */
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useParams } from 'react-router';
import { Button as AriaButton } from 'react-aria-components';
import { fetchEntries } from '../../api/client';
import type { Collection } from '../../api/config';
import { t } from '../../lib/messages/format';
import { LinkButton } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { LoadingState } from '../../ui/Spinner';
import { useConfig } from '../data/ConfigProvider';
import { errorMessage, useAsync } from '../data/useAsync';
import { useIsDefaultBranch } from '../branch/BranchList';
import { useCurrentBranch } from '../branch/CurrentBranch';
import { useHrefs } from '../hrefs';
import { NotFound } from '../NotFound';
import { preloadEntryWhenIdle } from '../preload';
import { ScreenHeader } from '../shell/ScreenHeader';
import { useModShortcut } from '../useShortcut';
import { listColumns } from './columns';
import { EntryTable } from './EntryTable';
import { SearchBox } from './SearchBox';
import { matchesSearch, useSearchTerm } from './useSearchTerm';

export function CollectionListScreen() {
  const { collection: key = '' } = useParams();
  const collection = useConfig().collections[key];
  if (collection === undefined) return <NotFound />;
  // A new key gives a new screen, so the search term and sort of one collection never leak into another.
  return <CollectionList key={key} collectionKey={key} collection={collection} />;
}

function CollectionList({ collectionKey, collection }: { collectionKey: string; collection: Collection }) {
  const [term, setTerm] = useSearchTerm();
  const searchInput = useRef<HTMLInputElement>(null);
  useModShortcut('f', () => searchInput.current?.focus());
  const branch = useCurrentBranch();
  const hrefs = useHrefs();
  // Statuses compare with the default branch: on it, every entry would be unchanged.
  const withStatus = !useIsDefaultBranch();
  const columns = useMemo(() => listColumns(collection, { withStatus }), [collection, withStatus]);
  const [response, reload] = useAsync(useCallback(() => fetchEntries(collectionKey, branch), [collectionKey, branch]));
  const entries = response.kind === 'loaded' ? { kind: 'loaded' as const, value: response.value.entries } : response;
  // Once the rows show, the entry screens download while nothing else does.
  const listed = entries.kind === 'loaded';
  useEffect(() => (listed ? preloadEntryWhenIdle() : undefined), [listed]);
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
        {entries.kind === 'loaded' && entries.value.length === 0 && (
          <EmptyState icon="folder" title={t('list.empty')} message={t('list.emptyMessage')} />
        )}
        {entries.kind === 'loaded' && entries.value.length > 0 && (
          <EntryTable
            collectionKey={collectionKey}
            label={collection.label}
            columns={columns}
            entries={entries.value.filter((entry) => matchesSearch(entry.slug, term))}
            term={term}
          />
        )}
      </div>
    </>
  );
}
