/** What the create and edit screens of a collection share: its shape and layout, and its preview links. */
import { useCallback, useMemo } from 'react';
import type { Collection } from '../../api/config';
import { entrySlug } from '../../entry/formState';
import type { EntryState } from '../../entry/formState';
import { collectionLayout } from '../../entry/paths';
import { collectionPlace } from '../../entry/place';
import { collectionShape } from '../../entry/shape';

export function useCollectionEntry(collection: Collection) {
  const shape = useMemo(() => collectionShape(collection), [collection]);
  const layout = useMemo(() => collectionLayout(collection.path), [collection]);
  const placeFor = useCallback((state: EntryState) => collectionPlace(layout, entrySlug(shape, state)), [layout, shape]);
  return { shape, layout, placeFor };
}

/** The preview link of an entry: the configured URL with its slug and branch in place of `{slug}` and `{branch}`. */
export function previewHref(previewUrl: string | null, slug: string, branch: string | null): string | null {
  return previewUrl === null ? null : previewUrl.replaceAll('{slug}', slug).replaceAll('{branch}', branch ?? '');
}
