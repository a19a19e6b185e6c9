/**
 * Glob patterns of path reference fields: `*` matches within one path segment, `**` across any
 * number of segments (`**` followed by `/` also matches none), `?` one character of a segment.
 */

export function globToRegExp(pattern: string): RegExp {
  let source = '';
  for (let index = 0; index < pattern.length; index += 1) {
    const char = pattern[index]!;
    if (char === '*' && pattern[index + 1] === '*') {
      const slash = pattern[index + 2] === '/';
      source += slash ? '(?:.*/)?' : '.*';
      index += slash ? 2 : 1;
    } else if (char === '*') {
      source += '[^/]*';
    } else if (char === '?') {
      source += '[^/]';
    } else {
      source += char.replace(/[.+^${}()|[\]\\]/g, '\\$&');
    }
  }
  return new RegExp(`^${source}$`);
}

/** The paths a pattern matches (every path when there is no pattern), in order. */
export function matchingPaths(paths: readonly string[], pattern: string | null): string[] {
  if (pattern === null) return [...paths].sort();
  const regex = globToRegExp(pattern.replace(/^\.?\/+/, ''));
  return paths.filter((path) => regex.test(path)).sort();
}
