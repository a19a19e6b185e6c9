/**
 * The slugs other entries already use, as far as the slug field needs them: the slug the form
 * holds is looked up a moment after it stops changing (`lookUp`), with the slugs that begin with
 * it, so uniqueness costs the same at any size of site and opening an entry waits for none of it.
 * What is learnt is kept for the screen's life. The server refuses to write over an entry that
 * exists, always.
 */
import { useCallback, useEffect, useState } from 'react';
import { fetchSlugs } from '../../api/client';

/** How long a slug stays unchanged before it is looked up. */
const LOOK_UP_DELAY_MS = 150;

/** Enough for any slug's `-1`, `-2`, ... (`uniqueSlug`). */
export const TAKEN_LIMIT = 1000;

/** The collection's slugs that begin with `slug` (it, and its `-1`, `-2`, ... when taken). */
export async function slugsStartingWith(collection: string, branch: string | null, slug: string): Promise<string[]> {
  return (await fetchSlugs(collection, branch, { prefix: slug, limit: TAKEN_LIMIT })).slugs;
}

export function useTakenSlugs(
  collection: string,
  branch: string | null,
  initial: readonly string[] = [],
): [ReadonlySet<string>, lookUp: (slug: string) => void] {
  const [known, setKnown] = useState<ReadonlySet<string>>(() => new Set(initial));
  const [wanted, setWanted] = useState('');
  useEffect(() => {
    if (wanted === '') return;
    const timer = setTimeout(() => {
      slugsStartingWith(collection, branch, wanted).then(
        (slugs) => setKnown((current) => (slugs.every((slug) => current.has(slug)) ? current : new Set([...current, ...slugs]))),
        // Unknown for now: the server still refuses a taken one when the entry is saved.
        () => undefined,
      );
    }, LOOK_UP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [collection, branch, wanted]);
  return [known, useCallback((slug: string) => setWanted(slug), [])];
}
