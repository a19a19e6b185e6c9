/**
 * Image file names. The image dialog's File name: the name without its extension is edited, the
 * extension stays as the file has it (shown as a suffix), since the bytes are still of that type.
 * Each file of a field's image folder has one name: an upload whose name is taken gets a free one.
 */
import { Plugin, PluginKey } from 'prosemirror-state';
import type { EditorState } from 'prosemirror-state';
import slugify from '@sindresorhus/slugify';
import { et } from '../messages';
import { editorSchemaOf } from '../schema/createSchema';

/** `photo.final.png` → `photo.final` and `.png`; a name without a dot has no extension. */
export function splitFilename(filename: string): { base: string; extension: string } {
  const dot = filename.lastIndexOf('.');
  return dot <= 0 ? { base: filename, extension: '' } : { base: filename.slice(0, dot), extension: filename.slice(dot) };
}

/**
 * The name an uploaded file goes into the document under, before it is kept clear of other names:
 * as uploaded (Keystatic's default), or made a slug where the field's `transformFilename` says so,
 * the extension kept in lower case (`My Photo 1.PNG` → `my-photo-1.png`).
 */
export function uploadName(state: EditorState, filename: string): string {
  if (editorSchemaOf(state.schema).options.image?.transformFilename !== 'slug') return filename;
  const { base, extension } = splitFilename(filename);
  return `${slugify(base) || 'image'}${extension.toLowerCase()}`;
}

/** Why a name cannot be used, or null: a name is required, and spaces alone are no name. */
export function fileNameError(base: string): string | null {
  return base.trim() === '' ? et('image.filenameRequired') : null;
}

// The files the field's image folder held when the document opened, by name: an upload must not
// take the name of one of them, since saving would overwrite it.
const imageFolderKey = new PluginKey<ReadonlyMap<string, Uint8Array>>('imageFolder');

/** `state` knowing the files of the field's image folder (by name below it), which new images keep clear of. */
export function withImageFolder(state: EditorState, files: ReadonlyMap<string, Uint8Array>): EditorState {
  const plugin = new Plugin<ReadonlyMap<string, Uint8Array>>({ key: imageFolderKey, state: { init: () => files, apply: (_tr, value) => value } });
  return state.reconfigure({ plugins: [...state.plugins, plugin] });
}

/** The files the field's image folder held when the document opened, by name below it. */
export function imageFolderFiles(state: EditorState): ReadonlyMap<string, Uint8Array> {
  return imageFolderKey.getState(state) ?? new Map();
}

/**
 * The name a file goes into the document under: `filename` as uploaded, unless another image of the
 * document (not the one at `replacing`) or a file of the image folder has that name with other
 * bytes; then the first free one of `photo-1.png`, `photo-2.png`, … Names are compared without
 * case, as some file systems do. A name holding the same bytes is shared rather than doubled.
 */
export function freeImageName(state: EditorState, filename: string, bytes: Uint8Array, replacing?: number): string {
  const taken = new Map<string, Uint8Array[]>();
  const add = (name: string, contents: Uint8Array) => {
    const key = name.toLowerCase();
    taken.set(key, [...(taken.get(key) ?? []), contents]);
  };
  for (const [name, contents] of imageFolderKey.getState(state) ?? []) add(name, contents);
  state.doc.descendants((node, pos) => {
    if (node.type.name === 'image' && pos !== replacing) add(node.attrs.filename as string, node.attrs.src as Uint8Array);
  });
  const isTaken = (name: string) => (taken.get(name.toLowerCase()) ?? []).some((contents) => !sameBytes(contents, bytes));
  const { base, extension } = splitFilename(filename);
  let name = filename;
  for (let n = 1; isTaken(name); n += 1) name = `${base}-${n}${extension}`;
  return name;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a === b || (a.length === b.length && a.every((byte, index) => byte === b[index]));
}
