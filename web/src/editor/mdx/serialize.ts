/**
 * A document → the MDX text Keystatic writes for it: an mdast tree shaped as Keystatic's writer
 * shapes it, written by mdast-util-to-markdown with the GFM and MDX extensions and `rule: '-'` only
 * (keystatic-formats.md §2.8).
 */
import type { BlockContent, ListItem, PhrasingContent, Root, RootContent } from 'mdast';
import { gfmAutolinkLiteralToMarkdown } from 'mdast-util-gfm-autolink-literal';
import { gfmStrikethroughToMarkdown } from 'mdast-util-gfm-strikethrough';
import { gfmTableToMarkdown } from 'mdast-util-gfm-table';
import { mdxToMarkdown } from 'mdast-util-mdx';
import type { MdxJsxAttribute } from 'mdast-util-mdx';
import { toMarkdown } from 'mdast-util-to-markdown';
import type { Fragment, Mark, Node } from 'prosemirror-model';
import { bareFilenames } from '../markdoc/serialize';
import type { MarkdocSerializeContext, WrittenImage, WrittenPropFile } from '../markdoc/serialize';
import type { PropFileSink } from '../components';
import { editorSchemaOf } from '../schema/createSchema';
import type { EditorSchema } from '../schema/createSchema';
import { inlineTree } from '../serialize/inlineTree';

export type SerializedMdx = { text: string; images: WrittenImage[]; files: WrittenPropFile[] };

export function docToMdx(doc: Node, context: MarkdocSerializeContext = bareFilenames): SerializedMdx {
  const writer = new Writer(editorSchemaOf(doc.type.schema), context);
  const root: Root = { type: 'root', children: writer.blocks(doc.content) };
  const text = toMarkdown(root, {
    extensions: [gfmAutolinkLiteralToMarkdown(), gfmStrikethroughToMarkdown(), gfmTableToMarkdown(), mdxToMarkdown()],
    rule: '-',
  });
  return { text, images: writer.images, files: writer.files };
}

/** Props as JSX attributes: text as a string, `true` bare, anything else as a JSON expression. */
function attributes(props: Record<string, unknown>): MdxJsxAttribute[] {
  return Object.entries(props).map(([name, value]) => ({
    type: 'mdxJsxAttribute',
    name,
    value:
      value === true
        ? null
        : typeof value === 'string'
          ? value
          : { type: 'mdxJsxAttributeValueExpression', value: JSON.stringify(value) },
  }));
}

/** A list item of one paragraph and a nested list stays tight. */
function listItem(children: BlockContent[]): ListItem {
  const [first, second] = children;
  const tight = children.length === 2 && first?.type === 'paragraph' && second?.type === 'list';
  return { type: 'listItem', spread: tight ? false : undefined, children };
}

type Wrapper = Extract<PhrasingContent, { children: PhrasingContent[] }>;

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

  blocks(fragment: Fragment): BlockContent[] {
    const children: BlockContent[] = [];
    fragment.forEach((child) => {
      // Markdown has no empty paragraph (it would read back as nothing); the editor's trailing
      // paragraph must not add a blank line to the file.
      if (child.type.name === 'paragraph' && child.content.size === 0) return;
      children.push(this.block(child));
    });
    return children;
  }

  private inline(fragment: Fragment): PhrasingContent[] {
    return inlineTree<PhrasingContent>(fragment, {
      text: (value) => ({ type: 'text', value }),
      leaf: (node) => this.leaf(node),
      wrapper: (mark) => this.wrapper(mark),
    });
  }

  private items(node: Node): ListItem[] {
    const items: ListItem[] = [];
    node.forEach((item) => items.push(listItem(this.blocks(item.content))));
    return items;
  }

  private block(node: Node): BlockContent {
    switch (node.type.name) {
      case 'paragraph':
        return { type: 'paragraph', children: this.inline(node.content) };
      case 'heading':
        return { type: 'heading', depth: node.attrs.level as 1, children: this.inline(node.content) };
      case 'blockquote':
        return { type: 'blockquote', children: this.blocks(node.content) };
      case 'divider':
        return { type: 'thematicBreak' };
      case 'missing_block':
        return node.attrs.source as BlockContent;
      case 'code_block': {
        const info = node.attrs.language as string;
        const space = info.indexOf(' ');
        const lang = info === '' ? null : space === -1 ? info : info.slice(0, space);
        const meta = space === -1 ? null : info.slice(space + 1);
        return { type: 'code', lang, meta, value: node.textContent };
      }
      case 'ordered_list':
        return { type: 'list', ordered: true, spread: false, start: node.attrs.start as number, children: this.items(node) };
      case 'unordered_list':
        return { type: 'list', spread: false, children: this.items(node) };
      case 'table': {
        const rows: RootContent[] = [];
        node.forEach((row) => {
          const cells: RootContent[] = [];
          // Markdown cells hold one line of text: the first paragraph of each cell.
          row.forEach((cell) => cells.push({ type: 'tableCell', children: this.inline(cell.firstChild?.content ?? cell.content) }));
          rows.push({ type: 'tableRow', children: cells as never });
        });
        return { type: 'table', children: rows as never };
      }
    }
    const component = this.editorSchema.components.get(node.type.name);
    if (component === undefined) throw new Error(`Unhandled node type ${node.type.name}`);
    const hasChildren = component.kind === 'wrapper' || component.kind === 'inlineWrapper' || component.kind === 'repeating';
    return {
      type: 'mdxJsxFlowElement',
      name: node.type.name,
      attributes: attributes(component.props.serialize(node.attrs.props as Record<string, unknown>, this.sink)),
      children: hasChildren ? this.blocks(node.content) : [],
    };
  }

  private leaf(node: Node): PhrasingContent | null {
    if (node.isText) {
      const isCode = node.marks.some((mark) => mark.type.name === 'code');
      return { type: isCode ? 'inlineCode' : 'text', value: node.text ?? '' };
    }
    switch (node.type.name) {
      case 'hard_break':
        return { type: 'break' };
      case 'missing_inline':
        return node.attrs.source as PhrasingContent;
      case 'image': {
        const filename = node.attrs.filename as string;
        this.images.push({ filename, bytes: node.attrs.src as Uint8Array });
        return {
          type: 'image',
          url: encodeURI(this.context.imageSrc(filename)),
          alt: node.attrs.alt as string,
          title: (node.attrs.title as string) || null,
        };
      }
    }
    const component = this.editorSchema.components.get(node.type.name);
    if (component?.kind !== 'inline') throw new Error(`Unhandled node type ${node.type.name}`);
    return {
      type: 'mdxJsxTextElement',
      name: node.type.name,
      attributes: attributes(component.props.serialize(node.attrs.props as Record<string, unknown>, this.sink)),
      children: [],
    };
  }

  private wrapper(mark: Mark): Wrapper | null {
    switch (mark.type.name) {
      case 'code':
        return null;
      case 'bold':
        return { type: 'strong', children: [] };
      case 'italic':
        return { type: 'emphasis', children: [] };
      case 'strikethrough':
        return { type: 'delete', children: [] };
      case 'link':
        return { type: 'link', url: mark.attrs.href as string, title: (mark.attrs.title as string) || null, children: [] };
    }
    const component = this.editorSchema.components.get(mark.type.name);
    if (component === undefined) throw new Error(`Unhandled mark type ${mark.type.name}`);
    return {
      type: 'mdxJsxTextElement',
      name: mark.type.name,
      attributes: attributes(component.props.serialize(mark.attrs.props as Record<string, unknown>, this.sink)),
      children: [],
    };
  }
}
