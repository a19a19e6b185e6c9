// @vitest-environment happy-dom
/**
 * The consent page: it reads the admin's request as `/oauth/authorize` passed it on, asks a member
 * to allow it and then leaves for the address the cloud answers; someone signed out signs in first
 * with the same request, and someone outside the team may sign in as someone else.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Authorization } from './api';
import { consentLine } from './Authorize';
import type * as PageModule from './Page';
import { press, refusal, serve, show, text } from './testing';
import type { Shown } from './testing';

const left = vi.hoisted(() => ({ to: [] as string[] }));
vi.mock('./Page', async (importOriginal) => ({
  ...(await importOriginal<typeof PageModule>()),
  goTo: (href: string) => void left.to.push(href),
}));

let page: Shown | undefined;

afterEach(() => {
  page?.unmount();
  page = undefined;
  left.to.length = 0;
  vi.unstubAllGlobals();
});

const query = 'client_id=acme%2Fblog&redirect_uri=https%3A%2F%2Fcms.example.com%2Fkeystatic%2Fcloud%2Foauth%2Fcallback&response_type=code&state=xyz';

const request = (member: boolean): Authorization => ({
  origin: 'https://cms.example.com',
  project: { name: 'Blog', clientId: 'acme/blog' },
  team: { name: 'Acme', slug: 'acme' },
  user: { id: 'u1', email: 'ada@example.com', name: 'Ada' },
  member,
});

describe('the consent line', () => {
  it('names the admin, the project and the person', () => {
    expect(consentLine(request(true))).toBe('https://cms.example.com wants to edit Blog as Ada.');
  });
});

describe('the consent page', () => {
  it('sends the request back as its parameters when allowed, then leaves for the answer', async () => {
    const calls = serve({
      [`GET /api/authorize?${query}`]: { body: request(true) },
      'POST /api/authorize': { body: { redirect: 'https://cms.example.com/keystatic/cloud/oauth/callback?code=c0de&state=xyz' } },
    });
    page = await show(`/authorize?${query}`);
    expect(text(page.container)).toContain('https://cms.example.com wants to edit Blog as Ada.');
    await press(page.container, 'Allow');
    expect(calls[1]).toEqual({
      method: 'POST',
      url: '/api/authorize',
      body: {
        client_id: 'acme/blog',
        redirect_uri: 'https://cms.example.com/keystatic/cloud/oauth/callback',
        response_type: 'code',
        state: 'xyz',
      },
    });
    expect(left.to).toEqual(['https://cms.example.com/keystatic/cloud/oauth/callback?code=c0de&state=xyz']);
  });

  it('goes back to the account on Cancel', async () => {
    serve({ [`GET /api/authorize?${query}`]: { body: request(true) } });
    page = await show(`/authorize?${query}`);
    await press(page.container, 'Cancel');
    expect(page.location().pathname).toBe('/account');
    expect(left.to).toEqual([]);
  });

  it('sends someone signed out to sign in, with the request', async () => {
    serve({ [`GET /api/authorize?${query}`]: refusal(401, 'Sign in first.') });
    page = await show(`/authorize?${query}`);
    expect(page.location().pathname).toBe('/sign-in');
    expect(page.location().search).toBe(`?${query}`);
  });

  it('says why a request cannot be answered', async () => {
    serve({ [`GET /api/authorize?${query}`]: refusal(400, 'response_type must be code.') });
    page = await show(`/authorize?${query}`);
    expect(text(page.container)).toContain('This sign-in cannot go on');
    expect(text(page.container)).toContain('response_type must be code.');
    expect(page.container.querySelector('button')).toBeNull();
  });

  it("offers someone outside the team to sign in as someone else, and no consent", async () => {
    const calls = serve({ [`GET /api/authorize?${query}`]: { body: request(false) }, 'DELETE /api/session': { status: 204 } });
    page = await show(`/authorize?${query}`);
    expect(text(page.container)).toContain('You are not a member of Acme.');
    expect(text(page.container)).not.toContain('wants to edit');
    await press(page.container, 'Sign in as someone else');
    expect(calls.at(-1)).toMatchObject({ method: 'DELETE', url: '/api/session' });
    expect(page.location().pathname).toBe('/sign-in');
    expect(page.location().search).toBe(`?${query}`);
  });
});
