/**
 * A document → the Markdoc text Keystatic writes for it. The document becomes a Markdoc AST shaped
 * as Keystatic's writer shapes it (tight list items hold their inline content bare, tables are a
 * `table` tag around list items, extra props are annotations), and the text is
 * `format(parse(format(ast)))` with @markdoc/markdoc 0.4.0 and no options (keystatic-formats.md §2.7):
 * the same library and calls, so the same bytes.
 */
import { Ast, format, parse } from '@markdoc/markdoc';
import type { Node as MarkdocNode, NodeType as MarkdocType } from '@markdoc/markdoc';
import type { Fragment, Mark, Node } from 'prosemirror-model';
import { regionTag } from '../components';
import type { PropFile, PropFileSink, PropsValue } from '../components';
import { editorSchemaOf } from '../schema/createSchema';
import type { EditorSchema } from '../schema/createSchema';
import { inlineTree } from '../serialize/inlineTree';
import { legacyMarkTagOf } from './legacyMarks';

/** An image file of the document, to be written beside the content. */
export type WrittenImage = { filename: string; bytes: Uint8Array };

/** A file a component's prop names, to be written where props keep their files. */
export type WrittenPropFile = PropFile & { contents: Uint8Array };

export type MarkdocSerializeContext = {
  /** The `src` to write for an image file (before URI encoding). */
  imageSrc(filename: string): string;
  /** The collection entry's slug (undefined for singletons), which props' addresses may name. */
  slug: string | undefined;
};

export type SerializedMarkdoc = { text: string; images: WrittenImage[]; files: WrittenPropFile[] };

export const bareFilenames: MarkdocSerializeContext = { imageSrc: (filename) => filename, slug: undefined };

export function docToMarkdoc(doc: Node, context: MarkdocSerializeContext = bareFilenames): SerializedMarkdoc {
  const writer = new Writer(editorSchemaOf(doc.type.schema), context);
  const ast = writer.block(doc);
  return { text: format(parse(format(ast))), images: writer.images, files: writer.files };
}

function markdocNode(type: MarkdocType, attributes: Record<string, unknown> = {}, children: MarkdocNode[] = []) {
  return new Ast.Node(type, attributes, children);
}

function tagNode(name: string, attributes: Record<string, unknown>, children: MarkdocNode[], inline: boolean) {
  const node = new Ast.Node('tag', attributes, children, name);
  node.inline = inline;
  return node;
}

/** Writes `attributes` as annotations too, so that Markdoc formats them after the node's text. */
function annotate(node: MarkdocNode, attributes: Record<string, unknown>): MarkdocNode {
  for (const [name, value] of Object.entries(attributes)) {
    node.attributes[name] = value;
    node.annotations.push({ type: 'attribute', name, value });
  }
  return node;
}

class Writer {
  readonly images: WrittenImage[] = [];
  readonly files: WrittenPropFile[] = [];
  private readonly editorSchema: EditorSchema;
  private readonly context: MarkdocSerializeContext;
  private readonly sink: PropFileSink;

  constructor(editorSchema: EditorSchema, context: MarkdocSerializeContext) {
    this.editorSchema = editorSchema;
    this.context = context;
    this.sink = { slug: context.slug, write: (file) => this.files.push(file) };
  }

  private blocks(fragment: Fragment): MarkdocNode[] {
    const children: MarkdocNode[] = [];
    fragment.forEach((child) => children.push(this.block(child)));
    return children;
  }

  private inline(fragment: Fragment): MarkdocNode[] {
    const children = inlineTree<MarkdocNode>(fragment, {
      text: (content) => markdocNode('text', { content }),
      leaf: (node) => this.leaf(node),
      wrapper: (mark) => this.wrapper(mark),
    });
    return [markdocNode('inline', {}, children)];
  }

  block(node: Node): MarkdocNode {
    const attrs = node.attrs;
    switch (node.type.name) {
      case 'doc':
        return markdocNode('document', {}, this.blocks(node.content));
      case 'paragraph':
        return annotate(markdocNode('paragraph', {}, this.inline(node.content)), alignment(node));
      case 'heading':
        return annotate(markdocNode('heading', { level: attrs.level }, this.inline(node.content)), {
          ...alignment(node),
          ...this.props(node),
        });
      case 'blockquote':
        return markdocNode('blockquote', {}, this.blocks(node.content));
      case 'divider':
        return markdocNode('hr');
      case 'code_block': {
        const content = `${node.textContent}\n`;
        const language = attrs.language as string;
        return annotate(markdocNode('fence', language === '' ? { content } : { language, content }), this.props(node));
      }
      case 'ordered_list':
        return markdocNode('list', { ordered: true, start: attrs.start }, this.blocks(node.content));
      case 'unordered_list':
        return markdocNode('list', { ordered: false }, this.blocks(node.content));
      case 'list_item':
        return markdocNode('item', {}, listItemContent(this.blocks(node.content)));
      case 'table':
        return this.table(node);
      case 'missing_block':
        return attrs.source as MarkdocNode;
      case 'layout_grid':
        return tagNode('layout', { layout: attrs.layout }, this.blocks(node.content), false);
      case 'layout_area':
        return tagNode('layout-area', {}, this.blocks(node.content), false);
      case 'table_row':
        return markdocNode('tr', {}, this.blocks(node.content));
      case 'table_header':
      case 'table_cell': {
        const cell = markdocNode(node.type.name === 'table_header' ? 'th' : 'td', {}, this.blocks(node.content));
        const spans = Object.fromEntries(
          (['colspan', 'rowspan'] as const).filter((name) => attrs[name] !== 1).map((name) => [name, attrs[name]]),
        );
        return annotate(cell, spans);
      }
      default:
        return this.component(node);
    }
  }

  /** A heading's or code block's props as attributes, when the field gives them a schema. */
  private props(node: Node): Record<string, unknown> {
    const owner = this.editorSchema.nodeProps.get(node.type.name);
    if (owner === undefined) return {};
    return owner.props.serialize((node.attrs.props as PropsValue | null) ?? owner.props.defaultValue(), this.sink);
  }

  private table(node: Node): MarkdocNode {
    const rows = this.blocks(node.content);
    const head = markdocNode('thead');
    if (rows[0]?.children[0]?.type === 'th') head.children.push(rows.shift()!);
    const table = markdocNode('table', {}, [head, markdocNode('tbody', {}, rows)]);
    return tagNode('table', {}, [table], false);
  }

  private component(node: Node): MarkdocNode {
    const component = this.editorSchema.components.get(node.type.name);
    if (component === undefined) throw new Error(`Unhandled node type ${node.type.name}`);
    // A region is a child field of its block, named by its prop path rather than by props.
    const attributes =
      component.region === undefined
        ? component.props.serialize(node.attrs.props as Record<string, unknown>, this.sink)
        : { propPath: [...component.region] };
    const name = component.region === undefined ? node.type.name : regionTag(component.kind);
    switch (component.kind) {
      case 'wrapper':
      case 'repeating':
      case 'regions':
        return tagNode(name, attributes, this.blocks(node.content), false);
      case 'inlineWrapper':
        // As Keystatic writes an inline child field: the text inside the tag, on the tag's line.
        return tagNode(name, attributes, this.inline(node.firstChild!.content), false);
      case 'block':
      case 'inline':
      case 'mark':
        return tagNode(node.type.name, attributes, [], false);
    }
  }

  private leaf(node: Node): MarkdocNode | null {
    if (node.isText) {
      const isCode = node.marks.some((mark) => mark.type.name === 'code');
      return markdocNode(isCode ? 'code' : 'text', { content: node.text });
    }
    switch (node.type.name) {
      case 'hard_break':
        return markdocNode('hardbreak');
      case 'image': {
        const filename = node.attrs.filename as string;
        this.images.push({ filename, bytes: node.attrs.src as Uint8Array });
        const src = encodeURI(this.context.imageSrc(filename));
        return markdocNode('image', { src, alt: node.attrs.alt, title: node.attrs.title });
      }
    }
    const component = this.editorSchema.components.get(node.type.name);
    if (component?.kind !== 'inline') throw new Error(`Unhandled node type ${node.type.name}`);
    return tagNode(node.type.name, component.props.serialize(node.attrs.props as Record<string, unknown>, this.sink), [], true);
  }

  private wrapper(mark: Mark): (MarkdocNode & { children: MarkdocNode[] }) | null {
    switch (mark.type.name) {
      case 'code':
        return null;
      case 'bold':
        return markdocNode('strong');
      case 'italic':
        return markdocNode('em');
      case 'strikethrough':
        return markdocNode('s');
      case 'link':
        return markdocNode('link', { href: mark.attrs.href, title: mark.attrs.title });
    }
    const legacyTag = legacyMarkTagOf.get(mark.type.name);
    if (legacyTag !== undefined) return tagNode(legacyTag, {}, [], true);
    const component = this.editorSchema.components.get(mark.type.name);
    if (component === undefined) throw new Error(`Unhandled mark type ${mark.type.name}`);
    return tagNode(mark.type.name, component.props.serialize(mark.attrs.props as Record<string, unknown>, this.sink), [], true);
  }
}

function alignment(node: Node): Record<string, unknown> {
  return node.attrs.textAlign === null ? {} : { textAlign: node.attrs.textAlign };
}

/**
 * A list item of one paragraph, or of one paragraph and a nested list, holds its inline content
 * bare: Markdoc then writes the list tight.
 */
function listItemContent(children: MarkdocNode[]): MarkdocNode[] {
  const [first, second] = children;
  if (children.length === 1 && first?.type === 'paragraph') return first.children;
  if (children.length === 2 && first?.type === 'paragraph' && first.children.length === 1 && second?.type === 'list') {
    return [first.children[0]!, second];
  }
  return children;
}
