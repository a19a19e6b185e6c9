/**
 * For the pages' tests (in happy-dom): a stand-in for the cloud's API, answering `fetch` from a
 * table of `METHOD path` and recording every call, and a page rendered at an address in a memory
 * router, with what lets a test type, press and wait for the answers.
 */
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { I18nProvider } from 'react-aria-components';
import { MemoryRouter, useLocation } from 'react-router';
import type { Location } from 'react-router';
import { vi } from 'vitest';
import { CloudRoutes } from './CloudApp';

export type Answer = { status?: number; body?: unknown };
/** A call made: its JSON body read back, or what else it sent (a file) as it is. */
export type Call = { method: string; url: string; body: unknown };

/** Answers each call from `answers` (a function gets the call's body); 404 for what is not there. */
export function serve(answers: Record<string, Answer | ((body: unknown) => Answer)>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    // JSON read back; anything else (a file) as it was sent.
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : (init.body ?? undefined);
    calls.push({ method, url, body });
    const found = answers[`${method} ${url}`];
    const answer = typeof found === 'function' ? found(body) : (found ?? { status: 404, body: { code: 'not_found', message: `No ${method} ${url}` } });
    const status = answer.status ?? 200;
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), { status });
  });
  return calls;
}

/** A refusal as the cloud words it. */
export const refusal = (status: number, message: string): Answer => ({ status, body: { code: 'refused', message } });

export type Shown = {
  container: HTMLElement;
  /** Where the router is now. */
  location(): Location;
  unmount(): void;
};

/** Lets the calls under way answer and React show what they brought. */
export async function settle(): Promise<void> {
  for (let round = 0; round < 5; round += 1) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }
}

/** The cloud's pages at `address`, once its calls have answered. */
export async function show(address: string): Promise<Shown> {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  const container = document.createElement('div');
  document.body.append(container);
  const root: Root = createRoot(container);
  let location: Location | null = null;
  function Where() {
    location = useLocation();
    return null;
  }
  act(() =>
    root.render(
      <I18nProvider locale="en-US">
        <MemoryRouter initialEntries={[address]}>
          <CloudRoutes />
          <Where />
        </MemoryRouter>
      </I18nProvider>,
    ),
  );
  await settle();
  return {
    container,
    location: () => location!,
    unmount() {
      act(() => root.unmount());
      container.remove();
    },
  };
}

/** The input labelled `label`. */
export function input(container: HTMLElement, label: string): HTMLInputElement | HTMLTextAreaElement {
  const found = [...container.querySelectorAll('label')].find((candidate) => candidate.textContent?.replace('*', '') === label);
  // A checkbox's label holds its input.
  const control = found === undefined ? null : found.htmlFor === '' ? found.querySelector('input') : document.getElementById(found.htmlFor);
  if (!(control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement)) throw new Error(`no input labelled ${label}`);
  return control;
}

/** Types `value` into the input labelled `label`, as React reads it (the native setter it tracks). */
export function type(container: HTMLElement, label: string, value: string): void {
  const control = input(container, label);
  const prototype = control instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
  act(() => {
    Object.getOwnPropertyDescriptor(prototype, 'value')!.set!.call(control, value);
    control.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** The buttons (and links looking like them) named `name`. */
export function buttons(container: HTMLElement, name: string): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>('button, a')].filter((button) => button.textContent?.trim() === name);
}

/** Presses the one button named `name` and lets what it started answer. */
export async function press(container: HTMLElement, name: string, which = 0): Promise<void> {
  const button = buttons(container, name)[which];
  if (button === undefined) throw new Error(`no button ${name}`);
  act(() => button.click());
  await settle();
}

/** The page's text, spaces made single. */
export const text = (container: HTMLElement) => (container.textContent ?? '').replace(/\s+/g, ' ');
