/**
 * MDX text → a document of a field's schema, read with the libraries and extensions Keystatic's
 * mdx field uses (mdxjs, GFM autolink literals, strikethrough, tables) and refused where it refuses:
 * ESM and `{expressions}` are 'Unhandled type'. Unlike Keystatic, a JSX element the field has no
 * component for is kept as written (`missing_block`, `missing_inline`) and written back untouched.
 */
import type { Definition, Nodes, Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmAutolinkLiteralFromMarkdown } from 'mdast-util-gfm-autolink-literal';
import { gfmStrikethroughFromMarkdown } from 'mdast-util-gfm-strikethrough';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { mdxFromMarkdown } from 'mdast-util-mdx';
import type { MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx';
import { gfmAutolinkLiteral } from 'micromark-extension-gfm-autolink-literal';
import { gfmStrikethrough } from 'micromark-extension-gfm-strikethrough';
import { gfmTable } from 'micromark-extension-gfm-table';
import { mdxjs } from 'micromark-extension-mdxjs';
import type { Mark, Node, NodeType } from 'prosemirror-model';
import { noPropFiles } from '../components';
import type { MarkdocParseContext } from '../markdoc/parse';
import { et } from '../messages';
import { ContentParseError } from '../parseError';
import type { ContentProblem } from '../parseError';
import type { EditorSchema } from '../schema/createSchema';
import { programValue } from './expressions';
import { wrapInParagraphs } from '../parse/wrapInParagraphs';

const noImages: MarkdocParseContext = { image: () => null, files: noPropFiles };

export function parseMdxTree(text: string): Root {
  return fromMarkdown(text, {
    extensions: [mdxjs(), gfmAutolinkLiteral(), gfmStrikethrough(), gfmTable()],
    mdastExtensions: [mdxFromMarkdown(), gfmAutolinkLiteralFromMarkdown(), gfmStrikethroughFromMarkdown(), gfmTableFromMarkdown()],
  });
}

/** Throws ContentParseError listing every problem of the text (its syntax errors as one). */
export function mdxToDoc(text: string, editorSchema: EditorSchema, context: MarkdocParseContext = noImages): Node {
  let tree: Root;
  try {
    tree = parseMdxTree(text);
  } catch (error) {
    const place = (error as { line?: number }).line;
    throw new ContentParseError([{ line: place ?? null, message: error instanceof Error ? error.message : String(error) }]);
  }
  const reader = new Reader(editorSchema, context, tree, text);
  const doc = reader.node(tree, undefined);
  if (reader.problems.length > 0 || doc === null || doc instanceof Array) throw new ContentParseError(reader.problems);
  return doc;
}

type Converted = Node | Node[] | null;

class Reader {
  readonly problems: ContentProblem[] = [];
  private marks: readonly Mark[] = [];
  private readonly definitions = new Map<string, Definition>();
  private readonly editorSchema: EditorSchema;
  private readonly context: MarkdocParseContext;
  private readonly source: string;

  constructor(editorSchema: EditorSchema, context: MarkdocParseContext, tree: Root, source: string) {
    this.editorSchema = editorSchema;
    this.context = context;
    this.source = source;
    this.collectDefinitions(tree);
  }

  /** Reference links resolve to the first definition of their label, as CommonMark says. */
  private collectDefinitions(node: Nodes): void {
    if (node.type === 'definition') {
      const id = node.identifier.toUpperCase();
      if (!this.definitions.has(id)) this.definitions.set(id, node);
    }
    if ('children' in node) for (const child of node.children) this.collectDefinitions(child);
  }

  private get schema() {
    return this.editorSchema.schema;
  }

  private problem(node: Nodes, message: string): void {
    this.problems.push({ line: node.position?.start.line ?? null, message });
  }

  private children(node: Nodes, parent: NodeType | undefined): Node[] {
    if (!('children' in node)) return [];
    return (node.children as Nodes[]).flatMap((child) => this.node(child, parent) ?? []);
  }

  private notAllowed(node: Nodes, parent: NodeType | undefined): Node[] {
    this.problem(node, et('problem.notAllowed', { type: node.type }));
    return this.children(node, parent);
  }

  private create(node: Nodes, type: NodeType | undefined, attrs: Record<string, unknown>, parent: NodeType | undefined, wrapInline = false): Converted {
    if (type === undefined) return this.notAllowed(node, parent);
    const known = this.problems.length;
    let children = this.children(node, type);
    if (wrapInline) children = wrapInParagraphs(this.schema, children);
    const created = type.createAndFill(attrs, children);
    if (created === null && this.problems.length === known) this.problem(node, et('problem.unexpectedChildren', { type: node.type }));
    return created;
  }

  private withMark(node: Nodes, mark: Mark | undefined, parent: NodeType | undefined): Converted {
    if (mark === undefined) return this.notAllowed(node, parent);
    const outer = this.marks;
    this.marks = mark.addToSet(outer);
    try {
      return this.children(node, parent);
    } finally {
      this.marks = outer;
    }
  }

  private text(content: string, extra?: Mark): Node[] {
    if (content === '') return [];
    return [this.schema.text(content, extra === undefined ? this.marks : extra.addToSet(this.marks))];
  }

  node(node: Nodes, parent: NodeType | undefined): Converted {
    const { nodes, marks } = this.schema;
    switch (node.type) {
      case 'root':
        return this.create(node, nodes.doc, {}, parent);
      case 'paragraph':
        return this.create(node, nodes.paragraph, {}, parent);
      case 'heading':
        if (!this.editorSchema.options.heading.includes(node.depth)) return this.notAllowed(node, parent);
        return this.create(node, nodes.heading, { level: node.depth }, parent);
      case 'blockquote':
        return this.create(node, nodes.blockquote, {}, parent);
      case 'thematicBreak':
        return this.create(node, nodes.divider, {}, parent);
      case 'code': {
        if (nodes.code_block === undefined) return this.notAllowed(node, parent);
        // The fence's info string after the language (`js title="a.js"`) stays with it.
        const language = [node.lang, node.meta].filter((part) => part != null && part !== '').join(' ');
        return nodes.code_block.create({ language }, node.value === '' ? null : this.schema.text(node.value));
      }
      case 'list': {
        const type = node.ordered ? nodes.ordered_list : nodes.unordered_list;
        return this.create(node, type, node.ordered ? { start: node.start ?? 1 } : {}, parent);
      }
      case 'listItem':
        return this.create(node, nodes.list_item, {}, parent, true);
      case 'table':
        return this.table(node, parent);
      case 'text':
        return this.text(node.value);
      case 'break':
        return nodes.hard_break!.create();
      case 'inlineCode':
        if (marks.code === undefined) return this.notAllowed(node, parent);
        return this.text(node.value, marks.code.create());
      case 'emphasis':
        return this.withMark(node, marks.italic?.create(), parent);
      case 'strong':
        return this.withMark(node, marks.bold?.create(), parent);
      case 'delete':
        return this.withMark(node, marks.strikethrough?.create(), parent);
      case 'link':
        return this.withMark(node, marks.link?.create({ href: node.url }), parent);
      case 'linkReference': {
        const definition = this.definitions.get(node.identifier.toUpperCase());
        if (definition === undefined) {
          this.problem(node, et('problem.missingDefinition', { identifier: node.identifier }));
          return this.children(node, parent);
        }
        return this.withMark(node, marks.link?.create({ href: definition.url }), parent);
      }
      case 'image':
      case 'imageReference':
        return this.image(node);
      case 'definition':
        return [];
      case 'mdxJsxFlowElement':
      case 'mdxJsxTextElement':
        return this.element(node, parent);
      // Syntax the editor has no place for (table rows and cells are read with their table); other
      // types that show up at run time are refused alike.
      case 'footnoteDefinition':
      case 'footnoteReference':
      case 'html':
      case 'mdxFlowExpression':
      case 'mdxTextExpression':
      case 'mdxjsEsm':
      case 'tableCell':
      case 'tableRow':
      case 'yaml':
      default:
        this.problem(node, et('problem.unhandledType', { type: node.type }));
        return null;
    }
  }

  /** Markdown tables always have a header row: the first. */
  private table(node: Extract<Nodes, { type: 'table' }>, parent: NodeType | undefined): Converted {
    const { table, table_row: row, table_header: header, table_cell: cell } = this.schema.nodes;
    if (table === undefined || row === undefined || header === undefined || cell === undefined) {
      return this.notAllowed(node, parent);
    }
    const rows = node.children.map((tableRow, index) => {
      const cells = tableRow.children.map((tableCell) => {
        const type = index === 0 ? header : cell;
        return type.createAndFill(null, wrapInParagraphs(this.schema, this.children(tableCell, type)))!;
      });
      return row.create(null, cells);
    });
    return table.create(null, rows);
  }

  private image(node: Extract<Nodes, { type: 'image' | 'imageReference' }>): Converted {
    const data = node.type === 'image' ? node : this.definitions.get(node.identifier.toUpperCase());
    if (data === undefined) {
      this.problem(node, et('problem.missingDefinition', { identifier: 'identifier' in node ? node.identifier : '' }));
      return null;
    }
    const file = this.schema.nodes.image === undefined ? null : this.context.image(data.url);
    if (file === null) {
      // As Keystatic does: an image whose file is not in the site (an external URL) stays as text.
      return this.text(`![${node.alt ?? ''}](${data.url}${data.title ? ` "${data.title}"` : ''})`);
    }
    return this.schema.nodes.image!.create(
      { src: file.bytes, filename: file.filename, alt: node.alt ?? '', title: data.title ?? '' },
      null,
      this.marks,
    );
  }

  private missingBlock(node: MdxJsxFlowElement, name: string): Node {
    const props: Record<string, unknown> = {};
    for (const attribute of node.attributes) {
      if (attribute.type !== 'mdxJsxAttribute') continue;
      const { value } = attribute;
      props[attribute.name] = value == null ? true : typeof value === 'string' ? value : `{${value.value}}`;
    }
    const text = this.source.slice(node.position?.start.offset ?? 0, node.position?.end.offset ?? 0);
    return this.schema.nodes.missing_block!.create({ name, props, text, source: node });
  }

  private missingInline(node: MdxJsxTextElement, name: string): Node {
    const text = this.source.slice(node.position?.start.offset ?? 0, node.position?.end.offset ?? 0);
    return this.schema.nodes.missing_inline!.create({ name, text, source: node }, null, this.marks);
  }

  private element(node: MdxJsxFlowElement | MdxJsxTextElement, parent: NodeType | undefined): Converted {
    const component = node.name === null ? undefined : this.editorSchema.components.get(node.name);
    if (component === undefined) {
      if (node.name === null) return this.notAllowed(node, parent);
      // An element the field does not know is kept as written, for the writer to remove or keep.
      if (node.type === 'mdxJsxFlowElement') return this.missingBlock(node, node.name);
      return this.missingInline(node, node.name);
    }
    const attributes: Record<string, unknown> = {};
    for (const attribute of node.attributes) {
      if (attribute.type !== 'mdxJsxAttribute') {
        this.problem(node, et('problem.unexpectedAttributes', { type: node.type }));
        continue;
      }
      try {
        const value = attribute.value;
        attributes[attribute.name] =
          value == null ? true : typeof value === 'string' ? value : programValue(value.data!.estree!);
      } catch {
        this.problem(node, et('problem.unexpectedAttributes', { type: node.type }));
      }
    }
    let props;
    try {
      props = component.props.parse(attributes, this.context.files);
    } catch (error) {
      this.problem(node, `${component.name}: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    }
    if (component.kind === 'mark') {
      if (node.type === 'mdxJsxFlowElement') return this.notAllowed(node, parent);
      return this.withMark(node, this.schema.marks[component.name]?.create({ props }), parent);
    }
    const type = this.schema.nodes[component.name]!;
    const known = this.problems.length;
    const created = type.createAndFill({ props }, this.children(node, type), component.kind === 'inline' ? this.marks : undefined);
    if (created === null) {
      if (this.problems.length === known) this.problem(node, et('problem.unexpectedChildren', { type: node.type }));
      return null;
    }
    if (component.kind === 'inline' && !parent?.isTextblock) return this.schema.nodes.paragraph!.create(null, created);
    return created;
  }
}
