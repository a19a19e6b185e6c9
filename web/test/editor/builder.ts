/**
 * Builds test documents from tag functions, with the selection written into the text:
 * `doc(p('hel<cursor>lo'))`, `doc(p('<anchor>a'), p('b<head>'))`, or `<node>` right before a node
 * to select it (`doc('<node>', hr(), p())`). `print` writes a state back the same way, so a test
 * compares two short strings and a failure shows where the document or the cursor went wrong.
 */
import type { Attrs, Mark, Node, Schema } from 'prosemirror-model';
import { NodeSelection, TextSelection } from 'prosemirror-state';
import type { EditorState, Selection } from 'prosemirror-state';
import { CellSelection } from 'prosemirror-tables';

type Tags = Record<string, number>;
/** Built content with marker positions relative to its start. */
type Piece = { nodes: Node[]; tags: Tags };
type Child = string | Piece;

export type TestDoc = { doc: Node; tags: Tags };

const markerPattern = /<(cursor|anchor|head|node)>/g;

function textPiece(schema: Schema, text: string, marks: readonly Mark[]): Piece {
  const tags: Tags = {};
  let plain = '';
  let last = 0;
  for (const match of text.matchAll(markerPattern)) {
    plain += text.slice(last, match.index);
    tags[match[1]!] = plain.length;
    last = match.index + match[0].length;
  }
  plain += text.slice(last);
  return { nodes: plain === '' ? [] : [schema.text(plain, marks)], tags };
}

function join(schema: Schema, children: readonly Child[], marks: readonly Mark[] = []): Piece {
  const nodes: Node[] = [];
  const tags: Tags = {};
  let size = 0;
  for (const child of children) {
    const piece = typeof child === 'string' ? textPiece(schema, child, marks) : child;
    for (const [name, at] of Object.entries(piece.tags)) tags[name] = size + at;
    for (const node of piece.nodes) {
      const marked = marks.length > 0 && node.isInline ? node.mark(marks.reduce((set, m) => m.addToSet(set), node.marks)) : node;
      nodes.push(marked);
      size += node.nodeSize;
    }
  }
  return { nodes, tags };
}

/** Tag functions for every node and mark of `schema`. */
export function builders(schema: Schema) {
  const node =
    (name: string, attrs: Attrs = {}) =>
    (...children: Child[]): Piece => {
      const content = join(schema, children);
      const built = schema.nodes[name]!.createChecked(attrs, content.nodes);
      const tags = Object.fromEntries(Object.entries(content.tags).map(([tag, at]) => [tag, at + 1]));
      return { nodes: [built], tags };
    };
  const mark =
    (name: string, attrs: Attrs = {}) =>
    (...children: Child[]): Piece =>
      join(schema, children, [schema.marks[name]!.create(attrs)]);

  return {
    doc(...children: Child[]): TestDoc {
      const content = join(schema, children);
      return { doc: schema.nodes.doc!.createChecked(null, content.nodes), tags: content.tags };
    },
    p: node('paragraph'),
    alignedP: (textAlign: 'center' | 'end') => node('paragraph', { textAlign }),
    h: (level: number) => node('heading', { level }),
    blockquote: node('blockquote'),
    ul: node('unordered_list'),
    ol: (start = 1) => node('ordered_list', { start }),
    li: node('list_item'),
    codeBlock: (language = '') => node('code_block', { language }),
    hr: node('divider'),
    br: node('hard_break'),
    table: node('table'),
    tr: node('table_row'),
    th: node('table_header'),
    td: node('table_cell'),
    layout: (layout: number[]) => node('layout_grid', { layout }),
    area: node('layout_area'),
    component: (name: string, props: Record<string, unknown> = {}) => node(name, { props }),
    bold: mark('bold'),
    italic: mark('italic'),
    strike: mark('strikethrough'),
    code: mark('code'),
    underline: mark('underline'),
    link: (href: string) => mark('link', { href }),
  };
}

/** The selection the markers of `testDoc` describe (a cursor at the start when it has none). */
export function selectionOf({ doc, tags }: TestDoc): Selection {
  if (tags.node !== undefined) return NodeSelection.create(doc, tags.node);
  if (tags.anchor !== undefined && tags.head !== undefined) return TextSelection.create(doc, tags.anchor, tags.head);
  if (tags.cursor !== undefined) return TextSelection.create(doc, tags.cursor);
  return TextSelection.atStart(doc);
}

/** The document with its selection as markers, in the builder's own notation. */
export function print(state: EditorState | TestDoc): string {
  const doc = 'doc' in state && !('selection' in state) ? state.doc : (state as EditorState).doc;
  const selection = 'selection' in state ? state.selection : selectionOf(state);
  const markers = new Map<number, string>();
  if (selection instanceof NodeSelection) markers.set(selection.from, '<node>');
  else if (selection instanceof CellSelection) {
    markers.set(selection.$anchorCell.pos, '<anchor>');
    markers.set(selection.$headCell.pos, '<head>');
  } else if (selection.empty) markers.set(selection.head, '<cursor>');
  else {
    markers.set(selection.anchor, '<anchor>');
    markers.set(selection.head, '<head>');
  }
  return printContent(doc, 0, markers, 'doc', '');
}

function printContent(node: Node, start: number, markers: Map<number, string>, label: string, indent: string): string {
  const parts: string[] = [];
  if (node.isTextblock) {
    let text = '';
    let pos = start;
    const at = (position: number) => markers.get(position) ?? '';
    node.forEach((child) => {
      const marks = child.marks.map(describeMark);
      const open = marks.length > 0 ? `${marks.join('+')}(` : '';
      const close = marks.length > 0 ? ')' : '';
      if (child.isText) {
        let body = '';
        for (let i = 0; i < child.text!.length; i++) body += at(pos + i) + child.text![i];
        text += `${open}${JSON.stringify(body).slice(1, -1)}${close}`;
      } else text += `${at(pos)}${open}${describeNode(child)}${close}`;
      pos += child.nodeSize;
    });
    text += markers.get(pos) ?? '';
    return `${indent}${label}("${text}")`;
  }
  let pos = start;
  node.forEach((child) => {
    const marker = markers.get(pos) === '<node>' ? '<node> ' : '';
    const inner = child.isLeaf ? `${indent}  ${describeNode(child)}` : printContent(child, pos + 1, markers, describeNode(child), `${indent}  `);
    parts.push(marker === '' ? inner : inner.replace(/^(\s*)/, `$1${marker}`));
    pos += child.nodeSize;
  });
  if (markers.get(pos) !== undefined && !node.isTextblock) parts.push(`${indent}  ${markers.get(pos)}`);
  return `${indent}${label}(\n${parts.join(',\n')}\n${indent})`;
}

function describeNode(node: Node): string {
  const attrs = Object.entries(node.attrs).filter(([name, value]) => {
    const spec = node.type.spec.attrs?.[name];
    return !(spec && 'default' in spec && JSON.stringify(spec.default) === JSON.stringify(value));
  });
  return attrs.length === 0 ? node.type.name : `${node.type.name}[${attrs.map(([k, v]) => `${k}=${JSON.stringify(v)}`).join(' ')}]`;
}

function describeMark(mark: Mark): string {
  const attrs = Object.entries(mark.attrs).filter(([name, value]) => {
    const spec = mark.type.spec.attrs?.[name];
    return !(spec && 'default' in spec && spec.default === value);
  });
  return attrs.length === 0 ? mark.type.name : `${mark.type.name}[${attrs.map(([k, v]) => `${k}=${JSON.stringify(v)}`).join(' ')}]`;
}
