// @vitest-environment happy-dom
/** Images as a person meets them in the editor: the popover, the details dialog and its checks, a missing file. */
import { noPropFiles } from '../components';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { NodeSelection } from 'prosemirror-state';
import type { EditorState } from 'prosemirror-state';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Editor } from '../Editor';
import { markdocToDoc } from '../markdoc/parse';
import { docToMarkdoc } from '../markdoc/serialize';
import { defaultEditorOptions } from '../options';
import { createEditorSchema } from '../schema/createSchema';
import { createEditorState } from '../state/createEditorState';
import { openImageDialog } from './imageCommands';
import { splitFilename } from './imageName';

const editorSchema = createEditorSchema(defaultEditorOptions, []);

/** `text` with its image selected; `bytes` are the file of every image it shows. */
function selectedImage(text: string, bytes = new Uint8Array([137, 80, 78, 71])): EditorState {
  const state = createEditorState(markdocToDoc(text, editorSchema, { image: (src) => ({ filename: src, bytes }), files: noPropFiles }));
  return state.apply(state.tr.setSelection(NodeSelection.create(state.doc, 1)));
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
  act(() => root.render(<Editor state={state} onChange={onChange} label="Content" />));
}

function withDialog(state: EditorState): EditorState {
  let opened = state;
  openImageDialog(state, (tr) => (opened = state.apply(tr)));
  return opened;
}

const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]')!;
const input = (label: string) => {
  const labelled = [...dialog().querySelectorAll('label')].find((element) => element.textContent?.startsWith(label))!;
  return document.getElementById(labelled.htmlFor) as HTMLInputElement;
};

describe('the image popover', () => {
  it('offers Choose file, the details and Remove for the selected image', () => {
    let changed: EditorState | null = null;
    render(selectedImage('![A](a.png)\n'), (next) => (changed = next));
    const popover = container.querySelector<HTMLElement>('.editor-popover')!;
    const buttons = [...popover.querySelectorAll('button')].map((button) => button.getAttribute('aria-label') ?? button.textContent);
    expect(buttons).toEqual(['Choose file', 'Edit image details', 'Remove']);
    act(() => popover.querySelectorAll('button')[2]!.click());
    expect(docToMarkdoc(changed!.doc).text).toBe('');
  });
});

describe('the image details dialog', () => {
  it('shows the name without its extension, which stays fixed, then alt text and title', () => {
    render(withDialog(selectedImage('![A photo](my.photo.png "Shot")\n')), () => {});
    expect(dialog().querySelector('h2')?.textContent).toBe('Image details');
    expect(input('File name').value).toBe('my.photo');
    expect(dialog().querySelector('.editor-image-extension')?.textContent).toBe('.png');
    expect(input('Alt text').value).toBe('A photo');
    expect(dialog().textContent).toContain('This text will be used by screen readers and search engines.');
    expect(input('Title').value).toBe('Shot');
  });

  it('puts focus on its first field as it opens', () => {
    render(withDialog(selectedImage('![A](a.png)\n')), () => {});
    expect(document.activeElement).toBe(input('File name'));
  });

  it('asks for a file name once the field was left', () => {
    render(withDialog(selectedImage('![A](a.png)\n')), () => {});
    act(() => {
      const name = input('File name');
      name.focus();
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(name, '  ');
      name.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(dialog().textContent).not.toContain('Please provide a file name.');
    act(() => input('File name').blur());
    expect(dialog().textContent).toContain('Please provide a file name.');
  });

  it('refuses a submit without a name, saying why, and keeps the details of a good one', () => {
    let changed: EditorState | null = null;
    render(withDialog(selectedImage('![A](a.png)\n')), (next) => (changed = next));
    const type = (label: string, value: string) =>
      act(() => {
        const field = input(label);
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(field, value);
        field.dispatchEvent(new Event('input', { bubbles: true }));
      });
    type('File name', '');
    act(() => dialog().querySelector('form')!.requestSubmit());
    expect(dialog().textContent).toContain('Please provide a file name.');
    expect(changed).toBeNull();
    type('File name', 'cover');
    type('Alt text', 'The cover');
    type('Title', 'Front');
    act(() => dialog().querySelector('form')!.requestSubmit());
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect(docToMarkdoc(changed!.doc).text).toBe('![The cover](cover.png "Front")\n');
  });
});

describe('an image without bytes', () => {
  it("shows 'Missing image {filename}'", () => {
    render(selectedImage('![A](a.png)\n', new Uint8Array()), () => {});
    expect(container.querySelector('.editor-image-missing')?.textContent).toBe('Missing image a.png');
  });
});

describe('file names', () => {
  it('split at the last dot, and a name without one has no extension', () => {
    expect(splitFilename('my.photo.png')).toEqual({ base: 'my.photo', extension: '.png' });
    expect(splitFilename('README')).toEqual({ base: 'README', extension: '' });
    expect(splitFilename('.hidden')).toEqual({ base: '.hidden', extension: '' });
  });
});
