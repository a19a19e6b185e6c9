/**
 * emptyContent and emptyDocument: nothing to edit, and a content file of the field's extension
 * (Keystatic's way to make an entry a `.mdoc`, `.md` or `.mdx` file). Where the format's content
 * field names one, the file is the body after the frontmatter, kept by src/entry/formState.ts;
 * elsewhere it is `<entry folder>/<prop path>.<extension>`, read and written here. Keystatic empties
 * that file on every save; the admin keeps what it holds (it shows none of it, so it never rewrites
 * it) and writes it empty where it is missing. A value the data file stores under the field's key is
 * carried through.
 */
import type { EmptyContentField } from '../../api/config';
import type { FileRef } from '../extraFiles';
import type { FieldSchema } from '../kind';
import { asRead } from '../stored';

export type EmptyContentState = { file: Uint8Array | null; stored: unknown };

export const emptyContentSchema: FieldSchema<EmptyContentField, EmptyContentState> = {
  defaultState: () => ({ file: null, stored: undefined }),
  parse: (field, value, context) => ({
    file: context.readFile(contentFile(field, context.path)),
    // Timestamps are kept as written, not rewritten as full ISO times.
    stored: value === undefined ? undefined : asRead(value, context),
  }),
  validate: () => null,
  serialize(field, state, { path, writeFile }) {
    writeFile({ ...contentFile(field, path), contents: state.file ?? new Uint8Array() });
    return state.stored;
  },
};

function contentFile(field: EmptyContentField, path: readonly string[]): FileRef {
  return { directory: null, filename: `${path.join('/')}.${field.extension}` };
}
