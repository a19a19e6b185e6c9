/**
 * An editor state for a document of a field's schema, with every plugin the editor needs. Tests
 * use this too, so they exercise the keymap and input rules the editor has.
 */
import type { Node } from 'prosemirror-model';
import { dropCursor } from 'prosemirror-dropcursor';
import { gapCursor } from 'prosemirror-gapcursor';
import { history } from 'prosemirror-history';
import { EditorState } from 'prosemirror-state';
import type { Selection } from 'prosemirror-state';
import { tableEditing } from 'prosemirror-tables';
import { commandsFor } from '../commands/registry';
import { inputRulesPlugin } from '../inputRules/inputRules';
import { keymapPlugins } from '../keymap/keymap';
import { linkDialogPlugin } from '../link/linkDialog';
import { ensureTrailingParagraph, trailingParagraphPlugin } from '../plugins/trailingParagraph';
import { editorSchemaOf } from '../schema/createSchema';

export function createEditorState(doc: Node, selection?: Selection): EditorState {
  const editorSchema = editorSchemaOf(doc.type.schema);
  const state = EditorState.create({
    doc,
    selection,
    plugins: [
      inputRulesPlugin(editorSchema),
      ...keymapPlugins(commandsFor(editorSchema)),
      history(),
      dropCursor({ width: 2 }),
      gapCursor(),
      ...(editorSchema.options.table ? [tableEditing()] : []),
      linkDialogPlugin,
      trailingParagraphPlugin,
    ],
  });
  const tr = ensureTrailingParagraph(state.tr);
  return tr.docChanged ? state.apply(tr.setMeta('addToHistory', false)) : state;
}
