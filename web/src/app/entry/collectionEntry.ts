/** What the create and edit screens of a collection share: its shape, layout and slug rules. */
import { useCallback, useMemo } from 'react';
import type { Collection } from '../../api/config';
import { entrySlug } from '../../fields/entry';
import type { EntryShape, EntryState } from '../../fields/entry';
import type { SlugState } from '../../fields/slug/schema';
import { collectionPlace, collectionShape, dataExtension } from '../../fields/entryLocation';
import type { SlugRules } from '../../fields/kind';
import { collectionLayout, slugsInTree } from '../../lib/entryPaths';
import type { TreeShas } from '../data/entryFiles';

export function useCollectionEntry(collection: Collection) {
  const shape = useMemo(() => collectionShape(collection), [collection]);
  const layout = useMemo(() => collectionLayout(collection.path), [collection]);
  const placeFor = useCallback((state: EntryState) => collectionPlace(layout, entrySlug(shape, state)), [layout, shape]);
  return { shape, layout, placeFor };
}

/** The collection's glob and the slugs other entries already use (`own`, the entry's slug, is free). */
export function collectionSlugRules(collection: Collection, tree: TreeShas, own: string | null): SlugRules {
  const layout = collectionLayout(collection.path);
  const slugs = new Set(slugsInTree(tree.keys(), layout, dataExtension(collectionShape(collection))));
  if (own !== null) slugs.delete(own);
  return { glob: layout.glob, slugs };
}

/** The preview link of an entry: the configured URL with its slug and branch in place of `{slug}` and `{branch}`. */
export function previewHref(previewUrl: string | null, slug: string, branch: string | null): string | null {
  return previewUrl === null ? null : previewUrl.replaceAll('{slug}', slug).replaceAll('{branch}', branch ?? '');
}

/** `state` with its slug field's slug replaced (the name stays): a pasted or duplicated entry gets a slug of its own. */
export function withSlug(shape: EntryShape, state: EntryState, slug: string): EntryState {
  if (shape.slugField === null) return state;
  const current = state[shape.slugField] as SlugState | undefined;
  return { ...state, [shape.slugField]: { name: current?.name ?? '', slug } };
}
