/**
 * The ProseMirror schema of one content field: the built-in nodes and marks its options allow, plus
 * its components. The options and components travel with the schema (`editorSchemaOf`), so that
 * commands, input rules and the converters, which only see nodes, can ask what the field allows.
 */
import { defaultImageText } from '../image/imageText';
import type { ImageText } from '../image/imageText';
import { Schema } from 'prosemirror-model';
import type { MarkSpec, Node, NodeSpec } from 'prosemirror-model';
import type { EditorComponent, PropsCodec } from '../components';
import { et } from '../messages';
import type { EditorMessageKey } from '../messages';
import type { EditorOptions } from '../options';
import { componentSpecs } from './componentSpecs';
import * as marks from './marks';
import * as nodes from './nodes';

export type EditorSchema = {
  schema: Schema;
  options: EditorOptions;
  components: ReadonlyMap<string, EditorComponent>;
  /**
   * Props of built-in nodes (`heading`, `code_block`) when the field's options give them a schema,
   * by node name, described as components are so that one dialog edits both.
   */
  nodeProps: ReadonlyMap<string, EditorComponent>;
  /** The kind of the field: the legacy document field words some parse problems as Keystatic's did. */
  fieldKind: 'markdoc' | 'mdx' | 'document';
  /** The image dialog's Alt text and Title, as the field's `image.schema` gives them. */
  imageText: ImageText;
};

/**
 * Node and mark names the built-in kinds use; Markdoc's own `table` tag is one of them. The config
 * refuses them as component names too (vectors/reserved-names.json).
 */
export const reservedNames: ReadonlySet<string> = new Set([
  'doc',
  'text',
  'paragraph',
  'hard_break',
  'heading',
  'blockquote',
  'code_block',
  'divider',
  'ordered_list',
  'unordered_list',
  'list_item',
  'table',
  'table_row',
  'table_cell',
  'table_header',
  'image',
  'missing_block',
  'missing_inline',
  'layout_grid',
  'layout_area',
  'link',
  'bold',
  'italic',
  'strikethrough',
  'code',
  'underline',
  'superscript',
  'subscript',
  'keyboard',
]);

/** The layout tags, taken only where the field has layouts (its nodes are `layout_grid` and `layout_area`). */
export const layoutNames: ReadonlySet<string> = new Set(['layout', 'layout-area']);

const cacheKey = 'quire.editorSchema';

/** Throws when a component is named like a built-in kind, or a repeating (or regions) one names unknown children. */
export function createEditorSchema(
  options: EditorOptions,
  components: readonly EditorComponent[],
  nodeProps: Readonly<Record<string, PropsCodec>> = {},
  fieldKind: EditorSchema['fieldKind'] = 'markdoc',
  imageText: ImageText = defaultImageText,
): EditorSchema {
  const byName = new Map(components.map((component) => [component.name, component]));
  for (const component of components) {
    const reserved = reservedNames.has(component.name) || (options.layouts.length > 0 && layoutNames.has(component.name));
    if (reserved) throw new Error(`The component name "${component.name}" is reserved`);
    if (component.kind === 'regions' && !component.children.every((child) => byName.get(child)?.region !== undefined)) {
      throw new Error(`The component "${component.name}" names regions it does not have`);
    }
    if (component.kind !== 'repeating') continue;
    const known = component.children.filter((child) => byName.has(child));
    if (known.length === 0) throw new Error(`The repeating component "${component.name}" has no known children`);
  }

  const nodeSpecs: Record<string, NodeSpec> = {
    doc: nodes.docSpec,
    paragraph: nodes.paragraphSpec,
    text: nodes.textSpec,
    hard_break: nodes.hardBreakSpec,
    missing_block: nodes.missingBlockSpec,
    missing_inline: nodes.missingInlineSpec,
  };
  if (options.heading.length > 0) nodeSpecs.heading = nodes.headingSpec(options.heading);
  if (options.blockquote) nodeSpecs.blockquote = nodes.blockquoteSpec;
  if (options.codeBlock) nodeSpecs.code_block = nodes.codeBlockSpec;
  if (options.divider) nodeSpecs.divider = nodes.dividerSpec;
  if (options.orderedList) nodeSpecs.ordered_list = nodes.orderedListSpec;
  if (options.unorderedList) nodeSpecs.unordered_list = nodes.unorderedListSpec;
  if (options.orderedList || options.unorderedList) nodeSpecs.list_item = nodes.listItemSpec;
  if (options.table) Object.assign(nodeSpecs, nodes.tableSpecs);
  if (options.image !== null) nodeSpecs.image = nodes.imageSpec;
  if (options.layouts.length > 0) Object.assign(nodeSpecs, { layout_grid: nodes.layoutSpec, layout_area: nodes.layoutAreaSpec });

  const markSpecs: Record<string, MarkSpec> = {};
  if (options.link) markSpecs.link = marks.linkSpec;
  if (options.italic) markSpecs.italic = marks.italicSpec;
  if (options.bold) markSpecs.bold = marks.boldSpec;
  if (options.strikethrough) markSpecs.strikethrough = marks.strikethroughSpec;
  if (options.code) markSpecs.code = marks.codeSpec;
  if (options.underline) markSpecs.underline = marks.underlineSpec;
  if (options.superscript) markSpecs.superscript = marks.superscriptSpec;
  if (options.subscript) markSpecs.subscript = marks.subscriptSpec;
  if (options.keyboard) markSpecs.keyboard = marks.keyboardSpec;

  const custom = componentSpecs(components);
  const schema = new Schema({
    nodes: { ...nodeSpecs, ...custom.nodes },
    marks: { ...markSpecs, ...custom.marks },
  });
  const withProps = Object.entries(nodeProps).filter(([name]) => schema.nodes[name] !== undefined);
  const editorSchema: EditorSchema = {
    schema,
    options,
    components: byName,
    nodeProps: new Map(withProps.map(([name, props]) => [name, nodePropsOwner(name, props)])),
    fieldKind,
    imageText,
  };
  schema.cached[cacheKey] = editorSchema;
  return editorSchema;
}

const nodeLabels: Record<string, EditorMessageKey> = { heading: 'block.headingProps', code_block: 'block.code' };

function nodePropsOwner(name: string, props: PropsCodec): EditorComponent {
  const label = et(nodeLabels[name] ?? 'block.paragraph');
  return { name, kind: 'block', label, description: null, forSpecificLocations: false, toolbar: false, cloudImage: false, children: [], min: 0, max: null, placeholder: null, hasProps: true, props };
}

/** The component, or the built-in node with props, that owns the props of `node`. */
export function propsOwner(editorSchema: EditorSchema, node: Node): EditorComponent | undefined {
  return editorSchema.components.get(node.type.name) ?? editorSchema.nodeProps.get(node.type.name);
}

/** The options and components a schema was made from. */
export function editorSchemaOf(schema: Schema): EditorSchema {
  const editorSchema = schema.cached[cacheKey] as EditorSchema | undefined;
  if (editorSchema === undefined) throw new Error('The schema was not made by createEditorSchema');
  return editorSchema;
}
