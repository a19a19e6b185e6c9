// @vitest-environment happy-dom
/** The editor store's view: focus given back by a closing dialog goes through the view. */
import { TextSelection } from 'prosemirror-state';
import { afterEach, describe, expect, it } from 'vitest';
import { markdocToDoc } from '../markdoc/parse';
import { defaultEditorOptions } from '../options';
import { createEditorSchema } from '../schema/createSchema';
import { createEditorState } from '../state/createEditorState';
import { EditorStore, restoreFocusEvent } from './EditorStore';

const editorSchema = createEditorSchema(defaultEditorOptions, []);
const element = document.createElement('div');
document.body.append(element);
let unmount: (() => void) | null = null;

afterEach(() => {
  unmount?.();
  unmount = null;
});

function mounted() {
  const doc = markdocToDoc('# Title\n\nSome [linked](https://example.com) words\n', editorSchema);
  const state = createEditorState(doc);
  const store = new EditorStore(state.apply(state.tr.setSelection(TextSelection.create(doc, 14))), {
    onChange: () => {},
    nodeViews: {},
    attributes: {},
  });
  unmount = store.mount(element);
  return store;
}

describe('focus given back to the text', () => {
  it('takes the focus through the view, keeping the selection where it was', () => {
    const store = mounted();
    const view = store.getView()!;
    const restore = new CustomEvent(restoreFocusEvent, { bubbles: true, cancelable: true });
    // react-aria focuses the element itself only when the event is not cancelled.
    expect(view.dom.dispatchEvent(restore)).toBe(false);
    expect(document.activeElement).toBe(view.dom);
    expect(store.getState().selection.from).toBe(14);
  });

  it('stops listening once the view is gone', () => {
    const store = mounted();
    const dom = store.getView()!.dom;
    unmount?.();
    unmount = null;
    expect(dom.dispatchEvent(new CustomEvent(restoreFocusEvent, { bubbles: true, cancelable: true }))).toBe(true);
  });
});

describe('a view drawn anew', () => {
  it('takes no transaction once destroyed (a late update of the shared text finds nothing to do)', () => {
    const changes: unknown[] = [];
    const doc = markdocToDoc('Some words\n', editorSchema);
    const store = new EditorStore(createEditorState(doc), { onChange: (state) => changes.push(state), nodeViews: {}, attributes: {} });
    const stop = store.mount(element);
    const view = store.getView()!;
    stop();
    expect(() => view.dispatch(view.state.tr.insertText('late'))).not.toThrow();
    expect(changes).toEqual([]);
  });
});
