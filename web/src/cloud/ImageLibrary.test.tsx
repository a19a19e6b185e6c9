// @vitest-environment happy-dom
/**
 * A project's image library: every member searches it (the query sent once typing pauses), pages
 * through it and opens an image to copy its address; editors and above upload several files at
 * once (each with its progress and its own refusal, the cloud's kind and size limits said without
 * sending anything), write alt text and delete an image once they confirm. A team whose images are
 * off says so, and the team page links to each project's library only while they are on.
 */
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LibraryImage, Role, Team } from './api';
import { buttons, input, press, refusal, serve, settle, show, text, type } from './testing';
import type { Answer, Call, Shown } from './testing';

let page: Shown | undefined;

afterEach(() => {
  page?.unmount();
  page = undefined;
  FakeRequest.sent = [];
  vi.unstubAllGlobals();
});

const ada = { id: 'ada', name: 'Ada', email: 'ada@example.com' };

function teamAs(role: Role, images = true): Team {
  return {
    slug: 'acme',
    name: 'Acme',
    images,
    multiplayer: false,
    role,
    members: [{ user: ada, role }],
    projects: [{ id: 'acme/blog', slug: 'blog', name: 'Blog', origins: [], repository: null }],
    invitations: [],
  };
}

const imageOf = (n: number, name = `photo-${n}.jpg`): LibraryImage => ({
  id: `img${n}`,
  name,
  alt: '',
  width: 1200,
  height: 800,
  size: 250_000,
  createdAt: 1700000000000 - n * 1000,
  src: `https://cloud.example.com/images/acme/blog/img${n}/${name}`,
});

const cat: LibraryImage = { ...imageOf(1, 'cat.png'), alt: 'A cat asleep' };
const dog = imageOf(2, 'dog.webp');

const listUrl = (q = '', offset = 0) => `/api/teams/acme/projects/blog/images?q=${q}&offset=${offset}&limit=60`;
const listed = (images: LibraryImage[], total = images.length): Answer => ({ body: { images, total } });

function serveLibrary(role: Role, more: Record<string, Answer | ((body: unknown) => Answer)> = {}, images = true): Call[] {
  return serve({
    'GET /api/session': { body: { user: ada } },
    'GET /api/teams/acme': { body: teamAs(role, images) },
    [`GET ${listUrl()}`]: listed([cat, dog]),
    ...more,
  });
}

const address = '/teams/acme/project/blog/images';
const lists = (calls: Call[]) => calls.filter((call) => call.method === 'GET' && call.url.includes('/images'));
const cards = (container: HTMLElement) => [...container.querySelectorAll<HTMLElement>('.cloud-image')];
const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
const statuses = (container: HTMLElement) => [...container.querySelectorAll('[role="status"]')].map((region) => region.textContent);

/** Lets the search's pause after typing pass, then its call answer. */
async function pause(): Promise<void> {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 300));
  });
  await settle();
}

async function open(container: HTMLElement, name: string): Promise<HTMLElement> {
  await press(container, name);
  return dialog()!;
}

describe('the library', () => {
  it('shows thumbnails of the images, never the images themselves, with their names and sizes', async () => {
    const calls = serveLibrary('editor');
    page = await show(address);
    expect(page.container.querySelector('h1')!.textContent).toBe('Images of Blog');
    expect(lists(calls).map((call) => call.url)).toEqual([listUrl()]);
    expect(statuses(page.container)).toContain('2 images');
    const [first, second] = cards(page.container);
    const thumb = first!.querySelector('img')!;
    expect(thumb.getAttribute('src')).toBe(`${cat.src}?w=320&h=320&fit=cover`);
    expect(thumb.getAttribute('srcset')).toBe(`${cat.src}?w=320&h=320&fit=cover 1x, ${cat.src}?w=640&h=640&fit=cover 2x`);
    expect(thumb.getAttribute('alt')).toBe('A cat asleep');
    expect(text(first!)).toContain('cat.png');
    expect(text(first!)).toContain('1200 × 800');
    expect(second!.querySelector('img')!.getAttribute('alt')).toBe('');
    expect(buttons(page.container, 'dog.webp')).toHaveLength(1);
    expect(page.container.querySelector('a[href="/teams/acme"]')!.textContent).toBe('Back to Acme');
  });

  it('searches as one types, once typing pauses', async () => {
    const calls = serveLibrary('viewer', {
      [`GET ${listUrl('Cat')}`]: listed([cat]),
      [`GET ${listUrl('zebra')}`]: listed([]),
    });
    page = await show(address);
    type(page.container, 'Search images', 'Ca');
    type(page.container, 'Search images', 'Cat ');
    expect(lists(calls)).toHaveLength(1);
    await pause();
    expect(lists(calls).map((call) => call.url)).toEqual([listUrl(), listUrl('Cat')]);
    expect(cards(page.container)).toHaveLength(1);
    expect(statuses(page.container)).toContain('1 image');

    type(page.container, 'Search images', 'zebra');
    await pause();
    expect(cards(page.container)).toHaveLength(0);
    expect(text(page.container)).toContain('No image matches “zebra”.');
    expect(statuses(page.container)).toContain('0 images');
  });

  it('says when there is no image yet', async () => {
    serveLibrary('editor', { [`GET ${listUrl()}`]: listed([]) });
    page = await show(address);
    expect(text(page.container)).toContain('No images yet.');
  });

  it('appends the next page on Load more, then offers no more', async () => {
    const firstPage = Array.from({ length: 60 }, (_, n) => imageOf(n + 1));
    const calls = serveLibrary('viewer', {
      [`GET ${listUrl()}`]: listed(firstPage, 61),
      [`GET ${listUrl('', 60)}`]: listed([imageOf(61)], 61),
    });
    page = await show(address);
    expect(cards(page.container)).toHaveLength(60);
    expect(statuses(page.container)).toContain('61 images');
    await press(page.container, 'Load more');
    expect(lists(calls).map((call) => call.url)).toEqual([listUrl(), listUrl('', 60)]);
    expect(cards(page.container)).toHaveLength(61);
    expect(text(cards(page.container)[60]!)).toContain('photo-61.jpg');
    expect(text(cards(page.container)[0]!)).toContain('photo-1.jpg');
    expect(buttons(page.container, 'Load more')).toEqual([]);
    expect(document.activeElement).toBe(buttons(page.container, 'photo-61.jpg')[0]);
  });

  it('keeps the pages shown when the library loads again', async () => {
    const calls = serveLibrary('editor', {
      [`GET ${listUrl()}`]: listed(Array.from({ length: 60 }, (_, n) => imageOf(n + 1)), 61),
      [`GET ${listUrl('', 60)}`]: listed([imageOf(61)], 61),
      'PATCH /api/teams/acme/projects/blog/images/img61': { status: 204 },
    });
    page = await show(address);
    await press(page.container, 'Load more');
    const shown = await open(page.container, 'photo-61.jpg');
    type(shown, 'Alt text', 'A lake');
    await press(shown, 'Save alt text');
    expect(lists(calls).map((call) => call.url)).toEqual([listUrl(), listUrl('', 60), listUrl(), listUrl('', 60)]);
    expect(cards(page.container)).toHaveLength(61);
  });

  it('shows a viewer the images and their addresses, and nothing to change', async () => {
    serveLibrary('viewer');
    page = await show(address);
    expect(buttons(page.container, 'Upload images')).toEqual([]);
    expect(page.container.querySelector('input[type="file"]')).toBeNull();
    const shown = await open(page.container, 'cat.png');
    expect(shown.querySelector('h2')!.textContent).toBe('cat.png');
    const preview = shown.querySelector<HTMLImageElement>('.cloud-image-preview')!;
    expect(preview.getAttribute('src')).toBe(`${cat.src}?w=1200`);
    expect(preview.getAttribute('alt')).toBe('A cat asleep');
    expect(input(shown, 'Address').value).toBe(cat.src);
    expect(buttons(shown, 'Copy')).toHaveLength(1);
    expect(text(shown)).toContain('A cat asleep');
    expect(() => input(shown, 'Alt text')).toThrow('no input labelled');
    expect(buttons(shown, 'Save alt text')).toEqual([]);
    expect(buttons(shown, 'Delete image')).toEqual([]);
  });

  it('saves alt text', async () => {
    const calls = serveLibrary('editor', { 'PATCH /api/teams/acme/projects/blog/images/img2': { status: 204 } });
    page = await show(address);
    const shown = await open(page.container, 'dog.webp');
    expect(input(shown, 'Alt text').value).toBe('');
    type(shown, 'Alt text', ' A dog running on a beach ');
    await press(shown, 'Save alt text');
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([
      { method: 'PATCH', url: '/api/teams/acme/projects/blog/images/img2', body: { alt: 'A dog running on a beach' } },
    ]);
    expect(statuses(shown)).toContain('Saved.');
    expect(lists(calls)).toHaveLength(2);
  });

  it("says the cloud's refusal of alt text in its field", async () => {
    serveLibrary('editor', { 'PATCH /api/teams/acme/projects/blog/images/img2': refusal(400, 'Alt text is at most 1000 characters.') });
    page = await show(address);
    const shown = await open(page.container, 'dog.webp');
    type(shown, 'Alt text', 'x');
    await press(shown, 'Save alt text');
    expect(text(shown)).toContain('Alt text is at most 1000 characters.');
    expect(statuses(shown)).not.toContain('Saved.');
  });

  it('deletes an image once confirmed, then lists the rest', async () => {
    let images = [cat, dog];
    const calls = serveLibrary('owner', {
      [`GET ${listUrl()}`]: () => listed(images),
      'DELETE /api/teams/acme/projects/blog/images/img1': () => {
        images = [dog];
        return { status: 204 };
      },
    });
    page = await show(address);
    const shown = await open(page.container, 'cat.png');
    await press(shown, 'Delete image');
    const confirm = document.querySelector<HTMLElement>('[role="alertdialog"]')!;
    expect(text(confirm)).toContain('Delete cat.png?');
    expect(text(confirm)).toContain('Pages that use its address will show a broken image.');
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await press(confirm, 'Delete image');
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([
      { method: 'DELETE', url: '/api/teams/acme/projects/blog/images/img1', body: undefined },
    ]);
    expect(dialog()).toBeNull();
    expect(cards(page.container)).toHaveLength(1);
    expect(statuses(page.container)).toContain('cat.png deleted.');
    expect(statuses(page.container)).toContain('1 image');
  });

  it('says when the team has its images off, and asks for none', async () => {
    const calls = serveLibrary('admin', {}, false);
    page = await show(address);
    expect(text(page.container)).toContain("This team's images are off");
    expect(text(page.container)).toContain("An admin or owner of the team can turn them on in the team's features.");
    expect(lists(calls)).toEqual([]);
  });

  it("shows the cloud's refusal to list the images", async () => {
    serveLibrary('editor', { [`GET ${listUrl()}`]: refusal(403, 'You are not allowed to see these images.') });
    page = await show(address);
    expect(text(page.container)).toContain('You are not allowed to see these images.');
    expect(buttons(page.container, 'Try again')).toHaveLength(1);
  });

  it('signs in first when no one is', async () => {
    serve({ 'GET /api/teams/acme': { status: 401, body: { code: 'unauthorized', message: 'Sign in first.' } } });
    page = await show(address);
    expect(page.location().pathname).toBe('/sign-in');
    expect(page.location().search).toBe(`?next=${encodeURIComponent(address)}`);
  });
});

/** A stand-in for the browser's XMLHttpRequest: records each upload, which the test then moves on. */
class FakeRequest {
  static sent: FakeRequest[] = [];
  method = '';
  url = '';
  body: FormData | null = null;
  status = 0;
  statusText = '';
  responseText = '';
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  send(body: FormData) {
    this.body = body;
    FakeRequest.sent.push(this);
  }

  /** The file's name, as sent in the form field `image`. */
  get fileName(): string {
    return (this.body!.get('image') as File).name;
  }

  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total }));
  }

  async answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    act(() => this.onload?.());
    await settle();
  }
}

const png = (name: string, size = 8) => new File([new Uint8Array(size)], name, { type: 'image/png' });

/** Picks `files` in the library's file input, as the browser's file chooser does. */
async function choose(container: HTMLElement, files: File[]): Promise<void> {
  const picker = container.querySelector<HTMLInputElement>('input[type="file"]')!;
  Object.defineProperty(picker, 'files', { configurable: true, value: files });
  act(() => {
    picker.dispatchEvent(new Event('change', { bubbles: true }));
  });
  await settle();
}

const uploadOf = (container: HTMLElement, name: string) =>
  [...container.querySelectorAll<HTMLElement>('.cloud-upload')].find((item) => item.querySelector('.cloud-upload-name')?.textContent === name)!;

describe('uploading', () => {
  it('opens the file chooser for the four kinds of image, several at once', async () => {
    serveLibrary('editor');
    page = await show(address);
    const picker = page.container.querySelector<HTMLInputElement>('input[type="file"]')!;
    expect(picker.getAttribute('accept')).toBe('image/png,image/jpeg,image/gif,image/webp');
    expect(picker.multiple).toBe(true);
    const opened = vi.spyOn(picker, 'click');
    await press(page.container, 'Upload images');
    expect(opened).toHaveBeenCalledTimes(1);
  });

  it('sends each file with its progress, says the refusal of one beside it, and lists the images once all landed', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeRequest);
    const calls = serveLibrary('editor');
    page = await show(address);
    const bird = png('bird.png');
    await choose(page.container, [bird, png('fake.png')]);
    expect(FakeRequest.sent.map((request) => [request.method, request.url, request.fileName])).toEqual([
      ['PUT', '/api/teams/acme/projects/blog/images', 'bird.png'],
      ['PUT', '/api/teams/acme/projects/blog/images', 'fake.png'],
    ]);
    const sent = FakeRequest.sent[0]!.body!.get('image') as File;
    expect([sent.name, sent.type, sent.size]).toEqual([bird.name, bird.type, bird.size]);

    const [sending, refused] = FakeRequest.sent as [FakeRequest, FakeRequest];
    sending.progress(40, 100);
    const bar = uploadOf(page.container, 'bird.png').querySelector('[role="progressbar"]')!;
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    expect(bar.getAttribute('aria-label')).toBe('bird.png');

    await refused.answer(400, { code: 'invalid', message: 'Invalid image type, only PNG, JPEG, GIF, and WebP are supported' });
    expect(text(uploadOf(page.container, 'fake.png'))).toContain('Invalid image type, only PNG, JPEG, GIF, and WebP are supported');
    expect(uploadOf(page.container, 'bird.png').querySelector('[role="alert"]')).toBeNull();
    expect(lists(calls)).toHaveLength(1);

    await sending.answer(200, { src: 'https://cloud.example.com/images/acme/blog/img9/bird.png', width: 10, height: 10 });
    expect(statuses(uploadOf(page.container, 'bird.png'))).toEqual(['Uploaded.']);
    expect(uploadOf(page.container, 'bird.png').querySelector('[role="progressbar"]')).toBeNull();
    expect(lists(calls)).toHaveLength(2);
  });

  it('refuses a file over 10 MB and one not an image without sending them', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeRequest);
    const calls = serveLibrary('editor');
    page = await show(address);
    await choose(page.container, [
      png('huge.png', 10 * 1024 * 1024 + 1),
      new File(['hello'], 'notes.txt', { type: 'text/plain' }),
      new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }),
    ]);
    expect(FakeRequest.sent).toEqual([]);
    expect(calls.some((call) => call.method !== 'GET')).toBe(false);
    expect(uploadOf(page.container, 'huge.png').querySelector('[role="alert"]')!.textContent).toBe('Images must be smaller than 10MB');
    for (const name of ['notes.txt', 'logo.svg']) {
      expect(uploadOf(page.container, name).querySelector('[role="alert"]')!.textContent).toBe(
        'Invalid image type, only PNG, JPEG, GIF, and WebP are supported',
      );
    }

    // One of exactly 10 MiB goes.
    await choose(page.container, [png('big.png', 10 * 1024 * 1024)]);
    expect(FakeRequest.sent.map((request) => request.fileName)).toEqual(['big.png']);
  });

  it('says when the upload got no answer', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeRequest);
    serveLibrary('editor');
    page = await show(address);
    await choose(page.container, [png('bird.png')]);
    act(() => FakeRequest.sent[0]!.onerror?.());
    await settle();
    expect(text(uploadOf(page.container, 'bird.png'))).toContain('The cloud could not be reached.');
  });
});

describe("the team page's link to a project's library", () => {
  const teamServed = (images: boolean) =>
    serve({
      'GET /api/session': { body: { user: ada } },
      'GET /api/teams/acme': { body: teamAs('viewer', images) },
    });

  it('is there while the team has its images on', async () => {
    teamServed(true);
    page = await show('/teams/acme');
    const [link] = buttons(page.container, 'Image library');
    expect(link!.getAttribute('href')).toBe(address);
  });

  it('is not there while they are off', async () => {
    teamServed(false);
    page = await show('/teams/acme');
    expect(buttons(page.container, 'Image library')).toEqual([]);
  });
});
