/**
 * Markdoc text → a document of a field's schema. Reads what Keystatic's markdoc field reads, and
 * refuses what it refuses with the same messages: anything the schema has no place for is a problem,
 * and one problem keeps the whole document from opening (it is never dropped silently).
 */
import { parse as parseMarkdoc } from '@markdoc/markdoc';
import type { Node as MarkdocNode } from '@markdoc/markdoc';
import type { Mark, Node, NodeType } from 'prosemirror-model';
import { noPropFiles, regionTag } from '../components';
import type { EditorComponent, PropFiles, PropsValue } from '../components';
import { et } from '../messages';
import { ContentParseError } from '../parseError';
import type { ContentProblem } from '../parseError';
import type { EditorSchema } from '../schema/createSchema';
import { ownHeadingLevels } from '../schema/childHeadings';
import type { HeadingLevel } from '../options';
import { fitAreas } from '../layout/layoutAreas';
import { legacyMarkTags } from './legacyMarks';
import { wrapInParagraphs } from '../parse/wrapInParagraphs';

/** An image file the content refers to, looked up by the `src` written in the text. */
export type ContentImage = { filename: string; bytes: Uint8Array };

export type MarkdocParseContext = {
  /** The file behind an image's `src`, or null: the image then stays in the text as written. */
  image(src: string): ContentImage | null;
  /** The files components' file and image props name. */
  files: PropFiles;
};

const noImages: MarkdocParseContext = { image: () => null, files: noPropFiles };

/** Attributes Markdoc itself puts on each node type; any other came from an annotation. */
const knownAttributes: Partial<Record<string, readonly string[]>> = {
  paragraph: ['textAlign'],
  heading: ['level', 'textAlign'],
  fence: ['content', 'language'],
  list: ['ordered', 'marker', 'start'],
  link: ['href', 'title'],
  image: ['src', 'alt', 'title'],
  em: ['marker'],
  strong: ['marker'],
  s: ['marker'],
  code: ['content'],
  text: ['content'],
  th: ['colspan', 'rowspan'],
  td: ['colspan', 'rowspan'],
};

/** Markdoc node types whose editor node may carry props, and that node's name. */
const nodeWithProps: Partial<Record<string, string>> = { heading: 'heading', fence: 'code_block' };

/** Throws ContentParseError listing every problem of the text. */
export function markdocToDoc(text: string, editorSchema: EditorSchema, context: MarkdocParseContext = noImages): Node {
  const reader = new Reader(editorSchema, context, text);
  const doc = reader.document(parseMarkdoc(text));
  if (reader.problems.length > 0 || doc === null) throw new ContentParseError(reader.problems);
  return doc;
}

type Converted = Node | Node[] | null;

class Reader {
  readonly problems: ContentProblem[] = [];
  private marks: readonly Mark[] = [];
  /** The heading levels here: the field's, or fewer inside a child field that has its own. */
  private headingLevels: readonly HeadingLevel[];
  private readonly editorSchema: EditorSchema;
  private readonly context: MarkdocParseContext;
  private readonly lines: readonly string[];

  constructor(editorSchema: EditorSchema, context: MarkdocParseContext, text: string) {
    this.editorSchema = editorSchema;
    this.context = context;
    this.lines = text.split('\n');
    this.headingLevels = editorSchema.options.heading;
  }

  document(root: MarkdocNode): Node | null {
    const doc = this.node(root, undefined);
    return doc instanceof Array ? null : doc;
  }

  /** Whether the field is a legacy document field, whose problems Keystatic worded its own way. */
  private get documentField() {
    return this.editorSchema.fieldKind === 'document';
  }

  private get schema() {
    return this.editorSchema.schema;
  }

  private problem(node: MarkdocNode, message: string): void {
    const line = node.lines[0];
    this.problems.push({ line: line === undefined ? null : line + 1, message });
  }

  private children(nodes: readonly MarkdocNode[], parent: NodeType | undefined): Node[] {
    return nodes.flatMap((child) => {
      const converted = this.node(child, parent);
      return converted === null ? [] : converted;
    });
  }

  /** Reports the node and keeps reading its children, so that every problem is found in one pass. */
  private notAllowed(node: MarkdocNode, parent: NodeType | undefined): Node[] {
    this.problem(node, et('problem.notAllowed', { type: node.type }));
    return this.children(node.children, parent);
  }

  private create(
    node: MarkdocNode,
    type: NodeType | undefined,
    attrs: Record<string, unknown>,
    parent: NodeType | undefined,
    wrapInline = false,
  ): Converted {
    if (type === undefined) return this.notAllowed(node, parent);
    const known = this.problems.length;
    let children = this.within(type, () => this.children(node.children, type));
    if (wrapInline) children = wrapInParagraphs(this.schema, children);
    const created = type.createAndFill(attrs, children);
    // Children that were refused already say why; a misfit caused by them is not news.
    if (created === null && this.problems.length === known) this.problem(node, et('problem.unexpectedChildren', { type: node.type }));
    return created;
  }

  /** Reads the content of a node of `type`, which may hold fewer heading levels (a child field of its own). */
  private within<T>(type: NodeType, read: () => T): T {
    const own = ownHeadingLevels(type);
    if (own === undefined) return read();
    const outer = this.headingLevels;
    this.headingLevels = outer.filter((level) => own.includes(level));
    try {
      return read();
    } finally {
      this.headingLevels = outer;
    }
  }

  private withMark(node: MarkdocNode, mark: Mark | undefined, parent: NodeType | undefined): Converted {
    if (mark === undefined) return this.notAllowed(node, parent);
    const outer = this.marks;
    this.marks = mark.addToSet(outer);
    try {
      return this.children(node.children, parent);
    } finally {
      this.marks = outer;
    }
  }

  private text(content: string, extra?: Mark): Node[] {
    if (content === '') return [];
    return [this.schema.text(content, extra === undefined ? this.marks : extra.addToSet(this.marks))];
  }

  private node(node: MarkdocNode, parent: NodeType | undefined): Converted {
    if (node.errors.length > 0) {
      for (const error of node.errors) this.problem(node, error.message);
      return null;
    }
    // Heading and code block props, when the field has them, are annotations too.
    const withProps = this.editorSchema.nodeProps.has(nodeWithProps[node.type] ?? '');
    const extra = Object.keys(node.attributes).find(
      (name) => node.type !== 'tag' && !withProps && !(knownAttributes[node.type] ?? []).includes(name),
    );
    if (extra !== undefined) {
      // Keystatic would drop such an annotation (`{% #id %}`) on save; refusing keeps it in the file.
      this.problem(node, et('problem.attributeNotAllowed', { attribute: extra, type: node.type }));
      return null;
    }
    const { nodes, marks } = this.schema;
    const attributes = node.attributes;
    switch (node.type) {
      case 'document':
        return this.create(node, nodes.doc, {}, parent);
      case 'inline':
        return this.children(node.children, parent);
      case 'paragraph': {
        // A line of text in a component's tag (`{% note %}text{% /note %}`) is a paragraph to Markdoc,
        // and so are such lines one under the other.
        const lines = tagLines(node);
        const oneLine = (tag: MarkdocNode) => this.editorSchema.components.get(tag.tag ?? '')?.kind === 'inlineWrapper';
        if (lines !== null && lines.every(oneLine)) return this.children(lines, parent);
        return this.create(node, nodes.paragraph, { textAlign: this.align(node) }, parent);
      }
      case 'heading': {
        const level = attributes.level as number;
        if (!this.headingLevels.includes(level as never)) return this.notAllowed(node, parent);
        const props = this.props(node, 'heading');
        return this.create(node, nodes.heading, { level, textAlign: this.align(node), props }, parent);
      }
      case 'blockquote':
        return this.create(node, nodes.blockquote, {}, parent);
      case 'hr':
        return this.create(node, nodes.divider, {}, parent);
      case 'fence': {
        const type = nodes.code_block;
        if (type === undefined) return this.notAllowed(node, parent);
        const content = (attributes.content as string).replace(/\n$/, '');
        const language = typeof attributes.language === 'string' ? attributes.language : '';
        return type.create({ language, props: this.props(node, 'code_block') }, content === '' ? null : this.schema.text(content));
      }
      case 'list': {
        const ordered = attributes.ordered === true;
        const type = ordered ? nodes.ordered_list : nodes.unordered_list;
        const start = typeof attributes.start === 'number' ? attributes.start : 1;
        return this.create(node, type, ordered ? { start } : {}, parent);
      }
      case 'item':
        return this.create(node, nodes.list_item, {}, parent, true);
      case 'table':
        return this.create(node, nodes.table, {}, parent);
      case 'thead':
      case 'tbody':
        return this.children(node.children, parent);
      case 'tr':
        return this.create(node, nodes.table_row, {}, parent);
      case 'th':
      case 'td': {
        const type = node.type === 'th' ? nodes.table_header : nodes.table_cell;
        const span = { colspan: attributes.colspan ?? 1, rowspan: attributes.rowspan ?? 1 };
        return this.create(node, type, span, parent, true);
      }
      case 'text':
        return this.text(attributes.content as string);
      case 'softbreak':
        // Keystatic keeps a soft line break as a newline in the text; Markdoc writes it back as one.
        return this.text('\n');
      case 'hardbreak':
        return nodes.hard_break!.create();
      case 'code':
        if (marks.code === undefined) return this.notAllowed(node, parent);
        return this.text(attributes.content as string, marks.code.create());
      case 'em':
        return this.withMark(node, marks.italic?.create(), parent);
      case 'strong':
        return this.withMark(node, marks.bold?.create(), parent);
      case 's':
        return this.withMark(node, marks.strikethrough?.create(), parent);
      case 'link':
        return this.withMark(node, marks.link?.create({ href: attributes.href as string }), parent);
      case 'image':
        return this.image(node);
      case 'comment':
        return [];
      case 'tag':
        return this.tag(node, parent);
      // Markdoc's own nodes for what it could not read, and its abstract base; other types that
      // show up at run time are refused alike.
      case 'error':
      case 'node':
      default:
        this.problem(node, this.documentField && parent?.isTextblock ? et('problem.unknownInline', { type: node.type }) : et('problem.unhandledType', { type: node.type }));
        return null;
    }
  }

  /** The props of a heading or code block from its annotations (null when the field gives none). */
  private props(node: MarkdocNode, name: string): PropsValue | null {
    const owner = this.editorSchema.nodeProps.get(name);
    if (owner === undefined) return null;
    const known = knownAttributes[node.type] ?? [];
    const given = Object.fromEntries(Object.entries(node.attributes).filter(([key]) => !known.includes(key)));
    try {
      return owner.props.parse(given, this.context.files);
    } catch (error) {
      this.problem(node, `${node.type}: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    }
  }

  private align(node: MarkdocNode): string | null {
    const align = node.attributes.textAlign as unknown;
    if (align === undefined) return null;
    const { alignment, alignTo } = this.editorSchema.options;
    if (!alignment || (align !== 'center' && align !== 'end') || !alignTo.includes(align)) {
      this.problem(node, et('problem.attributeNotAllowed', { attribute: 'textAlign', type: node.type }));
      return null;
    }
    return align;
  }

  private image(node: MarkdocNode): Converted {
    const { src, alt, title } = node.attributes as { src: string; alt?: string; title?: string };
    const file = this.schema.nodes.image === undefined ? null : this.context.image(src);
    if (file === null) {
      // As Keystatic does: an image whose file is not in the site (an external URL) stays as text.
      return this.text(`![${alt ?? ''}](${src}${title ? ` "${title}"` : ''})`);
    }
    return this.schema.nodes.image!.create(
      { src: file.bytes, filename: file.filename, alt: alt ?? '', title: title ?? '' },
      null,
      this.marks,
    );
  }

  private tag(node: MarkdocNode, parent: NodeType | undefined): Converted {
    const name = node.tag ?? '';
    const component = this.editorSchema.components.get(name);
    if (component !== undefined) return this.component(node, component, parent);
    const { layout_grid: layout, layout_area: layoutArea } = this.schema.nodes;
    if (name === 'layout' && layout !== undefined) return this.layout(node, layout);
    if (name === 'layout-area' && layoutArea !== undefined) return this.create(node, layoutArea, {}, parent);
    if (name === 'table') {
      const [table] = node.children;
      if (this.schema.nodes.table !== undefined && table !== undefined) return this.node(table, parent);
      this.problem(node, et('problem.notAllowed', { type: 'table' }));
      return null;
    }
    const legacy = legacyMarkTags.get(name);
    const mark = legacy === undefined ? undefined : this.schema.marks[legacy];
    if (mark !== undefined) return this.withMark(node, mark.create(), parent);
    // A block the field does not know is kept as written, for the writer to remove or keep.
    if (!node.inline) return this.missingBlock(node, name);
    this.problem(node, this.documentField ? et('problem.unknownTag', { name }) : et('problem.missingComponent', { name }));
    return this.children(node.children, parent);
  }

  /**
   * A block of several child fields: one region tag per child field, in order (`{% component-block-prop
   * propPath=["content"] %}`…), each read as its region's content.
   */
  private regions(node: MarkdocNode, component: EditorComponent, props: PropsValue): Converted {
    const tags = node.children.flatMap((child) => (child.type === 'paragraph' ? (tagLines(child) ?? [child]) : [child]));
    const regions: Node[] = [];
    for (const [index, name] of component.children.entries()) {
      const region = this.editorSchema.components.get(name)!;
      const tag = tags[index];
      if (tag === undefined) {
        this.problem(node, et('problem.unexpectedChildren', { type: component.name }));
        return null;
      }
      const expected = `${regionTag(region.kind)} propPath=${JSON.stringify(region.region)}`;
      if (tag.type !== 'tag' || `${tag.tag} propPath=${JSON.stringify(tag.attributes.propPath)}` !== expected || Object.keys(tag.attributes).length !== 1) {
        const found = tag.type === 'tag' ? `tag: ${tag.tag}` : `type: ${tag.type}`;
        this.problem(tag, et('problem.expectedTag', { expected, found }));
        return null;
      }
      const type = this.schema.nodes[name]!;
      const known = this.problems.length;
      let children = this.within(type, () => this.children(tag.children, type));
      if (region.kind === 'inlineWrapper') children = wrapInParagraphs(this.schema, children);
      const created = type.createAndFill(null, children);
      if (created === null) {
        if (this.problems.length === known) this.problem(tag, et('problem.unexpectedChildren', { type: regionTag(region.kind) }));
        return null;
      }
      regions.push(created);
    }
    const extra = tags[component.children.length];
    if (extra !== undefined) {
      this.problem(extra, et('problem.unexpectedChildren', { type: component.name }));
      return null;
    }
    return this.schema.nodes[component.name]!.create({ props }, regions);
  }

  /** Whether a repeating component holds only the tags it repeats; reports the first that is not. */
  private childTagsFit(node: MarkdocNode, component: EditorComponent): boolean {
    const expected = component.children.join(' or ');
    for (const child of node.children) {
      for (const tag of child.type === 'paragraph' ? (tagLines(child) ?? [child]) : [child]) {
        if (tag.type === 'tag' && component.children.includes(tag.tag ?? '')) continue;
        const found = tag.type === 'tag' ? `tag: ${tag.tag}` : `type: ${tag.type}`;
        this.problem(child, et('problem.expectedTag', { expected, found }));
        return false;
      }
    }
    return true;
  }

  private missingBlock(node: MarkdocNode, name: string): Node {
    const [first = 0] = node.lines;
    const text = this.lines.slice(first, node.lines.at(-1) ?? first + 1).join('\n');
    return this.schema.nodes.missing_block!.create({ name, props: { ...node.attributes }, text, source: node });
  }

  /** Columns of the legacy document field: `{% layout layout=[1, 1] %}` around one `layout-area` per column. */
  private layout(node: MarkdocNode, type: NodeType): Converted {
    const layout = node.attributes.layout as unknown;
    const widths = Array.isArray(layout) && layout.length > 0 && layout.every((ratio) => typeof ratio === 'number' && ratio > 0);
    if (!widths) {
      this.problem(node, et('problem.layoutWidths'));
      return null;
    }
    const known = this.problems.length;
    const areas = this.children(node.children, type);
    const created = type.createAndFill({ layout }, fitAreas(areas, layout.length, this.schema));
    if (created === null && this.problems.length === known) this.problem(node, et('problem.unexpectedChildren', { type: 'layout' }));
    return created;
  }

  private component(node: MarkdocNode, component: EditorComponent, parent: NodeType | undefined): Converted {
    let props;
    try {
      props = component.props.parse(node.attributes, this.context.files);
    } catch (error) {
      this.problem(node, `${component.name}: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    }
    if (component.kind === 'mark') return this.withMark(node, this.schema.marks[component.name]?.create({ props }), parent);
    if (component.kind === 'regions') return this.regions(node, component, props);
    if (component.kind === 'repeating' && !this.childTagsFit(node, component)) return null;
    const type = this.schema.nodes[component.name]!;
    const known = this.problems.length;
    let children = this.within(type, () => this.children(node.children, type));
    // Its line of text, whether written on the tag's line or on a line of its own.
    if (component.kind === 'inlineWrapper') children = wrapInParagraphs(this.schema, children);
    const created = type.createAndFill({ props }, children, component.kind === 'inline' ? this.marks : undefined);
    if (created === null) {
      if (this.problems.length === known) this.problem(node, et('problem.unexpectedChildren', { type: node.type }));
      return null;
    }
    // An inline tag on a line of its own is a block to Markdoc: it goes in a paragraph of its own.
    if (component.kind === 'inline' && !parent?.isTextblock) return this.schema.nodes.paragraph!.create(null, created);
    return created;
  }
}

/** The tags that are all of a paragraph's text, one per line, if that is what it is. */
function tagLines(paragraph: MarkdocNode): MarkdocNode[] | null {
  const [inline] = paragraph.children;
  if (paragraph.children.length !== 1 || inline?.type !== 'inline') return null;
  const parts = inline.children;
  const fits = parts.length % 2 === 1 && parts.every((part, index) => part.type === (index % 2 === 0 ? 'tag' : 'softbreak'));
  return fits ? parts.filter((_, index) => index % 2 === 0) : null;
}
