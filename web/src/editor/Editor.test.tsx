// @vitest-environment happy-dom
/** The editor's surfaces as a person meets them: toolbar, placeholder, insert menu, link dialog. */
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import type { EditorState } from 'prosemirror-state';
import { TextSelection } from 'prosemirror-state';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PropsFormProps } from './componentEditing/ComponentDialog';
import { testComponent } from '../../test/editor/components';
import { Editor } from './Editor';
import { insertMenuKey } from './insertMenu/insertMenuPlugin';
import { openLinkDialog } from './link/linkDialog';
import { markdocToDoc } from './markdoc/parse';
import { defaultEditorOptions } from './options';
import { createEditorSchema } from './schema/createSchema';
import { createEditorState } from './state/createEditorState';

const aside = testComponent('aside', 'wrapper', {
  label: 'Aside',
  hasProps: true,
  props: {
    defaultValue: () => ({ icon: '' }),
    parse: (attributes) => ({ icon: attributes.icon ?? '' }),
    serialize: (value) => (value.icon === '' ? {} : { icon: value.icon }),
    validate: (value) => (value.icon === 'bad' ? 'Icon is bad' : null),
    label: (key) => (key === 'icon' ? 'Icon' : key),
  },
});
const editorSchema = createEditorSchema(defaultEditorOptions, [aside]);

/** A one-input form standing in for the field widgets the content field provides. */
function IconForm({ value, onChange, forced }: PropsFormProps) {
  return (
    <label>
      Icon
      <input value={String(value.icon)} onChange={(event) => onChange({ icon: event.target.value })} />
      {forced && <span role="alert">Icon is bad</span>}
    </label>
  );
}

function stateOf(text: string): EditorState {
  return createEditorState(markdocToDoc(text, editorSchema));
}

let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

function render(state: EditorState, onChange?: (state: EditorState) => void) {
  act(() => root.render(<Editor state={state} onChange={onChange} label="Content" PropsForm={IconForm} />));
}

const text = () => container.querySelector<HTMLElement>('.ProseMirror')!;

describe('Editor', () => {
  it('shows the toolbar and the placeholder of an empty document', () => {
    render(stateOf(''), () => {});
    expect(container.querySelector('[role="toolbar"]')?.getAttribute('aria-label')).toBe('Formatting');
    expect(container.querySelector('[aria-label="Bold"]')).not.toBeNull();
    expect(container.querySelector('.editor-block-type-value')?.textContent).toBe('Paragraph');
    expect(container.querySelector('.editor-placeholder')?.getAttribute('data-placeholder')).toBe(
      'Start writing or press "/" for commands...',
    );
    expect(text().getAttribute('contenteditable')).toBe('true');
  });

  it('is read-only without a change handler', () => {
    render(stateOf('hello'));
    expect(container.querySelector('[role="toolbar"]')).toBeNull();
    expect(text().getAttribute('contenteditable')).toBe('false');
  });

  it('reports a change made from the toolbar, and shows the mark as pressed', () => {
    let changed: EditorState | null = null;
    const state = stateOf('hello world');
    const selected = state.apply(state.tr.setSelection(TextSelection.create(state.doc, 1, 6)));
    render(selected, (next) => (changed = next));
    const bold = container.querySelector<HTMLButtonElement>('[aria-label="Bold"]')!;
    act(() => bold.click());
    expect(changed).not.toBeNull();
    expect(changed!.doc.firstChild!.firstChild!.marks.map((mark) => mark.type.name)).toEqual(['bold']);
    expect(bold.getAttribute('aria-pressed')).toBe('true');
  });

  it('shows the insert menu under a slash, with "No results…" when nothing matches', () => {
    const state = stateOf('');
    const opened = state.apply(state.tr.insertText('/').setMeta(insertMenuKey, { open: 1 }));
    render(opened, () => {});
    const options = [...container.querySelectorAll('[role="option"]')].map((option) => option.firstChild?.textContent);
    expect(options.slice(0, 3)).toEqual(['Aside', 'Heading 1', 'Heading 2']);
    render(opened.apply(opened.tr.insertText('zzz')), () => {});
    expect(container.querySelector('[role="listbox"]')?.textContent).toBe('No results…');
  });

  it('asks for a valid URL in the link dialog once the field was left', () => {
    const state = stateOf('hello world');
    const selected = state.apply(state.tr.setSelection(TextSelection.create(state.doc, 1, 6)));
    let dialogState: EditorState = selected;
    openLinkDialog(selected, (tr) => (dialogState = selected.apply(tr)));
    render(dialogState, () => {});
    const dialog = document.querySelector('[role="dialog"]')!;
    expect(dialog.querySelector('h2')?.textContent).toBe('Add link');
    const inputs = dialog.querySelectorAll('input');
    expect((inputs[0] as HTMLInputElement).value).toBe('hello');
    expect(dialog.textContent).not.toContain('Please provide a valid URL.');
    act(() => {
      inputs[1]!.focus();
      inputs[1]!.blur();
    });
    expect(dialog.textContent).toContain('Please provide a valid URL.');
  });

  it('edits the props of a component in "Edit {label}", refusing invalid ones on Done', () => {
    let changed: EditorState | null = null;
    render(stateOf('{% aside icon="a" %}\nText\n{% /aside %}'), (next) => (changed = next));
    const edit = [...container.querySelectorAll('button')].find((button) => button.textContent === 'Edit')!;
    act(() => edit.click());
    const dialog = document.querySelector('[role="dialog"]')!;
    expect(dialog.querySelector('h2')?.textContent).toBe('Edit Aside');
    const input = dialog.querySelector('input')!;
    expect(input.value).toBe('a');
    const setInput = (text: string) => {
      act(() => {
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text);
        input.dispatchEvent(new Event('input', { bubbles: true }));
      });
    };
    const done = [...dialog.querySelectorAll('button')].find((button) => button.textContent === 'Done')!;
    setInput('bad');
    act(() => done.click());
    expect(dialog.querySelector('[role="alert"]')?.textContent).toBe('Icon is bad');
    expect(changed).toBeNull();
    setInput('b');
    act(() => done.click());
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect(changed!.doc.firstChild!.attrs.props).toEqual({ icon: 'b' });
  });

  it('removes a component with its Remove button', () => {
    let changed: EditorState | null = null;
    render(stateOf('{% aside %}\nText\n{% /aside %}\n\nAfter'), (next) => (changed = next));
    const remove = [...container.querySelectorAll('button')].find((button) => button.textContent === 'Remove')!;
    act(() => remove.click());
    expect(changed!.doc.firstChild!.textContent).toBe('After');
  });
});
