/**
 * Markdoc and MDX fields. Their state is the text to store and its image files (images.ts): the
 * editor (ContentEditor.tsx) turns them into a document and writes every change back as the exact
 * bytes Keystatic writes (document.ts), so an entry whose content was not touched saves its content
 * unchanged. The text never goes into the data file. At the top of a schema it is the body after
 * the frontmatter (the format's content field) or a file of its own, which src/entry/formState.ts
 * reads and writes; inside objects, arrays and conditionals it is a file named after the field's prop path,
 * `<entry folder>/<prop path>.<extension>` (`authors/0/bio.mdoc`), read and written here.
 */
import type { ContentField } from '../../api/config';
import type { FileRef } from '../extraFiles';
import type { FieldSchema } from '../kind';
import { readContent, textOnly, writeContentFiles } from './images';
import type { ContentState } from './images';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export const contentSchema: FieldSchema<ContentField, ContentState> = {
  defaultState: () => textOnly(''),
  parse(field, value, { path, slug, readFile, readFolder }) {
    const bytes = readFile(contentFile(field, path));
    // A value kept in the data file (as older files may have it) is read rather than lost.
    const text = bytes === null ? (typeof value === 'string' ? value : '') : decoder.decode(bytes);
    return readContent(field, path.join('/'), text, readFolder, slug);
  },
  validate: () => null,
  serialize(field, state, { path, slug, writeFile }) {
    // Image `src`s name the slug the entry has now (see images.ts).
    const written = writeContentFiles(field, path.join('/'), state, slug);
    writeFile({ ...contentFile(field, path), contents: encoder.encode(written.text) });
    for (const file of written.files) writeFile(file);
    return undefined;
  },
};

/** A nested content field's file, in the entry's folder. */
function contentFile(field: ContentField, path: readonly string[]): FileRef {
  return { directory: null, filename: `${path.join('/')}.${field.extension}` };
}
