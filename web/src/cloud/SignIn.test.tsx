// @vitest-environment happy-dom
/**
 * Signing in sends the email and password, then goes on where the visit was headed: the admin's
 * authorization request with its query, the page that sent the person here, else the account; a
 * refusal is said by the button, and an empty field by the field.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as PageModule from './Page';
import { afterSignIn } from './SignIn';
import { buttons, input, press, refusal, serve, show, text, type } from './testing';
import type { Shown } from './testing';

const left = vi.hoisted(() => ({ to: [] as string[] }));
vi.mock('./Page', async (importOriginal) => ({
  ...(await importOriginal<typeof PageModule>()),
  goTo: (href: string) => void left.to.push(href),
}));

let page: Shown | undefined;

afterEach(() => {
  page?.unmount();
  left.to.length = 0;
  vi.unstubAllGlobals();
});

const user = { id: 'u1', email: 'ada@example.com', name: 'Ada' };

async function signInAt(address: string, answer = { body: { user } } as Parameters<typeof serve>[0][string]) {
  const calls = serve({ 'POST /api/session': answer });
  page = await show(address);
  type(page.container, 'Email', 'ada@example.com');
  type(page.container, 'Password', 'correct horse battery');
  await press(page.container, 'Sign in');
  return { calls, shown: page };
}

describe('where signing in leads', () => {
  it("goes on to the admin's authorization request, keeping its query as it came", () => {
    const search = '?client_id=acme%2Fblog&redirect_uri=https%3A%2F%2Fcms.example.com%2Fkeystatic%2Fcloud%2Foauth%2Fcallback&state=s+1';
    expect(afterSignIn(search)).toEqual({ href: `/oauth/authorize${search}`, full: true });
  });

  it('comes back to a page of the cloud, and only of the cloud', () => {
    expect(afterSignIn('?next=%2Fteams%2Facme')).toEqual({ href: '/teams/acme', full: false });
    expect(afterSignIn('?next=%2F%2Fevil.example')).toEqual({ href: '/account', full: false });
    expect(afterSignIn('?next=%2F%5Cevil.example')).toEqual({ href: '/account', full: false });
    expect(afterSignIn('?next=https%3A%2F%2Fevil.example')).toEqual({ href: '/account', full: false });
    expect(afterSignIn('')).toEqual({ href: '/account', full: false });
  });
});

describe('the sign-in page', () => {
  it('sends the email and password, then leaves for the authorization request', async () => {
    const { calls } = await signInAt('/sign-in?client_id=acme%2Fblog&state=xyz');
    expect(calls).toEqual([{ method: 'POST', url: '/api/session', body: { email: 'ada@example.com', password: 'correct horse battery' } }]);
    expect(left.to).toEqual(['/oauth/authorize?client_id=acme%2Fblog&state=xyz']);
  });

  it('goes to the account without a request', async () => {
    const { shown } = await signInAt('/sign-in');
    expect(left.to).toEqual([]);
    expect(shown.location().pathname).toBe('/account');
  });

  it("says the server's refusal beside the button, and stays", async () => {
    const { shown } = await signInAt('/sign-in', refusal(429, 'Too many attempts. Try again in 42 seconds.'));
    const alert = shown.container.querySelector('[role="alert"]')!;
    expect(alert.textContent).toBe('Too many attempts. Try again in 42 seconds.');
    expect(buttons(shown.container, 'Sign in')[0]!.getAttribute('aria-describedby')).toBe(alert.id);
    expect(shown.location().pathname).toBe('/sign-in');
  });

  it('asks for an empty field on the field, without calling the cloud', async () => {
    const calls = serve({});
    page = await show('/sign-in');
    type(page.container, 'Email', 'ada@example.com');
    await press(page.container, 'Sign in');
    expect(calls).toEqual([]);
    expect(input(page.container, 'Password').getAttribute('aria-invalid')).toBe('true');
    expect(text(page.container)).toContain('Fill this in.');
  });
});
