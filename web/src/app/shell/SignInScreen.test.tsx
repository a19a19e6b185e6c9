// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchConfig } from '../../api/client';
import { ApiError } from '../../api/error';
import { SignInScreen } from './SignInScreen';

let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  window.history.replaceState(null, '', '/keystatic/branch/main');
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
});

function render(error: ApiError | null) {
  act(() => root.render(<SignInScreen error={error} />));
  const link = container.querySelector('a')!;
  return { text: container.textContent, button: link.textContent, href: link.getAttribute('href') };
}

const refusal = (details: Record<string, unknown>) => new ApiError(401, 'unauthorized', 'Sign in to use the admin', details);

describe('the sign-in screen', () => {
  it('of a GitHub site logs in with GitHub', () => {
    const screen = render(refusal({ signIn: 'github' }));
    expect(screen.button).toBe('Log in with GitHub');
    expect(screen.href).toBe('/api/keystatic/github/login?from=branch%2Fmain');
    expect(screen.text).toContain('This admin edits a repository on GitHub, as the person signed in.');
  });

  it("of a cloud's site names the cloud's host and logs in with Keystatic Cloud", async () => {
    // The client learns the provider from the refusal of the config, as the server sends it.
    const details = { signIn: 'cloud', cloudUrl: 'http://127.0.0.1:8790' };
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ code: 'unauthorized', message: 'Sign in', details }), { status: 401 })));
    const error: unknown = await fetchConfig().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const screen = render(error as ApiError);
    expect(screen.button).toBe('Log in with Keystatic Cloud');
    expect(screen.href).toBe('/api/keystatic/cloud/login?from=branch%2Fmain');
    expect(screen.text).toContain("This admin edits the site's repository through the cloud at 127.0.0.1:8790, as the person signed in.");
  });

  // The provider learned above stays the page's.
  it('asks to sign into the cloud again when the sign-in ran out while the admin was open', () => {
    const screen = render(null);
    expect(screen.button).toBe('Sign into Cloud');
    expect(screen.href).toBe('/api/keystatic/cloud/login?from=branch%2Fmain');
    expect(screen.text).toContain('127.0.0.1:8790');
  });

  it('of a cloud whose address is not known says so without it', () => {
    const screen = render(refusal({ signIn: 'cloud' }));
    expect(screen.text).toContain("This admin edits the site's repository through its cloud, as the person signed in.");
  });
});
