/** How many changes a collection has against the default branch: added, changed and removed entries. */
import type { CollectionSummary } from '../../api/wire';

export function collectionChanges(summary: CollectionSummary | undefined): number {
  return (summary?.added ?? 0) + (summary?.changed ?? 0) + (summary?.removed ?? 0);
}
