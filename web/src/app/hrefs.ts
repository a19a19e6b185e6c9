/** The admin's client routes (below the /keystatic base), as the spec names them. */

function segment(value: string): string {
  return encodeURIComponent(value);
}

/** Slugs of `**` collections hold folders: their slashes stay path separators. */
function slugPath(slug: string): string {
  return slug.split('/').map(segment).join('/');
}

export const hrefs = {
  dashboard: () => '/',
  collection: (collection: string) => `/collection/${segment(collection)}`,
  createEntry: (collection: string) => `/collection/${segment(collection)}/create`,
  entry: (collection: string, slug: string) => `/collection/${segment(collection)}/item/${slugPath(slug)}`,
  singleton: (singleton: string) => `/singleton/${segment(singleton)}`,
};
