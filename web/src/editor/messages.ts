/**
 * Every user-visible string of the editor, in en-US, formatted as the admin's own catalogue is
 * (lib/messages): the editor keeps a catalogue of its own so that it stays a layer apart. Another
 * locale's translations (`locales/{locale}.json`) are loaded by `loadEditorMessages` before the
 * editor's code first asks for a message.
 */
import type { LocalizedString, LocalizedStringFormatter, Variables } from '@internationalized/string';
import type { Template } from '../lib/messages/compile';
import { currentLocale } from '../lib/messages/format';
import { createFormatter } from '../lib/messages/formatter';
import { intlLocale } from '../lib/messages/locale';
import type { Locale } from '../lib/messages/locale';

export const editorEnUS = {
  // Block types
  'block.paragraph': 'Paragraph',
  'block.heading': 'Heading {level}',
  'block.type': 'Text style',
  'block.quote': 'Blockquote',
  'block.code': 'Code block',
  'block.divider': 'Divider',
  'block.table': 'Table',
  'block.layout': 'Layout',
  'block.headingProps': 'Heading',
  'block.image': 'Image',
  'block.orderedList': 'Numbered List',
  'block.bulletList': 'Bullet List',

  // Descriptions in the insert menu
  'describe.heading1': 'Use this for a top level heading',
  'describe.heading2': 'Use this for key sections',
  'describe.heading3': 'Use this for sub-sections',
  'describe.heading4': 'Use this for deep headings',
  'describe.heading5': 'Use this for grouping list items',
  'describe.heading6': 'Use this for low-level headings',
  'describe.quote': 'Insert a quote or citation',
  'describe.code': 'Display code with syntax highlighting',
  'describe.divider': 'A horizontal line to separate content',
  'describe.table': 'Insert a table',
  'describe.layout': 'Insert a layout',
  'describe.image': 'Insert an image',
  'describe.orderedList': 'Insert an ordered list',
  'describe.bulletList': 'Insert an unordered list',

  // Marks and formatting
  'mark.bold': 'Bold',
  'mark.italic': 'Italic',
  'mark.underline': 'Underline',
  'mark.strikethrough': 'Strikethrough',
  'mark.code': 'Code',
  'mark.superscript': 'Superscript',
  'mark.subscript': 'Subscript',
  'mark.keyboard': 'Keyboard',
  'format.clear': 'Clear formatting',
  'format.marks': 'Text formatting',
  'align.start': 'Align start',
  'align.center': 'Align center',
  'align.end': 'Align end',
  'align.label': 'Text alignment',
  'list.indent': 'Indent',
  'list.outdent': 'Outdent',
  'history.undo': 'Undo',
  'history.redo': 'Redo',

  // Toolbar and menus
  'toolbar.label': 'Formatting',
  'toolbar.insert': 'Insert',
  'toolbar.lists': 'Lists',
  'editor.placeholder': 'Start writing or press "/" for commands...',
  'insertMenu.empty': 'No results…',
  'insertMenu.label': 'Insert menu',

  // Links
  'link.add': 'Add link',
  'link.edit': 'Edit link',
  'link.text': 'Text',
  'link.href': 'Link',
  'link.invalid': 'Please provide a valid URL.',
  'link.save': 'Save',
  'link.cancel': 'Cancel',
  'link.remove': 'Unlink',
  'link.open': 'Open link in new tab',
  'link.toggle': 'Link',

  // Tables
  'table.headerRow': 'Header row',
  'table.options': 'Options',
  'table.deleteRow': 'Delete row',
  'table.deleteColumn': 'Delete column',
  'table.insertRowBelow': 'Insert row below',
  'table.insertColumnRight': 'Insert column right',
  'table.remove': 'Remove',
  'table.selectRow': 'Select row',
  'table.selectColumn': 'Select column',
  'table.select': 'Select table',

  // Components
  'component.edit': 'Edit',
  'component.editTitle': 'Edit {label}',
  'component.remove': 'Remove',
  'component.addChild': 'Add {label}',
  'component.invalid': 'Contains invalid fields. Please edit.',
  'cloudImage.size': '{width} × {height}',
  'component.done': 'Done',
  'component.cancel': 'Cancel',
  'component.missing': 'The block "{component}" no longer exists.',
  'component.keptInline': 'The element "{component}" has no component: it is kept as written.',

  // Images
  'image.missing': 'Missing image {filename}',
  'image.choose': 'Choose file',
  'image.edit': 'Edit image details',
  'image.remove': 'Remove',
  'image.details': 'Image details',
  'image.filename': 'File name',
  'image.filenameRequired': 'Please provide a file name.',
  'image.notImage': '{name} is not an image.',
  'notice.dismiss': 'Dismiss',
  'image.alt': 'Alt text',
  'image.altDescription': 'This text will be used by screen readers and search engines.',
  'image.title': 'Title',
  'image.save': 'Save',
  'image.cancel': 'Cancel',

  // Layouts
  'layout.tools': 'Layout',
  'layout.columns': 'Columns {layout}',
  'layout.remove': 'Remove',

  // Headings with props
  'heading.tools': 'Heading',
  'heading.options': 'Heading options',

  // Code blocks
  'code.options': 'Options',
  'code.language': 'Language',
  'code.plain': 'Plain text',
  'code.remove': 'Remove',

  // Loading and content that does not open
  'editor.loading': 'Loading the editor…',
  'parse.line': 'Line {line}: {message}',
  'parse.title': 'This content cannot be opened in the editor',
  'parse.hint': 'Fix the file, then open the entry again. Its text is shown below as it is stored; saving keeps it unchanged.',

  // Problems that keep content from opening (the same words as `quire check`'s)
  'problem.notAllowed': '{type} is not allowed',
  'problem.unexpectedChildren': '{type} has unexpected children',
  'problem.unexpectedAttributes': '{type} has unexpected attributes',
  'problem.attributeNotAllowed': 'The attribute "{attribute}" is not allowed on {type}',
  'problem.unknownInline': 'Unknown inline node type: {type}',
  'problem.unhandledType': 'Unhandled type {type}',
  'problem.unknownTag': 'Unknown tag: {name}',
  'problem.missingComponent': 'Missing component definition for {name}',
  'problem.missingDefinition': 'Could not find definition for {identifier}',
  'problem.expectedTag': 'expected tag {expected}, found {found}',
  'problem.layoutWidths': 'The attribute "layout" must list the widths of the columns',

  // Keyboard shortcuts, as the toolbar's tooltips name them
  'shortcut.tooltip': '{label} ({shortcut})',
  'shortcut.ctrl': 'Ctrl',
  'shortcut.shift': 'Shift',
  'shortcut.alt': 'Alt',
  'shortcut.lineBreak': 'Line break',
  'toolbar.components': 'Components',
  'toolbar.more': 'More formatting',
  'view.expand': 'Expand',
  'view.collapse': 'Collapse',
  'shortcut.selectTable': 'Select the table (in a table)',
  'shortcut.nextCell': 'Next cell (in a table)',
} satisfies Record<string, Template>;

export type EditorMessageKey = keyof typeof editorEnUS;

/** Each locale's translated catalogue, a chunk of its own loaded only for the locale shown. */
const catalogues = import.meta.glob<unknown>('./locales/*.json', { import: 'default' });

let formatter: LocalizedStringFormatter<EditorMessageKey, LocalizedString> = createFormatter(
  intlLocale(currentLocale()),
  editorEnUS,
  {},
);

/** Makes the editor's messages those of `locale`; keys it does not translate (yet) keep their en-US text. */
export async function loadEditorMessages(locale: Locale): Promise<void> {
  const load = catalogues[`./locales/${locale}.json`];
  formatter = createFormatter(intlLocale(locale), editorEnUS, load === undefined ? {} : await load());
}

/** The editor message `key` with `variables` filled in. */
export function et(key: EditorMessageKey, variables?: Variables): string {
  return formatter.format(key, variables);
}
