// @vitest-environment happy-dom
/**
 * A cloud image field as an entry form shows it, with the app's calls to the cloud through the site's
 * server (the browser's XMLHttpRequest and fetch stood in for): uploading (checked first, each refusal
 * and failure a critical toast, the field kept as it was), a pasted address of the cloud's looked up,
 * and choosing from the image library.
 */
import { act, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CloudImageField } from '../../api/config';
import type { LibraryImage } from '../../api/cloudImages';
import { FakeRequest, serveFetch } from '../../api/cloudImages.testing';
import type { Answer } from '../../api/cloudImages.testing';
import type { CloudSession } from '../../api/wire';
import { CloudImageFieldView } from '../../fields/cloudImage/Field';
import type { CloudImageState } from '../../fields/cloudImage/schema';
import { normalizeField } from '../../../test/normalized';
import { ToastProvider } from '../../ui/Toast';
import { cloudImagesFor } from '../data/cloudImages';

const field = normalizeField({ kind: 'cloudImage', label: 'Cover' }) as CloudImageField;
const noChoices = { entrySlugs: async () => [], filePaths: async () => [] };

const session: CloudSession = {
  url: 'https://cloud.test',
  project: 'acme/blog',
  team: 'Acme',
  accountUrl: 'https://cloud.test/account',
  imageLibraryUrl: 'https://cloud.test/teams/acme/project/blog/images',
  multiplayer: false,
  readOnly: false,
  canUpload: true,
};

const empty: CloudImageState = { src: '', alt: '', width: null, height: null };

/** What the field holds, as its form last heard. */
let held: CloudImageState = empty;

/** `offered`: the site has a cloud project. */
function Harness({ cloud, initial, offered }: { cloud: CloudSession | null; initial: CloudImageState; offered: boolean }) {
  const [state, setState] = useState(initial);
  return (
    <ToastProvider>
      <CloudImageFieldView
        field={field}
        state={state}
        onChange={(next) => {
          held = next;
          setState(next);
        }}
        onBlur={() => {}}
        error={null}
        context={{ isNew: false, slugRules: { glob: '*', slugs: new Set() }, forced: false, choices: noChoices, cloudImages: cloudImagesFor(cloud, offered) }}
      />
    </ToastProvider>
  );
}

let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  vi.stubGlobal('XMLHttpRequest', FakeRequest);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  FakeRequest.sent = [];
  vi.unstubAllGlobals();
});

function render(cloud: CloudSession | null = session, initial: CloudImageState = empty, offered = true) {
  held = initial;
  act(() => root.render(<Harness cloud={cloud} initial={initial} offered={offered} />));
}

/** Lets what is under way answer, and React show it. */
async function settle(rounds = 5): Promise<void> {
  for (let round = 0; round < rounds; round += 1) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }
}

/** Waits (up to two seconds) until `found` finds something: code loaded on demand takes a moment. */
async function waitFor<T>(found: () => T | null | undefined): Promise<T> {
  for (let tries = 0; tries < 100; tries += 1) {
    const value = found();
    if (value !== null && value !== undefined) return value;
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
  }
  throw new Error('never found');
}

function input(label: string, within: ParentNode = document): HTMLInputElement {
  const found = [...within.querySelectorAll('label')].find((candidate) => candidate.textContent?.replace('*', '').trim() === label);
  const control = found === undefined ? null : document.getElementById(found.htmlFor);
  if (!(control instanceof HTMLInputElement)) throw new Error(`no input labelled ${label}`);
  return control;
}

function type(control: HTMLInputElement, value: string) {
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(control, value);
    control.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

function button(name: string, within: ParentNode = document): HTMLElement | undefined {
  return [...within.querySelectorAll<HTMLElement>('button')].find((candidate) => candidate.textContent?.trim() === name);
}

function press(name: string, within: ParentNode = document) {
  const found = button(name, within);
  if (found === undefined) throw new Error(`no button ${name}`);
  act(() => found.click());
}

/** Picks `file` with the field's file chooser, as the browser does. */
function choose(file: File) {
  const picker = container.querySelector<HTMLInputElement>('input[type="file"]')!;
  Object.defineProperty(picker, 'files', { configurable: true, value: [file] });
  act(() => {
    picker.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

/** Pastes into `target` what a clipboard holds: text, or files. */
function paste(target: HTMLElement, { text = '', files = [] }: { text?: string; files?: File[] }): Event {
  const event = new Event('paste', { bubbles: true, cancelable: true });
  Object.defineProperty(event, 'clipboardData', { value: { getData: (kind: string) => (kind === 'text/plain' ? text : ''), files } });
  act(() => {
    target.dispatchEvent(event);
  });
  return event;
}

const toasts = () => [...container.querySelectorAll('.toast-critical')].map((toast) => toast.textContent);
const progress = () => container.querySelector('.cloud-image-media [role="progressbar"]');
const png = (name = 'cat.png', size = 8) => new File([new Uint8Array(size)], name, { type: 'image/png' });
const uploaded = { src: 'https://cloud.test/images/acme/blog/img9/cat.png', width: 640, height: 480 };

describe('uploading', () => {
  it('shows its progress while the file is sent, then the image’s address and size, keeping the alt text', async () => {
    render(session, { src: '', alt: 'A cat asleep', width: null, height: null });
    choose(png());
    const [request] = FakeRequest.sent;
    expect(request!.url).toBe('/api/keystatic/v1/cloud/image?name=cat.png');
    expect(progress()!.getAttribute('aria-label')).toBe('Uploading image');
    expect(button('Upload')!.hasAttribute('data-pending')).toBe(true);
    act(() => request!.progress(30, 100));
    expect(progress()!.getAttribute('aria-valuenow')).toBe('30');
    expect(held.src).toBe('');

    act(() => request!.answer(200, JSON.stringify(uploaded)));
    await settle();
    expect(progress()).toBeNull();
    expect(held).toEqual({ src: uploaded.src, alt: 'A cat asleep', width: 640, height: 480 });
    expect(input('Image URL').value).toBe(uploaded.src);
    expect(container.querySelector('.cloud-image-preview')!.getAttribute('src')).toBe(uploaded.src);
    expect(toasts()).toEqual([]);
  });

  it('refuses a file larger than 10 MB without sending it', () => {
    render();
    choose(png('huge.png', 10 * 1024 * 1024 + 1));
    expect(FakeRequest.sent).toEqual([]);
    expect(toasts()).toEqual(['Images must be smaller than 10MB']);
  });

  it('refuses a file that is not a PNG, JPEG, GIF or WebP image without sending it', () => {
    render();
    choose(new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }));
    expect(FakeRequest.sent).toEqual([]);
    expect(toasts()).toEqual(['Invalid image type, only PNG, JPEG, GIF, and WebP are supported']);
  });

  it('refuses while the person is not signed in to the cloud', () => {
    render(null);
    choose(png());
    expect(FakeRequest.sent).toEqual([]);
    expect(toasts()).toEqual(['You must be signed in to upload images']);
  });

  it('says the server’s message when the upload fails, and keeps what the field held', async () => {
    const before = { src: 'https://x.test/old.png', alt: 'Old', width: 10, height: 20 };
    render(session, before);
    choose(png());
    act(() => FakeRequest.sent[0]!.answer(422, JSON.stringify({ code: 'invalid_image', message: 'The image could not be read' })));
    await settle();
    expect(toasts()).toEqual(['Failed to upload image: The image could not be read']);
    expect(held).toEqual(before);
    expect(progress()).toBeNull();
    expect(button('Upload')!.hasAttribute('data-pending')).toBe(false);
  });

  it('says the server’s text when its answer is not JSON', async () => {
    render();
    choose(png());
    act(() => FakeRequest.sent[0]!.answer(503, 'Service Unavailable\n', 'Service Unavailable'));
    await settle();
    expect(toasts()).toEqual(['Failed to upload image: Service Unavailable']);
  });

  it('says the person must sign in when the cloud answers 401', async () => {
    render();
    choose(png());
    act(() => FakeRequest.sent[0]!.answer(401, JSON.stringify({ code: 'unauthorized', message: 'Token expired' })));
    await settle();
    expect(toasts()).toEqual(['You must be signed in to upload images']);
    expect(held).toEqual(empty);
  });

  it('says so when the cloud answers something other than an image', async () => {
    render();
    choose(png());
    act(() => FakeRequest.sent[0]!.answer(200, JSON.stringify({ src: uploaded.src })));
    await settle();
    expect(toasts()).toEqual(['Unexpected response from cloud']);
    expect(held).toEqual(empty);
  });

  it('uploads an image file pasted into the field', async () => {
    render();
    const event = paste(input('Alt text'), { files: [png('image.png')] });
    expect(event.defaultPrevented).toBe(true);
    expect(FakeRequest.sent.map((request) => request.url)).toEqual(['/api/keystatic/v1/cloud/image?name=image.png']);
    act(() => FakeRequest.sent[0]!.answer(200, JSON.stringify(uploaded)));
    await settle();
    expect(held.src).toBe(uploaded.src);
  });

  it('is not offered on a site without a cloud project, as in Keystatic', () => {
    render(null, empty, false);
    expect(button('Upload')).toBeUndefined();
    paste(input('Alt text'), { files: [png('image.png')] });
    expect(FakeRequest.sent).toEqual([]);
    expect(toasts()).toEqual([]);
  });

  it('is not offered to a viewer of the team, who sends nothing by pasting either', () => {
    render({ ...session, readOnly: true, canUpload: false });
    expect(button('Upload')).toBeUndefined();
    expect(container.querySelector('input[type="file"]')).toBeNull();
    paste(input('Alt text'), { files: [png('image.png')] });
    expect(FakeRequest.sent).toEqual([]);
    expect(toasts()).toEqual([]);
    expect(button('Choose from library'), 'a viewer may still reuse an image').toBeDefined();
  });

  it('sends one file at a time', () => {
    render();
    choose(png('one.png'));
    choose(png('two.png'));
    expect(FakeRequest.sent).toHaveLength(1);
  });
});

describe('a pasted address of the cloud’s', () => {
  const src = 'https://cloud.test/images/acme/blog/img1/cat.png';
  const lookUp = `GET /api/keystatic/v1/cloud/image?url=${encodeURIComponent(src)}`;

  it('brings the image’s alt text and size', async () => {
    const calls = serveFetch({ [lookUp]: { body: { src, alt: 'A cat asleep', width: 1200, height: 800 } } });
    render();
    paste(input('Image URL'), { text: src });
    expect(held.src).toBe(src);
    expect(container.querySelector('[aria-label="Looking up the image"]')).not.toBeNull();
    await settle();
    expect(calls.map((call) => [call.url, call.headers])).toEqual([[lookUp.slice(4), { 'no-cors': '1' }]]);
    expect(held).toEqual({ src, alt: 'A cat asleep', width: 1200, height: 800 });
    expect(input('Alt text').value).toBe('A cat asleep');
    expect(input('Width').value).toBe('1200');
    expect(container.querySelector('[aria-label="Looking up the image"]')).toBeNull();
  });

  it('keeps alt text already typed', async () => {
    serveFetch({ [lookUp]: { body: { src, alt: 'A cat asleep', width: 1200, height: 800 } } });
    render(session, { src: '', alt: 'My cat', width: null, height: null });
    paste(input('Image URL'), { text: src });
    await settle();
    expect(held).toEqual({ src, alt: 'My cat', width: 1200, height: 800 });
  });

  it('stays as pasted when the cloud does not know it', async () => {
    const calls = serveFetch({});
    render();
    paste(input('Image URL'), { text: src });
    await settle();
    expect(calls).toHaveLength(1);
    expect(held).toEqual({ src, alt: '', width: null, height: null });
    expect(toasts()).toEqual([]);
  });

  it('is not asked about other addresses, nor while the person is not signed in', async () => {
    const calls = serveFetch({});
    render();
    paste(input('Image URL'), { text: 'https://elsewhere.test/images/cat.png' });
    await settle();
    render(null);
    paste(input('Image URL'), { text: src });
    await settle();
    expect(calls).toEqual([]);
    expect(held.src).toBe(src);
  });

  it('changes nothing when another address was typed meanwhile', async () => {
    serveFetch({ [lookUp]: { body: { src, alt: 'A cat asleep', width: 1200, height: 800 } } });
    render();
    paste(input('Image URL'), { text: src });
    type(input('Image URL'), 'https://x.test/other.png');
    await settle();
    expect(held).toEqual({ src: 'https://x.test/other.png', alt: '', width: null, height: null });
  });
});

describe('choosing from the library', () => {
  const imageOf = (n: number, alt = ''): LibraryImage => ({
    id: `img${n}`,
    src: `https://cloud.test/images/acme/blog/img${n}/photo-${n}.jpg`,
    name: `photo-${n}.jpg`,
    alt,
    width: 1000 + n,
    height: 500 + n,
    size: 2000,
    createdAt: 1700000000000 - n,
  });
  const listPath = (q: string, offset: number) => `GET /api/keystatic/v1/cloud/images?q=${q}&offset=${offset}&limit=48`;
  const page = (images: LibraryImage[], total = images.length): Answer => ({ body: { images, total } });
  const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
  const thumbs = () => [...(dialog()?.querySelectorAll<HTMLImageElement>('.image-library-thumb') ?? [])];

  async function open() {
    press('Choose from library');
    await waitFor(() => (thumbs().length > 0 || dialog()?.querySelector('.image-library-empty, [role="alert"]') ? true : null));
  }

  it('is offered only to a person signed in to a cloud whose team has images on', () => {
    render({ ...session, imageLibraryUrl: null });
    expect(button('Choose from library')).toBeUndefined();
    render(null);
    expect(button('Choose from library')).toBeUndefined();
    render();
    expect(button('Choose from library')).toBeDefined();
  });

  it('shows thumbnails of the newest images, and the one chosen fills the field', async () => {
    const chosen = imageOf(2, 'A dog');
    serveFetch({ [listPath('', 0)]: page([imageOf(1), chosen]) });
    render(session, { src: '', alt: 'Typed', width: 1, height: 1 });
    await open();
    expect(thumbs().map((thumb) => [thumb.getAttribute('src'), thumb.getAttribute('loading')])).toEqual([
      [`${imageOf(1).src}?w=200&h=200&fit=cover`, 'lazy'],
      [`${chosen.src}?w=200&h=200&fit=cover`, 'lazy'],
    ]);
    expect(dialog()!.textContent).toContain('1002 × 502');
    const item = [...dialog()!.querySelectorAll<HTMLElement>('.image-library-item')][1]!;
    act(() => item.click());
    await settle();
    expect(held).toEqual({ src: chosen.src, alt: 'A dog', width: 1002, height: 502 });
    expect(dialog()).toBeNull();
  });

  it('searches by what is typed, once typing pauses', async () => {
    const calls = serveFetch({
      [listPath('', 0)]: page([imageOf(1), imageOf(2)]),
      [listPath('dog', 0)]: page([imageOf(2)]),
    });
    render();
    await open();
    const search = input('Search images', dialog()!);
    type(search, 'do');
    type(search, 'dog ');
    await settle();
    expect(calls.map((call) => call.url)).toEqual([listPath('', 0).slice(4)]);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    await settle();
    expect(calls.map((call) => call.url)).toEqual([listPath('', 0).slice(4), listPath('dog', 0).slice(4)]);
    expect(calls.every((call) => call.headers['no-cors'] === '1')).toBe(true);
    expect(thumbs()).toHaveLength(1);
  });

  it('loads more, a page at a time, while the search found more', async () => {
    const first = Array.from({ length: 48 }, (_, index) => imageOf(index + 1));
    const calls = serveFetch({
      [listPath('', 0)]: page(first, 50),
      [listPath('', 48)]: page([imageOf(49), imageOf(50)], 50),
    });
    render();
    await open();
    expect(thumbs()).toHaveLength(48);
    press('Load more', dialog()!);
    await settle();
    expect(calls.map((call) => call.url)).toEqual([listPath('', 0).slice(4), listPath('', 48).slice(4)]);
    expect(thumbs()).toHaveLength(50);
    expect(button('Load more', dialog()!)).toBeUndefined();
    // The keyboard goes on from the first image loaded.
    expect(document.activeElement).toBe(dialog()!.querySelectorAll('.image-library-item')[48]);
  });

  it('says the cloud’s refusal', async () => {
    serveFetch({ [listPath('', 0)]: { status: 403, body: { code: 'forbidden', message: 'Images are off for this team' } } });
    render();
    await open();
    expect(dialog()!.querySelector('[role="alert"]')!.textContent).toContain('Images are off for this team');
  });

  it('says when the library is empty, and closes without changing the field', async () => {
    serveFetch({ [listPath('', 0)]: page([]) });
    const before = { src: 'https://x.test/a.png', alt: 'A', width: 1, height: 2 };
    render(session, before);
    await open();
    expect(dialog()!.textContent).toContain('No images yet.');
    press('Cancel', dialog()!);
    await settle();
    expect(dialog()).toBeNull();
    expect(held).toEqual(before);
  });

  it('closes with Escape', async () => {
    serveFetch({ [listPath('', 0)]: page([imageOf(1)]) });
    render();
    await open();
    act(() => {
      document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    await settle();
    expect(dialog()).toBeNull();
  });
});
