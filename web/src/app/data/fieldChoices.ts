/**
 * The lists picker fields choose from, loaded on first use with one request each (a collection's
 * slugs, file paths from the tree) and shared by every field of a form.
 */
import { fetchSlugs, fetchTree } from '../../api/client';
import type { FieldChoices } from '../../fields/FieldProps';

export function createFieldChoices(branch: string | null): FieldChoices {
  const slugs = new Map<string, Promise<string[]>>();
  let paths: Promise<string[]> | null = null;
  return {
    entrySlugs(collection) {
      let loading = slugs.get(collection);
      if (loading === undefined) {
        loading = fetchSlugs(collection, branch).then(({ slugs }) => slugs);
        // A failed load is not kept: the next field that asks tries again.
        loading.catch(() => slugs.delete(collection));
        slugs.set(collection, loading);
      }
      return loading;
    },
    filePaths() {
      if (paths === null) {
        const loading = fetchTree(branch).then(({ entries }) => entries.filter((entry) => entry.type === 'blob').map((entry) => entry.path));
        loading.catch(() => {
          if (paths === loading) paths = null;
        });
        paths = loading;
      }
      return paths;
    },
  };
}
