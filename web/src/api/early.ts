/**
 * The first screen's requests, sent (`src/early.ts`, the admin's first module) before the rest of
 * the admin's code starts and renders: the API client answers the same request from them, once, and
 * only in the page's first seconds (later, the data may have changed).
 */
const FRESH_MS = 10_000;

const sent = new Map<string, Promise<Response>>();

export function sendEarly(url: string): void {
  const response = fetch(url, { headers: { 'no-cors': '1' } });
  // A failed early request is sent again by the screen, which reports what fails.
  response.catch(() => undefined);
  sent.set(url, response);
}

/** The early answer to a `GET` of `url`, once. */
export function takeEarly(url: string): Promise<Response> | undefined {
  const response = sent.get(url);
  sent.delete(url);
  return performance.now() < FRESH_MS ? response : undefined;
}
