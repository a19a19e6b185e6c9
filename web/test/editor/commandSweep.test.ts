// @vitest-environment happy-dom
/**
 * The toolbar asks every command whether it applies, at whatever place the cursor is: asking must
 * never build a broken transaction (ProseMirror warns about a bad selection once, then stays quiet,
 * so this sweep runs in a file of its own).
 */
import { TextSelection } from 'prosemirror-state';
import { expect, it, vi } from 'vitest';
import { commandsFor } from '../../src/editor/commands/registry';
import { markdocToDoc } from '../../src/editor/markdoc/parse';
import { defaultEditorOptions } from '../../src/editor/options';
import { createEditorSchema } from '../../src/editor/schema/createSchema';
import { createEditorState } from '../../src/editor/state/createEditorState';

const text = [
  'A paragraph with **bold** and a [link](/x).',
  '## A heading',
  '- one\n  - nested\n- two',
  '1. first\n1. second',
  '> quoted',
  '```js\ncode\n```',
  '---',
  '{% table %}\n- a\n- b\n---\n- c\n- d\n{% /table %}',
].join('\n\n');

it('every command can be asked at every cursor position', () => {
  const editorSchema = createEditorSchema({ ...defaultEditorOptions, alignment: true, underline: true }, []);
  const state = createEditorState(markdocToDoc(text, editorSchema));
  const warn = vi.spyOn(console, 'warn');
  let asked = 0;
  for (let pos = 0; pos <= state.doc.content.size; pos++) {
    if (!state.doc.resolve(pos).parent.inlineContent) continue;
    const at = state.apply(state.tr.setSelection(TextSelection.create(state.doc, pos)));
    for (const command of commandsFor(editorSchema)) {
      command.run(at);
      asked++;
    }
  }
  expect(asked).toBeGreaterThan(1000);
  expect(warn).not.toHaveBeenCalled();
  warn.mockRestore();
});
