// @vitest-environment happy-dom
/**
 * A content field's cloud image block (`kind: cloudImage`): written with Keystatic's props, shown as
 * its image, and what an image file pasted or dropped into the text becomes once the cloud has it.
 */
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { normalizeField } from '../../../test/normalized';
import type { ContentField } from '../../api/config';
import type { UploadedCloudImage } from '../../api/cloudImages';
import { Editor } from '../../editor/Editor';
import { markdocToDoc } from '../../editor/markdoc/parse';
import { docToMarkdoc } from '../../editor/markdoc/serialize';
import { createEditorState } from '../../editor/state/createEditorState';
import type { EditorState } from 'prosemirror-state';
import type { CloudImages } from '../FieldProps';
import { kindOf } from '../registry';
import { cloudImageTaker } from './cloudImageFiles';
import { editorSchemaFor } from './editorSchema';

const field = normalizeField({
  kind: 'markdoc',
  label: 'Body',
  components: { 'cloud-image': { kind: 'cloudImage', label: 'Cloud image' } },
}) as ContentField;
const editorSchema = editorSchemaFor(field, kindOf);

const written = '{% cloud-image\n   src="https://cloud.test/images/acme/blog/abc/logo.png"\n   alt="The mark"\n   height=64\n   width=128 /%}\n';

function png(name = 'logo.png', bytes = 10): File {
  return new File([new Uint8Array(bytes)], name, { type: 'image/png' });
}

type Upload = { file: File; resolve(image: UploadedCloudImage): void; reject(error: Error): void };

/** The cloud's calls as the field reaches them, with each upload held until the test answers it. */
function fakeCloud(session: CloudImages['session'], offered = true): CloudImages & { uploads: Upload[] } {
  const uploads: Upload[] = [];
  return {
    offered,
    session,
    uploads,
    upload: (file) => new Promise((resolve, reject) => uploads.push({ file, resolve, reject })),
    lookUp: async () => null,
    list: async () => ({ images: [], total: 0 }),
  };
}

const signedIn = { url: 'https://cloud.test', hasLibrary: true, canUpload: true };

describe('the cloud image block', () => {
  it('reads and writes Keystatic\'s tag with its props in its order', () => {
    const doc = markdocToDoc(written, editorSchema);
    const block = doc.firstChild!;
    expect(block.type.name).toBe('cloud-image');
    expect(block.attrs.props).toEqual({ src: 'https://cloud.test/images/acme/blog/abc/logo.png', alt: 'The mark', height: 64, width: 128 });
    expect(docToMarkdoc(doc).text).toBe(written);
  });

  it('is on the toolbar, as Keystatic puts it there', () => {
    expect(editorSchema.components.get('cloud-image')).toMatchObject({ kind: 'block', cloudImage: true, toolbar: true, label: 'Cloud image' });
  });
});

describe('files pasted or dropped into a field with a cloud image block', () => {
  const toasts: { message: string; tone: string | undefined }[] = [];
  const showToast = (message: string, options?: { tone?: string }) => {
    const toast = { message, tone: options?.tone };
    toasts.push(toast);
    return () => void toasts.splice(toasts.indexOf(toast), 1);
  };
  beforeEach(() => void (toasts.length = 0));

  it('are taken only by a field that has the block', () => {
    const plain = normalizeField({ kind: 'markdoc', label: 'Body' }) as ContentField;
    expect(cloudImageTaker(plain, fakeCloud(signedIn), showToast)).toBeUndefined();
  });

  it('are refused before sending, in the cloud image field\'s words, and left to the field\'s own images', () => {
    const signedOut = fakeCloud(null);
    expect(cloudImageTaker(field, signedOut, showToast)!(png())).toBeNull();
    const cloud = fakeCloud(signedIn);
    const take = cloudImageTaker(field, cloud, showToast)!;
    expect(take(png('huge.png', 10 * 1024 * 1024 + 1))).toBeNull();
    expect(take(png('drawing.svg'))).toBeNull();
    expect(toasts).toEqual([
      { message: 'You must be signed in to upload images', tone: 'critical' },
      { message: 'Images must be smaller than 10MB', tone: 'critical' },
      { message: 'Invalid image type, only PNG, JPEG, GIF, and WebP are supported', tone: 'critical' },
    ]);
    expect(signedOut.uploads.length + cloud.uploads.length).toBe(0);
  });

  it('are left to the field\'s own images on a site without a cloud project, saying nothing', () => {
    const cloud = fakeCloud(null, false);
    expect(cloudImageTaker(field, cloud, showToast)!(png())).toBeNull();
    expect(cloud.uploads).toEqual([]);
    expect(toasts).toEqual([]);
  });

  it('are not sent by a viewer of the team, who is told nothing', () => {
    const cloud = fakeCloud({ ...signedIn, canUpload: false });
    expect(cloudImageTaker(field, cloud, showToast)!(png())).toBeNull();
    expect(cloud.uploads).toEqual([]);
    expect(toasts).toEqual([]);
  });

  it('become the block with the uploaded image\'s address and whole size', async () => {
    const cloud = fakeCloud(signedIn);
    const taken = cloudImageTaker(field, cloud, showToast)!(png())!;
    expect(taken.component).toBe('cloud-image');
    expect(toasts).toEqual([{ message: 'Uploading image', tone: 'neutral' }]);
    cloud.uploads[0]!.resolve({ src: 'https://cloud.test/images/acme/blog/abc/logo.png', width: 127.6, height: 64.2 });
    expect(await taken.props).toEqual({ src: 'https://cloud.test/images/acme/blog/abc/logo.png', alt: '', height: 64, width: 128 });
    expect(toasts, 'the upload is no longer said to be under way').toEqual([]);
  });

  it('say why an upload failed, and insert nothing', async () => {
    const cloud = fakeCloud(signedIn);
    const taken = cloudImageTaker(field, cloud, showToast)!(png())!;
    cloud.uploads[0]!.reject(new Error('Failed to upload image: Images must be smaller than 10MB'));
    await expect(taken.props).rejects.toThrow();
    expect(toasts).toEqual([{ message: 'Failed to upload image: Images must be smaller than 10MB', tone: 'critical' }]);
  });
});

describe('the editor with a cloud image block', () => {
  let container: HTMLDivElement;
  let root: Root;
  let state: EditorState;

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

  function render(text: string, takeFile = cloudImageTaker(field, fakeCloud(signedIn), () => () => {})) {
    state = createEditorState(markdocToDoc(text, editorSchema));
    act(() => root.render(<Editor state={state} onChange={(next) => (state = next)} label="Body" takeFile={takeFile} />));
  }

  it('shows the block as its image, its alt text and its size', () => {
    render(written);
    const image = container.querySelector<HTMLImageElement>('[data-component="cloud-image"] img')!;
    expect(image.getAttribute('src')).toBe('https://cloud.test/images/acme/blog/abc/logo.png');
    expect(image.alt).toBe('The mark');
    expect(container.querySelector('.editor-cloud-image-caption')?.textContent).toBe('The mark128 × 64');
  });

  it('inserts an image file pasted into the text as the block, once the cloud has it', async () => {
    const cloud = fakeCloud(signedIn);
    render('Before\n', cloudImageTaker(field, cloud, () => () => {}));
    const text = container.querySelector('.ProseMirror')!;
    const clipboardData = { files: [png()], getData: () => '', types: ['Files'] };
    const paste = new Event('paste', { bubbles: true, cancelable: true });
    Object.defineProperty(paste, 'clipboardData', { value: clipboardData });
    act(() => void text.dispatchEvent(paste));
    expect(cloud.uploads.map((upload) => upload.file.name)).toEqual(['logo.png']);
    await act(async () => cloud.uploads[0]!.resolve({ src: 'https://cloud.test/images/acme/blog/abc/logo.png', width: 128, height: 64 }));
    await vi.waitFor(() => expect(docToMarkdoc(state.doc).text).toContain('{% cloud-image'));
    expect(docToMarkdoc(state.doc).text).toContain('src="https://cloud.test/images/acme/blog/abc/logo.png"\n   height=64\n   width=128 /%}');
  });
});
