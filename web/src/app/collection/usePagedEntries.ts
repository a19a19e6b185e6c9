/**
 * A collection's rows as the server finds, orders and pages them: the first page when the search or
 * the order changes, the next as the table scrolls to its end. Answers for an older search or order
 * are dropped, so rows never mix; the rows shown stay until the new ones come.
 */
import { useCallback, useEffect, useState } from 'react';
import { fetchEntries, LIST_PAGE_SIZE } from '../../api/client';
import type { EntryListItem } from '../../api/wire';

export type ListOrder = { column: string; direction: 'ascending' | 'descending' };

export type PagedEntries =
  | { kind: 'loading' }
  | { kind: 'error'; error: unknown }
  | { kind: 'loaded'; rows: EntryListItem[]; total: number; isLoadingMore: boolean };

/** What came back, and for which request (collection, branch, search, order, reload). */
type Settled = { key: string } & ({ kind: 'error'; error: unknown } | { kind: 'loaded'; rows: EntryListItem[]; total: number; isLoadingMore: boolean });

/** `order` null: the server's own (the first column, ascending), which the page's early request asks for. */
export function usePagedEntries(collection: string, branch: string | null, search: string, order: ListOrder | null) {
  const [generation, setGeneration] = useState(0);
  const [settled, setSettled] = useState<Settled | null>(null);
  const key = JSON.stringify([collection, branch, search, order?.column, order?.direction, generation]);
  const query = useCallback(
    (offset: number) =>
      fetchEntries(collection, branch, { search, sort: order?.column, direction: order?.direction, offset, limit: LIST_PAGE_SIZE }),
    [collection, branch, search, order?.column, order?.direction],
  );

  useEffect(() => {
    let live = true;
    query(0).then(
      (page) => live && setSettled({ key, kind: 'loaded', rows: page.entries, total: page.total, isLoadingMore: false }),
      (error: unknown) => live && setSettled({ key, kind: 'error', error }),
    );
    return () => {
      live = false;
    };
  }, [key, query]);

  const isCurrent = settled?.key === key;
  const loadMore = useCallback(() => {
    if (!isCurrent || settled.kind !== 'loaded' || settled.isLoadingMore || settled.rows.length >= settled.total) return;
    setSettled({ ...settled, isLoadingMore: true });
    query(settled.rows.length).then(
      (page) =>
        setSettled((previous) =>
          previous?.key === key && previous.kind === 'loaded'
            ? { ...previous, rows: [...previous.rows, ...page.entries], total: page.total, isLoadingMore: false }
            : previous,
        ),
      (error: unknown) => setSettled((previous) => (previous?.key === key ? { key, kind: 'error', error } : previous)),
    );
  }, [isCurrent, settled, query, key]);

  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  let entries: PagedEntries;
  if (settled === null) entries = { kind: 'loading' };
  else if (isCurrent) entries = settled;
  // A new search or order: the rows shown stay, and take no more pages, until the new ones come.
  else if (settled.kind === 'loaded') entries = { ...settled, isLoadingMore: true };
  else entries = { kind: 'loading' };
  return { entries, loadMore, reload };
}
