/**
 * An editor state for a document of a field's schema, with every plugin the editor needs. Tests
 * use this too, so they exercise the keymap and input rules the editor has.
 */
import type { Node } from 'prosemirror-model';
import { dropCursor } from 'prosemirror-dropcursor';
import { gapCursor } from 'prosemirror-gapcursor';
import { EditorState } from 'prosemirror-state';
import type { Selection } from 'prosemirror-state';
import { tableEditing } from 'prosemirror-tables';
import { highlightPlugin } from '../codeBlock/highlight';
import { imageDialogPlugin } from '../image/imageCommands';
import { imagePastePlugin } from '../image/imagePastePlugin';
import { editorNoticePlugin } from '../notice/notice';
import { commandsFor } from '../commands/registry';
import { componentDialogPlugin } from '../componentEditing/componentDialog';
import { inputRulesPlugin } from '../inputRules/inputRules';
import { insertItems } from '../insertMenu/insertItems';
import { insertMenuPlugin } from '../insertMenu/insertMenuPlugin';
import { keymapPlugins } from '../keymap/keymap';
import { linkDialogPlugin } from '../link/linkDialog';
import { pastePlugin } from '../paste/pastePlugin';
import { placeholderPlugin } from '../plugins/placeholder';
import { repeatingBoundsPlugin } from '../plugins/repeatingBounds';
import { layoutAreasPlugin } from '../layout/layoutAreas';
import { ensureTrailingParagraph, trailingParagraphPlugin } from '../plugins/trailingParagraph';
import { editorSchemaOf } from '../schema/createSchema';
import { ownHistory } from './shared';

export function createEditorState(doc: Node, selection?: Selection): EditorState {
  const editorSchema = editorSchemaOf(doc.type.schema);
  const commands = commandsFor(editorSchema);
  const state = EditorState.create({
    doc,
    selection,
    plugins: [
      // The open insert menu takes Up, Down, Enter and Escape before the keymap does.
      insertMenuPlugin(insertItems(editorSchema, commands)),
      inputRulesPlugin(editorSchema),
      ...keymapPlugins(commands),
      ownHistory(),
      dropCursor({ width: 2 }),
      gapCursor(),
      ...(editorSchema.options.table ? [tableEditing()] : []),
      linkDialogPlugin,
      componentDialogPlugin,
      imageDialogPlugin,
      editorNoticePlugin,
      // Image files come before the text of the same paste (a picture copied from a web page).
      imagePastePlugin,
      pastePlugin,
      highlightPlugin,
      trailingParagraphPlugin,
      layoutAreasPlugin,
      placeholderPlugin,
      repeatingBoundsPlugin,
    ],
  });
  const tr = ensureTrailingParagraph(state.tr);
  return tr.docChanged ? state.apply(tr.setMeta('addToHistory', false)) : state;
}
