/** What decides an entry's bytes: its schema, its format and, for collection entries, the slug field. */
import type { Collection, Format, Schema, Singleton } from '../api/config';

/** `slugField` is set for collections (its slug is the file name). */
export type EntryShape = { schema: Schema; format: Format; slugField: string | null };

export function collectionShape(collection: Collection): EntryShape {
  return { schema: collection.schema, format: collection.format, slugField: collection.slugField };
}

export function singletonShape(singleton: Singleton): EntryShape {
  return { schema: singleton.schema, format: singleton.format, slugField: null };
}
