// @vitest-environment happy-dom
/**
 * A Markdoc field's `image.schema` (Keystatic's option): the image dialog's Alt text and Title are
 * the text fields it declares, with their labels, descriptions and checks.
 */
import { noPropFiles } from '../../editor/components';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { NodeSelection } from 'prosemirror-state';
import type { EditorState } from 'prosemirror-state';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { normalizeField } from '../../../test/normalized';
import type { ContentField } from '../../api/config';
import { Editor } from '../../editor/Editor';
import { openImageDialog } from '../../editor/image/imageCommands';
import { markdocToDoc } from '../../editor/markdoc/parse';
import { docToMarkdoc } from '../../editor/markdoc/serialize';
import { createEditorState } from '../../editor/state/createEditorState';
import { kindOf } from '../registry';
import { editorSchemaFor, imageText } from './editorSchema';

const field = normalizeField({
  kind: 'markdoc',
  label: 'Content',
  options: {
    image: {
      schema: {
        alt: { kind: 'text', label: 'Description', description: 'What the picture shows', validation: { length: { min: 1 } } },
        title: { kind: 'text', label: 'Caption', validation: { length: { max: 5 } } },
      },
    },
  },
}) as ContentField;

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

const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]')!;
const labels = () => [...dialog().querySelectorAll('label')].map((label) => label.textContent);
const input = (label: string) => {
  const labelled = [...dialog().querySelectorAll('label')].find((element) => element.textContent?.startsWith(label))!;
  return document.getElementById(labelled.htmlFor) as HTMLInputElement;
};
const type = (label: string, value: string) =>
  act(() => {
    const element = input(label);
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
const submit = () => act(() => dialog().querySelector('form')!.requestSubmit());

function openDialogOn(text: string, onChange: (state: EditorState) => void) {
  const schema = editorSchemaFor(field, kindOf);
  const loaded = createEditorState(markdocToDoc(text, schema, { image: (src) => ({ filename: src, bytes: new Uint8Array([1]) }), files: noPropFiles }));
  let state = loaded.apply(loaded.tr.setSelection(NodeSelection.create(loaded.doc, 1)));
  openImageDialog(state, (tr) => (state = state.apply(tr)));
  act(() => root.render(<Editor state={state} onChange={onChange} label="Content" />));
}

describe("a Markdoc field's image schema", () => {
  it('labels the inputs as its text fields do, and leaves out what it does not declare', () => {
    expect(imageText(field, kindOf).alt?.label).toBe('Description');
    const plain = normalizeField({ kind: 'markdoc', label: 'Content' }) as ContentField;
    expect(imageText(plain, kindOf)).toEqual({ alt: null, title: null });
  });

  it("checks the dialog's inputs with the fields' rules before the image changes", () => {
    let changed: EditorState | null = null;
    openDialogOn('![](a.png)\n', (next) => (changed = next));
    expect(labels()).toEqual(['File name*', 'Description*', 'Caption']);
    expect(dialog().textContent).toContain('What the picture shows');
    type('Caption', 'Far too long');
    submit();
    expect(dialog().textContent).toContain('Description must not be empty');
    expect(dialog().textContent).toContain('Caption must be no longer than 5 characters');
    expect(changed).toBeNull();
    type('Description', 'A cat');
    type('Caption', 'Cat');
    submit();
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect(docToMarkdoc(changed!.doc).text).toBe('![A cat](a.png "Cat")\n');
  });
});
