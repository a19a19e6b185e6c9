/**
 * The two content formats as documents and back, each loaded when a field of its kind opens
 * (`loadFormat`): forms without content fields load neither, and Markdoc fields never load MDX's
 * parser, which brings a JavaScript parser with it.
 */
import type { Node as ProseMirrorNode } from 'prosemirror-model';
import type { MarkdocParseContext } from '../../editor/markdoc/parse';
import type { MarkdocSerializeContext, SerializedMarkdoc } from '../../editor/markdoc/serialize';
import type { EditorSchema } from '../../editor/schema/createSchema';

type Format = {
  toDoc(text: string, schema: EditorSchema, context: MarkdocParseContext): ProseMirrorNode;
  fromDoc(doc: ProseMirrorNode, context: MarkdocSerializeContext): SerializedMarkdoc;
};

/** By kind: `mdx`, or `markdoc` for the others (`document` too). */
const loaded = new Map<'markdoc' | 'mdx', Format>();

const formatName = (kind: string) => (kind === 'mdx' ? 'mdx' : 'markdoc');

/** Makes a content field's kind ready for `formatOf`. */
export async function loadFormat(kind: string): Promise<void> {
  const name = formatName(kind);
  if (loaded.has(name)) return;
  if (name === 'mdx') {
    const [parse, serialize] = await Promise.all([import('../../editor/mdx/parse'), import('../../editor/mdx/serialize')]);
    loaded.set(name, { toDoc: parse.mdxToDoc, fromDoc: serialize.docToMdx });
  } else {
    const [parse, serialize] = await Promise.all([import('../../editor/markdoc/parse'), import('../../editor/markdoc/serialize')]);
    loaded.set(name, { toDoc: parse.markdocToDoc, fromDoc: serialize.docToMarkdoc });
  }
}

export function formatOf(kind: string): Format {
  const format = loaded.get(formatName(kind));
  if (format === undefined) throw new Error(`The ${formatName(kind)} format is not loaded yet (loadFormat)`);
  return format;
}
