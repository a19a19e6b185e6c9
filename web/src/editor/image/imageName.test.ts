/** An upload takes its own name unless another file of the field's folder has it with other bytes. */
import { noPropFiles } from '../components';
import { NodeSelection, Selection } from 'prosemirror-state';
import type { Command, EditorState } from 'prosemirror-state';
import { describe, expect, it } from 'vitest';
import { markdocToDoc } from '../markdoc/parse';
import { docToMarkdoc } from '../markdoc/serialize';
import { defaultEditorOptions } from '../options';
import { createEditorSchema } from '../schema/createSchema';
import { createEditorState } from '../state/createEditorState';
import { applyImageDetails, insertImage, openImageDialog, replaceImage } from './imageCommands';
import { freeImageName, withOpenedFolders } from './imageName';

const editorSchema = createEditorSchema(defaultEditorOptions, []);
const red = new Uint8Array([1]);
const blue = new Uint8Array([2]);
const green = new Uint8Array([3]);

/** `text` whose images show the bytes `files` has under their name, with that folder known. */
function open(text: string, files: Record<string, Uint8Array> = {}): EditorState {
  const folder = new Map(Object.entries(files));
  const doc = markdocToDoc(text, editorSchema, { image: (src) => ({ filename: src, bytes: folder.get(src) ?? new Uint8Array() }), files: noPropFiles });
  const state = withOpenedFolders(createEditorState(doc), { images: folder, imageFolder: '', folders: new Map(), kept: new Map() });
  return state.apply(state.tr.setSelection(Selection.atEnd(state.doc)));
}

function run(state: EditorState, command: Command): EditorState {
  let next = state;
  expect(command(state, (tr) => (next = state.apply(tr)))).toBe(true);
  return next;
}

const text = (state: EditorState) => docToMarkdoc(state.doc).text;

describe('freeImageName', () => {
  it('keeps a name no file has', () => {
    expect(freeImageName(open('Text\n'), 'photo.png', red)).toBe('photo.png');
  });

  it('counts up past names that images or folder files hold with other bytes, in any case', () => {
    const state = open('![](photo.png)\n', { 'photo.png': red, 'PHOTO-1.png': blue });
    expect(freeImageName(state, 'photo.png', green)).toBe('photo-2.png');
    expect(freeImageName(state, 'Photo.PNG', green)).toBe('Photo-2.PNG');
    // The same bytes under the same name are one file.
    expect(freeImageName(state, 'photo.png', red)).toBe('photo.png');
    expect(freeImageName(state, 'photo.png', blue)).toBe('photo-1.png');
  });

  it('numbers a name without an extension at its end', () => {
    expect(freeImageName(open('![](scan)\n', { scan: red }), 'scan', blue)).toBe('scan-1');
  });
});

describe('image commands name files freely', () => {
  it('when inserting: the same upload name twice gives two files', () => {
    let state = run(open('Text\n'), insertImage({ filename: 'photo.png', bytes: red }));
    // The inserted image is selected: the next one goes after it.
    state = state.apply(state.tr.setSelection(Selection.atEnd(state.doc)));
    state = run(state, insertImage({ filename: 'photo.png', bytes: blue }));
    expect(text(state)).toBe('Text![](photo.png)![](photo-1.png)\n');
  });

  it("when replacing an image's file, whose old bytes the folder keeps until the save", () => {
    const state = open('![](a.png) ![](photo.png)\n', { 'a.png': red, 'photo.png': blue });
    const replaced = run(state, replaceImage(1, { filename: 'photo.png', bytes: green }));
    expect(text(replaced)).toBe('![](photo-1.png) ![](photo.png)\n');
    // Its own name with its own bytes stays.
    expect(text(run(state, replaceImage(1, { filename: 'a.png', bytes: red })))).toBe('![](a.png) ![](photo.png)\n');
  });

  it('when the details dialog renames an image to a name another file has', () => {
    let state = open('![](a.png) ![](photo.png)\n', { 'a.png': red, 'photo.png': blue });
    state = state.apply(state.tr.setSelection(NodeSelection.create(state.doc, 1)));
    state = run(state, openImageDialog);
    state = run(state, applyImageDetails({ filename: 'photo.png', alt: 'A', title: '' }));
    expect(text(state)).toBe('![A](photo-1.png) ![](photo.png)\n');
  });
});

describe('uploaded file names', () => {
  it('are kept as uploaded by default, as Keystatic keeps them', () => {
    const state = run(open('Text\n'), insertImage({ filename: 'My Photo 1.png', bytes: red }));
    expect(text(state)).toBe('Text![](My%20Photo%201.png)\n');
  });

  it('are made slugs where the field says transformFilename: slug', () => {
    const slugged = createEditorSchema({ ...defaultEditorOptions, image: { directory: null, publicPath: null, transformFilename: 'slug' } }, []);
    const doc = markdocToDoc('Text\n', slugged);
    let state = createEditorState(doc);
    state = state.apply(state.tr.setSelection(Selection.atEnd(state.doc)));
    state = run(state, insertImage({ filename: 'My Photo 1.PNG', bytes: red }));
    state = state.apply(state.tr.setSelection(Selection.atEnd(state.doc)));
    state = run(state, insertImage({ filename: '¿¡.png', bytes: blue }));
    expect(text(state)).toBe('Text![](my-photo-1.png)![](image.png)\n');
  });
});
