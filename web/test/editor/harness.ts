/**
 * Drives a real EditorView (in happy-dom) the way a writer does: typing goes through the input
 * rules as browser text input does, keys through the keymap, commands through the registry.
 * Test files using it start with `// @vitest-environment happy-dom`.
 */
import { EditorView } from 'prosemirror-view';
import { commandsFor } from '../../src/editor/commands/registry';
import { editorSchemaOf } from '../../src/editor/schema/createSchema';
import { createEditorState } from '../../src/editor/state/createEditorState';
import { print, selectionOf } from './builder';
import type { TestDoc } from './builder';

const mac = /Mac|iP(hone|[oa]d)/.test(navigator.platform);

export class TestEditor {
  readonly view: EditorView;

  constructor(testDoc: TestDoc) {
    const state = createEditorState(testDoc.doc, selectionOf(testDoc));
    this.view = new EditorView(document.createElement('div'), { state });
  }

  get state() {
    return this.view.state;
  }

  /** Types `text` one character at a time. */
  type(text: string): this {
    for (const char of text) {
      const { from, to } = this.view.state.selection;
      const deflt = () => this.view.state.tr.insertText(char, from, to);
      const handled = this.view.someProp('handleTextInput', (f) => f(this.view, from, to, char, deflt));
      if (!handled) this.view.dispatch(deflt());
    }
    return this;
  }

  /** Presses a key as the keymap names it (`Enter`, `Mod-b`, `Shift-Tab`); false if nothing handled it. */
  press(keys: string): boolean {
    const parts = keys.split('-');
    const key = parts.pop()!;
    const has = (name: string) => parts.includes(name);
    const event = new KeyboardEvent('keydown', {
      key,
      shiftKey: has('Shift'),
      altKey: has('Alt'),
      ctrlKey: has('Ctrl') || (has('Mod') && !mac),
      metaKey: has('Meta') || (has('Mod') && mac),
      bubbles: true,
      cancelable: true,
    });
    return this.view.someProp('handleKeyDown', (f) => f(this.view, event)) ?? false;
  }

  /** Pastes plain text as a browser does without Shift: through the text parser and paste handlers. */
  paste(text: string): this {
    const { view } = this;
    const parsed = view.someProp('clipboardTextParser', (f) => f(text, view.state.selection.$from, false, view));
    if (parsed === undefined) throw new Error('No clipboard text parser');
    const slice = view.someProp('transformPasted', (f) => f(parsed, view, false)) ?? parsed;
    const event = new Event('paste') as ClipboardEvent;
    if (!view.someProp('handlePaste', (f) => f(view, event, slice))) view.dispatch(view.state.tr.replaceSelection(slice));
    return this;
  }

  /** Pastes HTML as a browser does: through the HTML transforms, the schema's parse rules and paste handlers. */
  pasteHTML(html: string): this {
    this.view.pasteHTML(html);
    return this;
  }

  /** Runs a registry command by name; false if the field lacks it or it does not apply here. */
  run(name: string): boolean {
    const command = commandsFor(editorSchemaOf(this.view.state.schema)).find((candidate) => candidate.name === name);
    if (command === undefined) throw new Error(`No command ${name} in this field`);
    return command.run(this.view.state, this.view.dispatch, this.view);
  }

  print(): string {
    return print(this.view.state);
  }
}

export function open(testDoc: TestDoc): TestEditor {
  return new TestEditor(testDoc);
}

/** The printed form of an expected document, with the trailing paragraph the editor adds. */
export function expected(testDoc: TestDoc): string {
  return print(createEditorState(testDoc.doc, selectionOf(testDoc)));
}
