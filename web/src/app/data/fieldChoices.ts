/**
 * The lists picker fields choose from, shared by every field of a form: a collection's slugs that
 * a search finds (as many as a picker shows, one request per collection and search), and the file
 * paths of the tree (one request).
 */
import { fetchSlugs, fetchTree } from '../../api/client';
import type { FieldChoices } from '../../fields/FieldProps';

/** As many as a picker shows (`ComboBoxField`'s limit). */
const CHOICES_LIMIT = 50;

export function createFieldChoices(branch: string | null): FieldChoices {
  const slugs = new Map<string, Promise<string[]>>();
  let paths: Promise<string[]> | null = null;
  return {
    entrySlugs(collection, search) {
      const key = JSON.stringify([collection, search]);
      let loading = slugs.get(key);
      if (loading === undefined) {
        loading = fetchSlugs(collection, branch, { search, limit: CHOICES_LIMIT }).then(({ slugs }) => slugs);
        // A failed load is not kept: the next field that asks tries again.
        loading.catch(() => slugs.delete(key));
        slugs.set(key, loading);
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
