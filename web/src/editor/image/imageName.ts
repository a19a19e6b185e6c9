/**
 * Image file names. The image dialog's File name: the name without its extension is edited, the
 * extension stays as the file has it (shown as a suffix), since the bytes are still of that type.
 * Each file of a field's folders (its images', its components' files) has one name: an upload whose
 * name is taken gets a free one.
 */
import { Plugin, PluginKey } from 'prosemirror-state';
import type { EditorState } from 'prosemirror-state';
import slugify from '@sindresorhus/slugify';
import { et } from '../messages';
import type { PropFile, PropFileSink, PropsCodec, PropsValue } from '../components';
import { editorSchemaOf, propsOwner } from '../schema/createSchema';

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

/**
 * The files of the content's folders when the document opened. Uploads must not take the name of
 * one of them, since saving would overwrite it.
 */
export type OpenedFolders = {
  /** The image folder's images, by name. */
  images: ReadonlyMap<string, Uint8Array>;
  /** The image folder's name among `folders` ('' beside the content), or null when images are off. */
  imageFolder: string | null;
  /** Every file of the folders components' props keep files in, by folder ('' beside the content) and name. */
  folders: ReadonlyMap<string, ReadonlyMap<string, Uint8Array>>;
  /** Files of those folders that nothing named when the document opened: written back as they are. */
  kept: ReadonlyMap<string, ReadonlyMap<string, Uint8Array>>;
  /** The collection entry's slug the text was opened with, which props' addresses may name. */
  slug?: string;
};

const noFolders: OpenedFolders = { images: new Map(), imageFolder: null, folders: new Map(), kept: new Map() };

const openedFoldersKey = new PluginKey<OpenedFolders>('openedFolders');

/** `state` knowing the files of the field's folders, which new files keep clear of. */
export function withOpenedFolders(state: EditorState, folders: OpenedFolders): EditorState {
  const plugin = new Plugin<OpenedFolders>({ key: openedFoldersKey, state: { init: () => folders, apply: (_tr, value) => value } });
  return state.reconfigure({ plugins: [...state.plugins, plugin] });
}

/** The files of the field's folders when the document opened. */
export function openedFolders(state: EditorState): OpenedFolders {
  return openedFoldersKey.getState(state) ?? noFolders;
}

/** Names already taken in a folder, by lower-cased name: each with the bytes it holds. */
type Taken = Map<string, Uint8Array[]>;

function take(taken: Taken, name: string, contents: Uint8Array): void {
  const key = name.toLowerCase();
  taken.set(key, [...(taken.get(key) ?? []), contents]);
}

/** The first free one of `filename`, `photo-1.png`, `photo-2.png`, … (a name holding `bytes` is free). */
function freeName(taken: Taken, filename: string, bytes: Uint8Array): string {
  const isTaken = (name: string) => (taken.get(name.toLowerCase()) ?? []).some((contents) => !sameBytes(contents, bytes));
  const { base, extension } = splitFilename(filename);
  let name = filename;
  for (let n = 1; isTaken(name); n += 1) name = `${base}-${n}${extension}`;
  return name;
}

/**
 * The names taken in `folder` (by name among `OpenedFolders.folders`): its files at open, the
 * images of the document when it holds them (the image folder; not the image at `replacing`), and
 * the files components' props in the document name (not those of the node at `replacing`).
 */
function takenIn(state: EditorState, folder: string, replacing?: number, holdsImages = folder === openedFolders(state).imageFolder): Taken {
  const opened = openedFolders(state);
  const taken: Taken = new Map();
  for (const [name, contents] of opened.folders.get(folder) ?? []) take(taken, name, contents);
  const editorSchema = editorSchemaOf(state.schema);
  if (holdsImages) for (const [name, contents] of opened.images) take(taken, name, contents);
  const sink: PropFileSink = {
    slug: undefined,
    write: (file) => {
      if ((file.directory ?? '') === folder) take(taken, file.filename, file.contents);
    },
  };
  state.doc.descendants((node, pos) => {
    if (pos === replacing) return;
    if (holdsImages && node.type.name === 'image') take(taken, node.attrs.filename as string, node.attrs.src as Uint8Array);
    const owner = propsOwner(editorSchema, node);
    if (owner !== undefined && node.attrs.props != null) owner.props.serialize(node.attrs.props as PropsValue, sink);
    for (const mark of node.marks) {
      const markOwner = editorSchema.components.get(mark.type.name);
      if (markOwner !== undefined && mark.attrs.props != null) markOwner.props.serialize(mark.attrs.props as PropsValue, sink);
    }
  });
  return taken;
}

/**
 * The name a file goes into the document under: `filename` as uploaded, unless another image of the
 * document (not the one at `replacing`) or a file of the image folder has that name with other
 * bytes; then the first free one of `photo-1.png`, `photo-2.png`, … Names are compared without
 * case, as some file systems do. A name holding the same bytes is shared rather than doubled.
 */
export function freeImageName(state: EditorState, filename: string, bytes: Uint8Array, replacing?: number): string {
  // A document opened without its folders keeps its images beside the content, as by default.
  const folder = openedFolders(state).imageFolder ?? '';
  return freeName(takenIn(state, folder, replacing, true), filename, bytes);
}

/**
 * The name a file chosen for a prop of the component at `pos` (whose props are `value` now) goes
 * under in its folder: as uploaded, unless a file of the folder, an image, another component's file
 * or another of its own props' has it with other bytes.
 */
export function freePropFileName(state: EditorState, file: PropFile, bytes: Uint8Array, pos: number, codec: PropsCodec, value: PropsValue): string {
  const folder = file.directory ?? '';
  const taken = takenIn(state, folder, pos);
  codec.serialize(value, {
    slug: undefined,
    write: (named) => {
      if ((named.directory ?? '') === folder) take(taken, named.filename, named.contents);
    },
  });
  return freeName(taken, file.filename, bytes);
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a === b || (a.length === b.length && a.every((byte, index) => byte === b[index]));
}
