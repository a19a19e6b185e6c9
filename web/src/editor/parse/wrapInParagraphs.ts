/**
 * List items and table cells hold blocks, but Markdoc and MDX give tight ones their inline content
 * bare: both readers put each run of inline nodes in a paragraph of its own.
 */
import type { Node, Schema } from 'prosemirror-model';

export function wrapInParagraphs(schema: Schema, children: readonly Node[]): Node[] {
  const blocks: Node[] = [];
  let inline: Node[] = [];
  const flush = () => {
    if (inline.length > 0) blocks.push(schema.nodes.paragraph!.create(null, inline));
    inline = [];
  };
  for (const child of children) {
    if (child.isInline) inline.push(child);
    else {
      flush();
      blocks.push(child);
    }
  }
  flush();
  return blocks;
}
