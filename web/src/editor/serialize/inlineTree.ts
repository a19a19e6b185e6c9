/**
 * Turns the flat inline content of a textblock (text nodes each carrying a set of marks) into the
 * nested tree that Markdoc and mdast want (`strong > em > text`). Follows the rules of
 * prosemirror-markdown, which Keystatic's writer follows too, so that the same document gives the
 * same nesting: marks already open stay open when a later node has them in another order, and
 * whitespace at the edges of bold, italic and strikethrough moves outside the mark (Markdown does
 * not allow `** x**`).
 */
import type { Fragment, Mark, Node } from 'prosemirror-model';

export type InlineTreeBuilder<T> = {
  /** Plain text: whitespace moved out of a mark. */
  text(content: string): T;
  /** A text node or an inline leaf (image, hard break, inline component) with its marks open. */
  leaf(node: Node): T | null;
  /** The node a mark wraps its content in; null when the mark shows on its leaves instead (code). */
  wrapper(mark: Mark): (T & { children: T[] }) | null;
};

/** Marks whose content may not start or end with whitespace. */
const expelling = new Set(['bold', 'italic', 'strikethrough']);
/** Marks that may stay open across a change in the order of other marks. */
const mixable = new Set(['bold', 'italic', 'strikethrough', 'link']);

type Open<T> = { mark: Mark; children: T[] | null };

export function inlineTree<T>(fragment: Fragment, builder: InlineTreeBuilder<T>): T[] {
  const root: T[] = [];
  const open: Open<T>[] = [];
  let trailing = '';

  const current = (): T[] => {
    for (let i = open.length - 1; i >= 0; i--) {
      const children = open[i]!.children;
      if (children !== null) return children;
    }
    return root;
  };
  const activeMarks = () => open.map((entry) => entry.mark);

  const process = (given: Node | null, index: number) => {
    let node = given;
    let marks: readonly Mark[] = node ? node.marks : [];
    let leading = trailing;
    trailing = '';

    if (node?.isText && marks.some((mark) => expelling.has(mark.type.name) && !mark.isInSet(activeMarks()))) {
      const [, lead = '', rest = ''] = /^(\s*)([^]*)$/.exec(node.text ?? '') ?? [];
      if (lead !== '') {
        leading += lead;
        node = rest === '' ? null : node.type.schema.text(rest, node.marks);
        if (node === null) marks = activeMarks();
      }
    }
    if (
      node?.isText &&
      marks.some(
        (mark) =>
          expelling.has(mark.type.name) &&
          (index === fragment.childCount - 1 || !mark.isInSet(fragment.child(index + 1).marks)),
      )
    ) {
      const [, rest = '', trail = ''] = /^([^]*?)(\s*)$/.exec(node.text ?? '') ?? [];
      if (trail !== '') {
        trailing = trail;
        node = rest === '' ? null : node.type.schema.text(rest, node.marks);
        if (node === null) marks = activeMarks();
      }
    }

    marks = keepOpenOrder(marks, activeMarks());

    let keep = 0;
    while (keep < Math.min(open.length, marks.length) && marks[keep]!.eq(open[keep]!.mark)) keep++;
    open.length = keep;

    if (leading !== '') current().push(builder.text(leading));
    if (node === null) return;
    for (const mark of marks.slice(open.length)) {
      const wrapper = builder.wrapper(mark);
      if (wrapper !== null) current().push(wrapper);
      open.push({ mark, children: wrapper === null ? null : wrapper.children });
    }
    const leaf = builder.leaf(node);
    if (leaf !== null) current().push(leaf);
  };

  fragment.forEach((node, _offset, index) => process(node, index));
  process(null, fragment.childCount);
  return root;
}

/** Moves each mixable mark that is already open to the place it has among the open marks. */
function keepOpenOrder(given: readonly Mark[], active: readonly Mark[]): readonly Mark[] {
  let marks = given;
  // Indexes are those of the marks as given, as in prosemirror-markdown, whose output this matches.
  outer: for (const [i, mark] of given.entries()) {
    if (!mixable.has(mark.type.name)) continue;
    for (let j = 0; j < active.length; j++) {
      const other = active[j]!;
      if (!mixable.has(other.type.name)) break;
      if (!mark.eq(other)) continue;
      if (i > j) marks = [...marks.slice(0, j), mark, ...marks.slice(j, i), ...marks.slice(i + 1)];
      else if (j > i) marks = [...marks.slice(0, i), ...marks.slice(i + 1, j), mark, ...marks.slice(j)];
      continue outer;
    }
  }
  return marks;
}
