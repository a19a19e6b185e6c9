/**
 * The slugs of a collection's entries, loaded in the background once per screen so that opening an
 * entry does not wait for a list that grows with the site: the slug field checks uniqueness against
 * them once they arrive (and the server refuses to write over an entry that exists, always).
 */
import { useCallback } from 'react';
import { fetchSlugs } from '../../api/client';
import { useAsync } from './useAsync';

const NONE: readonly string[] = [];

export function useTakenSlugs(collection: string, branch: string | null): readonly string[] {
  const [slugs] = useAsync(useCallback(async () => (await fetchSlugs(collection, branch)).slugs, [collection, branch]));
  return slugs.kind === 'loaded' ? slugs.value : NONE;
}
