// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CloudImageError, fetchCloudImages, lookUpCloudImage, uploadCloudImage } from './cloudImages';
import { FakeRequest, serveFetch } from './cloudImages.testing';

afterEach(() => {
  FakeRequest.sent = [];
  vi.unstubAllGlobals();
});

const png = (name = 'cat photo.png') => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });

/** Starts an upload of `file` and gives its request, and what it comes to. */
function upload(file = png(), onProgress?: (sent: number) => void) {
  vi.stubGlobal('XMLHttpRequest', FakeRequest);
  const outcome = uploadCloudImage(file, onProgress).then(
    (image) => ({ image, error: null }),
    (error: unknown) => ({ image: null, error: error as CloudImageError }),
  );
  return { request: FakeRequest.sent[0]!, outcome };
}

describe('uploadCloudImage', () => {
  it('posts the bytes as they are, named in the address, to the site’s own server', async () => {
    const file = png();
    const { request, outcome } = upload(file);
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/api/keystatic/v1/cloud/image?name=cat%20photo.png');
    expect(request.headers).toEqual({ 'no-cors': '1', 'content-type': 'application/octet-stream' });
    expect(request.body).toBe(file);
    request.answer(200, JSON.stringify({ src: 'https://cloud.test/images/t/p/1/cat.png', width: 640, height: 480 }));
    expect(await outcome).toEqual({ image: { src: 'https://cloud.test/images/t/p/1/cat.png', width: 640, height: 480 }, error: null });
  });

  it('tells the part sent so far', () => {
    const heard: number[] = [];
    const { request } = upload(png(), (sent) => heard.push(sent));
    request.progress(25, 100);
    request.upload.onprogress?.({ lengthComputable: false, loaded: 5, total: 0 });
    request.progress(100, 100);
    expect(heard).toEqual([0.25, 1]);
  });

  it('says the server’s message from a JSON error', async () => {
    const { request, outcome } = upload();
    request.answer(413, JSON.stringify({ code: 'too_large', message: 'The image is too large', details: { limit: 10 } }), 'Payload Too Large');
    const { error } = await outcome;
    expect(error).toBeInstanceOf(CloudImageError);
    expect(error?.message).toBe('Failed to upload image: The image is too large');
  });

  it('says the server’s text when the error is not JSON, trimmed', async () => {
    const { request, outcome } = upload();
    request.answer(502, '  Bad gateway from the proxy\n', 'Bad Gateway');
    expect((await outcome).error?.message).toBe('Failed to upload image: Bad gateway from the proxy');
  });

  it('says the status when the error has no text', async () => {
    const { request, outcome } = upload();
    request.answer(500, '  ', 'Internal Server Error');
    expect((await outcome).error?.message).toBe('Failed to upload image: 500 Internal Server Error');
  });

  it('reads JSON without a code and a message as text', async () => {
    const { request, outcome } = upload();
    request.answer(400, '{"error":"nope"}', 'Bad Request');
    expect((await outcome).error?.message).toBe('Failed to upload image: {"error":"nope"}');
  });

  it('says the person must sign in when the cloud refuses them (401), without signing the admin out', async () => {
    const signedOut = vi.fn();
    window.addEventListener('quire:signed-out', signedOut);
    const { request, outcome } = upload();
    request.answer(401, JSON.stringify({ code: 'unauthorized', message: 'Sign in again' }), 'Unauthorized');
    expect((await outcome).error?.message).toBe('You must be signed in to upload images');
    expect(signedOut).not.toHaveBeenCalled();
    window.removeEventListener('quire:signed-out', signedOut);
  });

  it('refuses an answer that is not an uploaded image', async () => {
    for (const body of ['<html>ok</html>', '{"src":"https://cloud.test/a.png","width":"640","height":480}', '{"width":1,"height":1}', 'null']) {
      FakeRequest.sent = [];
      const { request, outcome } = upload();
      request.answer(200, body);
      expect((await outcome).error?.message).toBe('Unexpected response from cloud');
    }
  });

  it('says when the upload got no answer', async () => {
    const { request, outcome } = upload();
    request.onerror?.();
    expect((await outcome).error?.message).toBe('Failed to upload image: The server could not be reached.');
  });
});

describe('lookUpCloudImage', () => {
  const url = 'https://cloud.test/images/acme/blog/img1/cat.png';

  it('asks for the image by its address and answers what the cloud knows', async () => {
    const calls = serveFetch({
      [`GET /api/keystatic/v1/cloud/image?url=${encodeURIComponent(url)}`]: { body: { src: url, alt: 'A cat', width: 800, height: 600 } },
    });
    expect(await lookUpCloudImage(url)).toEqual({ src: url, alt: 'A cat', width: 800, height: 600 });
    expect(calls[0]!.headers).toEqual({ 'no-cors': '1' });
  });

  it('answers null for an image the project does not have, a failure or an answer it cannot read', async () => {
    serveFetch({});
    expect(await lookUpCloudImage(url)).toBeNull();
    serveFetch({ [`GET /api/keystatic/v1/cloud/image?url=${encodeURIComponent(url)}`]: { status: 500, body: { code: 'internal', message: 'x' } } });
    expect(await lookUpCloudImage(url)).toBeNull();
    serveFetch({ [`GET /api/keystatic/v1/cloud/image?url=${encodeURIComponent(url)}`]: { body: { src: url } } });
    expect(await lookUpCloudImage(url)).toBeNull();
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('offline')));
    expect(await lookUpCloudImage(url)).toBeNull();
  });
});

describe('fetchCloudImages', () => {
  const image = { id: 'img1', src: 'https://cloud.test/images/a/b/img1/cat.png', name: 'cat.png', alt: 'A cat', width: 10, height: 20, size: 300, createdAt: 1700000000000 };

  it('asks for a page of a search and answers its images and total', async () => {
    const calls = serveFetch({ 'GET /api/keystatic/v1/cloud/images?q=cat+nap&offset=48&limit=48': { body: { images: [image], total: 49 } } });
    expect(await fetchCloudImages({ q: 'cat nap', offset: 48, limit: 48 })).toEqual({ images: [image], total: 49 });
    expect(calls[0]!.headers).toEqual({ 'no-cors': '1' });
  });

  it('rejects with the server’s message', async () => {
    serveFetch({ 'GET /api/keystatic/v1/cloud/images?q=&offset=0&limit=48': { status: 403, body: { code: 'forbidden', message: 'Images are off for this team' } } });
    await expect(fetchCloudImages({ q: '', offset: 0, limit: 48 })).rejects.toThrow('Images are off for this team');
  });
});
