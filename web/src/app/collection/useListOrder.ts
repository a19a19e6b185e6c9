/**
 * The list's order, kept in the URL as its search is (`?sort=publishedDate`, `?sort=-publishedDate`
 * for descending), so that a reload, the back button or a shared link shows the same order. A
 * column the list does not have is ignored.
 */
import { useSearchParams } from 'react-router';
import type { ListOrder } from './usePagedEntries';

export function useListOrder(columns: readonly { id: string }[]): [ListOrder | null, (order: ListOrder) => void] {
  const [params, setParams] = useSearchParams();
  const order = orderFromParam(params.get('sort'), columns);
  const setOrder = (next: ListOrder) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('sort', `${next.direction === 'descending' ? '-' : ''}${next.column}`);
        return updated;
      },
      { replace: true },
    );
  return [order, setOrder];
}

export function orderFromParam(param: string | null, columns: readonly { id: string }[]): ListOrder | null {
  if (param === null) return null;
  const descending = param.startsWith('-');
  const column = descending ? param.slice(1) : param;
  if (!columns.some((candidate) => candidate.id === column)) return null;
  return { column, direction: descending ? 'descending' : 'ascending' };
}
