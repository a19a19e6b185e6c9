/** Slugs generated from names, as Keystatic generates them (@sindresorhus/slugify 1.x, default options). */
import slugify from '@sindresorhus/slugify';

export function slugFromName(name: string): string {
  return slugify(name);
}

/** `slug`, or the first of `slug-1`, `slug-2`, … that is not taken. */
export function uniqueSlug(slug: string, taken: ReadonlySet<string>): string {
  if (!taken.has(slug)) return slug;
  let suffix = 1;
  while (taken.has(`${slug}-${suffix}`)) suffix += 1;
  return `${slug}-${suffix}`;
}
