/**
 * For tests of the cloud's image calls: a stand-in for the browser's XMLHttpRequest that records each
 * upload for the test to move on, and `fetch` answering from a table of `METHOD path`.
 */
import { vi } from 'vitest';

type ProgressEvent = { lengthComputable: boolean; loaded: number; total: number };

export class FakeRequest {
  static sent: FakeRequest[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  statusText = '';
  responseText = '';
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }

  send(body: unknown) {
    this.body = body;
    FakeRequest.sent.push(this);
  }

  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }

  answer(status: number, text: string, statusText = '') {
    this.status = status;
    this.statusText = statusText;
    this.responseText = text;
    this.onload?.();
  }
}

export type Answer = { status?: number; body?: unknown };
export type FetchCall = { method: string; url: string; headers: Record<string, string> };

/** Answers each call from `answers` (JSON bodies); 404 for what is not there. */
export function serveFetch(answers: Record<string, Answer>): FetchCall[] {
  const calls: FetchCall[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    calls.push({ method, url, headers: { ...(init.headers as Record<string, string>) } });
    const answer = answers[`${method} ${url}`] ?? { status: 404, body: { code: 'not_found', message: `No ${method} ${url}` } };
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), { status: answer.status ?? 200 });
  });
  return calls;
}
