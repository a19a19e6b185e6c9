// @vitest-environment happy-dom
/**
 * The account page shows who is signed in and their teams, sends someone signed out to sign in
 * (and back), and signs out everywhere only once confirmed.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buttons, press, refusal, serve, show, text } from './testing';
import type { Shown } from './testing';

let page: Shown | undefined;

afterEach(() => {
  page?.unmount();
  page = undefined;
  vi.unstubAllGlobals();
});

const signedIn = {
  'GET /api/session': { body: { user: { id: 'u1', email: 'ada@example.com', name: 'Ada Lovelace' } } },
  'GET /api/teams': {
    body: {
      teams: [
        { slug: 'acme', name: 'Acme', role: 'owner' },
        { slug: 'zeta', name: 'Zeta', role: 'viewer' },
      ],
    },
  },
};

describe('the account page', () => {
  it('shows the person and their teams with their role in each', async () => {
    serve(signedIn);
    page = await show('/account');
    expect(text(page.container)).toContain('Ada Lovelace');
    expect(text(page.container)).toContain('ada@example.com');
    const rows = [...page.container.querySelectorAll('.cloud-row')].map((row) => text(row as HTMLElement));
    expect(rows).toEqual(['AcmeOwner', 'ZetaViewer']);
    expect(buttons(page.container, 'Acme')[0]!.getAttribute('href')).toBe('/teams/acme');
  });

  it('sends someone signed out to sign in, and back here after', async () => {
    serve({ 'GET /api/session': refusal(401, 'Sign in first.'), 'GET /api/teams': refusal(401, 'Sign in first.') });
    page = await show('/account');
    expect(page.location().pathname + page.location().search).toBe('/sign-in?next=%2Faccount');
  });

  it('signs out everywhere once confirmed', async () => {
    const calls = serve({ ...signedIn, 'DELETE /api/sessions': { status: 204 } });
    page = await show('/account');
    await press(page.container, 'Sign out everywhere');
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    const dialog = document.querySelector<HTMLElement>('[role="alertdialog"]')!;
    expect(text(dialog)).toContain('Sign out everywhere?');
    await press(dialog, 'Sign out everywhere');
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([{ method: 'DELETE', url: '/api/sessions', body: undefined }]);
    expect(page.location().pathname).toBe('/sign-in');
  });

  it('signs out of this browser', async () => {
    const calls = serve({ ...signedIn, 'DELETE /api/session': { status: 204 } });
    page = await show('/account');
    await press(page.container, 'Sign out');
    expect(calls.at(-1)).toEqual({ method: 'DELETE', url: '/api/session', body: undefined });
    expect(page.location().pathname).toBe('/sign-in');
  });
});
