/**
 * An entry's files held in memory as bytes (a draft, an entry on the clipboard), and the form state
 * they read back into.
 */
import { parseEntry } from '../../fields/entry';
import type { EntryShape, EntryState } from '../../fields/entry';
import { entryPaths, extraFilePath, filesBelow } from '../../fields/entryLocation';
import type { EntryPlace } from '../../fields/entryLocation';
import type { FileContents } from './entryFiles';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The files of a form state (see filesFor) as bytes. */
export function filesAsBytes(files: ReadonlyMap<string, FileContents>): Map<string, Uint8Array> {
  return new Map([...files].map(([path, contents]) => [path, typeof contents === 'string' ? encoder.encode(contents) : contents]));
}

/**
 * The form state of the entry whose files at `place` are in `files` (`slug`: the collection entry's
 * slug), or null when its data file is missing or it does not open cleanly.
 */
export function stateFromFiles(
  shape: EntryShape,
  place: EntryPlace,
  slug: string,
  files: ReadonlyMap<string, Uint8Array>,
): EntryState | null {
  const paths = entryPaths(shape, place);
  const data = files.get(paths.data);
  if (data === undefined) return null;
  const content = Object.fromEntries(
    Object.entries(paths.content).map(([key, path]) => {
      const bytes = files.get(path);
      return [key, bytes === undefined ? undefined : decoder.decode(bytes)];
    }),
  );
  const fileSlug = shape.slugField === null ? undefined : slug;
  const parsed = parseEntry(
    shape,
    {
      data: decoder.decode(data),
      content,
      readFile: (ref) => files.get(extraFilePath(place, fileSlug, ref)) ?? null,
      readFolder: (folder) => filesBelow(files, place, fileSlug, folder),
    },
    paths.data,
    slug,
  );
  return parsed.ok ? parsed.state : null;
}
