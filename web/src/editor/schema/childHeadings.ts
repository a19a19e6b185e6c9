/**
 * A component block's child field may hold fewer heading levels than its field (Keystatic's
 * `formatting: { headingLevels: [2] }`); its node spec carries them as `headingLevels`. These say
 * what a place in the document may hold, for the block commands, the input rules and paste.
 */
import { Fragment, Slice } from 'prosemirror-model';
import type { Node, NodeType, ResolvedPos } from 'prosemirror-model';
import type { HeadingLevel } from '../options';
import { editorSchemaOf } from './createSchema';

/** The levels of its own a node type's content may hold, if it is a child field that has them. */
export function ownHeadingLevels(type: NodeType): readonly HeadingLevel[] | undefined {
  return type.spec.headingLevels as readonly HeadingLevel[] | undefined;
}

/** The field's heading levels, narrowed by the innermost child field around `$pos` that has its own. */
export function headingLevelsAt($pos: ResolvedPos): readonly HeadingLevel[] {
  const fieldLevels = editorSchemaOf($pos.doc.type.schema).options.heading;
  for (let depth = $pos.depth; depth >= 0; depth--) {
    const own = ownHeadingLevels($pos.node(depth).type);
    if (own !== undefined) return fieldLevels.filter((level) => own.includes(level));
  }
  return fieldLevels;
}

/** `slice` with each heading of a level `levels` leaves out made a paragraph of the same text. */
export function withHeadingLevels(slice: Slice, levels: readonly HeadingLevel[]): Slice {
  return new Slice(headingsAllowed(slice.content, levels), slice.openStart, slice.openEnd);
}

function headingsAllowed(fragment: Fragment, levels: readonly HeadingLevel[]): Fragment {
  const nodes: Node[] = [];
  fragment.forEach((node) => {
    const { paragraph } = node.type.schema.nodes;
    if (node.type.name === 'heading' && !levels.includes(node.attrs.level as HeadingLevel) && paragraph !== undefined) {
      nodes.push(paragraph.create({ textAlign: node.attrs.textAlign as unknown }, node.content));
    } else {
      nodes.push(node.isTextblock || node.isLeaf ? node : node.copy(headingsAllowed(node.content, levels)));
    }
  });
  return Fragment.from(nodes);
}
