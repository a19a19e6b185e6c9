// @vitest-environment happy-dom
/**
 * The account page shows who is signed in and their teams, sends someone signed out to sign in
 * (and back), saves a new name or password with the server's refusal shown by its form, signs
 * another browser out, and signs out everywhere only once confirmed.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buttons, input, press, refusal, serve, show, text, type } from './testing';
import type { Shown } from './testing';

let page: Shown | undefined;

afterEach(() => {
  page?.unmount();
  page = undefined;
  vi.unstubAllGlobals();
});

const thisBrowser = { id: 'aaaa0000aaaa0000', createdAt: 1764300000, userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0', current: true };
const phone = { id: 'bbbb1111bbbb1111', createdAt: 1764200000, userAgent: 'Mozilla/5.0 (iPhone) Safari/604.1', current: false };

const signedIn = {
  'GET /api/account/sessions': { body: { sessions: [thisBrowser] } },
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

  it('saves a new name and shows it', async () => {
    const calls = serve({
      ...signedIn,
      'PUT /api/account': (body) => ({ body: { user: { id: 'u1', email: 'ada@example.com', name: (body as { name: string }).name } } }),
    });
    page = await show('/account');
    expect(input(page.container, 'Your name').value).toBe('Ada Lovelace');
    type(page.container, 'Your name', 'Ada King');
    await press(page.container, 'Save');
    expect(calls.at(-1)).toEqual({ method: 'PUT', url: '/api/account', body: { name: 'Ada King' } });
    expect(page.container.querySelector('.cloud-person-name')!.textContent).toBe('Ada King');
    expect(text(page.container)).toContain('Saved.');
  });

  it("shows the server's refusal of a name by its form", async () => {
    serve({ ...signedIn, 'PUT /api/account': refusal(400, 'A name is 1 to 100 characters.') });
    page = await show('/account');
    type(page.container, 'Your name', 'x'.repeat(101));
    await press(page.container, 'Save');
    const form = input(page.container, 'Your name').closest('form')!;
    expect(form.querySelector('[role="alert"]')!.textContent).toBe('A name is 1 to 100 characters.');
    expect(page.container.querySelector('.cloud-person-name')!.textContent).toBe('Ada Lovelace');
    expect(text(page.container)).not.toContain('Saved.');
  });

  it('changes the password, and shows a wrong current password by its form', async () => {
    let right = false;
    const calls = serve({
      ...signedIn,
      'PUT /api/account/password': () => (right ? { status: 204 } : refusal(403, 'The current password is not right.')),
    });
    page = await show('/account');
    const form = input(page.container, 'Current password').closest('form')!;
    type(page.container, 'Current password', 'not it');
    type(page.container, 'New password', 'a long new passphrase');
    await press(form, 'Save');
    expect(calls.at(-1)).toEqual({ method: 'PUT', url: '/api/account/password', body: { current: 'not it', password: 'a long new passphrase' } });
    expect(form.querySelector('[role="alert"]')!.textContent).toBe('The current password is not right.');
    expect(input(page.container, 'Your name').closest('form')!.querySelector('[role="alert"]')).toBeNull();
    expect(text(form)).not.toContain('Saved.');

    right = true;
    type(page.container, 'Current password', 'the old one');
    await press(form, 'Save');
    expect(calls.at(-1)).toEqual({ method: 'PUT', url: '/api/account/password', body: { current: 'the old one', password: 'a long new passphrase' } });
    expect(form.querySelector('[role="alert"]')).toBeNull();
    expect(text(form)).toContain('Saved.');
    expect(input(page.container, 'Current password').value).toBe('');
  });

  it('lists where the person is signed in and signs another browser out', async () => {
    let sessions = [thisBrowser, phone];
    const calls = serve({
      ...signedIn,
      'GET /api/account/sessions': () => ({ body: { sessions } }),
      [`DELETE /api/account/sessions/${phone.id}`]: () => {
        sessions = [thisBrowser];
        return { status: 204 };
      },
    });
    page = await show('/account');
    const rows = () => [...page!.container.querySelectorAll<HTMLElement>('.cloud-session')];
    expect(rows()).toHaveLength(2);
    expect(text(rows()[0]!)).toContain(thisBrowser.userAgent);
    expect(text(rows()[0]!)).toContain('This browser');
    expect(buttons(rows()[0]!, 'Sign out')).toEqual([]);
    expect(text(rows()[1]!)).toContain(phone.userAgent);
    expect(text(rows()[1]!)).not.toContain('This browser');
    await press(rows()[1]!, 'Sign out');
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([{ method: 'DELETE', url: `/api/account/sessions/${phone.id}`, body: undefined }]);
    expect(rows()).toHaveLength(1);
    expect(page.location().pathname).toBe('/account');
  });

  it("shows the server's refusal to sign a browser out in its row", async () => {
    serve({
      ...signedIn,
      'GET /api/account/sessions': { body: { sessions: [thisBrowser, phone] } },
      [`DELETE /api/account/sessions/${phone.id}`]: refusal(404, 'There is no such session.'),
    });
    page = await show('/account');
    const row = page.container.querySelectorAll<HTMLElement>('.cloud-session')[1]!;
    await press(row, 'Sign out');
    expect(row.querySelector('[role="alert"]')!.textContent).toBe('There is no such session.');
  });
});
