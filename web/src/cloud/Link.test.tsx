// @vitest-environment happy-dom
/**
 * The link page asks for what the link and the person signed in call for: a new account, a join,
 * a sign-in first (the token waiting in session storage, never in an address), or a new password;
 * each sends the token and ends at the account.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LinkInfo } from './api';
import { LINK_TOKEN_KEY, stepOf } from './Link';
import { buttons, press, refusal, serve, show, text, type } from './testing';
import type { Call, Shown } from './testing';

let page: Shown | undefined;

beforeEach(() => window.sessionStorage.clear());

afterEach(() => {
  page?.unmount();
  page = undefined;
  vi.unstubAllGlobals();
});

const invitation = (hasAccount: boolean): LinkInfo => ({ kind: 'invitation', team: 'Acme', email: 'bo@example.com', role: 'editor', hasAccount });
const reset: LinkInfo = { kind: 'password', team: 'Acme', email: 'bo@example.com', role: null, hasAccount: true };
const bo = { id: 'u2', email: 'bo@example.com', name: 'Bo' };
const ada = { id: 'u1', email: 'ada@example.com', name: 'Ada' };
/** The one use of the link (the account's page then loads and calls too). */
const posts = (calls: Call[]) => {
  const found = calls.filter((call) => call.method === 'POST');
  expect(found).toHaveLength(1);
  return found[0];
};

describe('what a link asks for', () => {
  it('follows the link and who is signed in', () => {
    expect(stepOf({ link: invitation(false), signedIn: null })).toBe('newAccount');
    expect(stepOf({ link: invitation(true), signedIn: null })).toBe('signIn');
    expect(stepOf({ link: invitation(true), signedIn: bo })).toBe('join');
    expect(stepOf({ link: invitation(true), signedIn: ada })).toBe('otherAccount');
    expect(stepOf({ link: reset, signedIn: null })).toBe('password');
  });
});

describe('the link page', () => {
  it('makes the account of a new email with its name and password', async () => {
    const calls = serve({ 'GET /api/links/tk1': { body: invitation(false) }, 'POST /api/links': { body: { user: bo } } });
    page = await show('/link#tk1');
    expect(text(page.container)).toContain('bo@example.com is invited to join Acme as Editor.');
    type(page.container, 'Your name', 'Bo');
    type(page.container, 'Password', 'a long enough one');
    await press(page.container, 'Create account and join');
    expect(posts(calls)).toEqual({ method: 'POST', url: '/api/links', body: { token: 'tk1', name: 'Bo', password: 'a long enough one' } });
    expect(page.location().pathname).toBe('/account');
  });

  it('lets the invited account signed in join with the token alone', async () => {
    const calls = serve({
      'GET /api/links/tk2': { body: invitation(true) },
      'GET /api/session': { body: { user: bo } },
      'POST /api/links': { body: { user: bo } },
    });
    page = await show('/link#tk2');
    await press(page.container, 'Join Acme');
    expect(posts(calls)).toEqual({ method: 'POST', url: '/api/links', body: { token: 'tk2' } });
    expect(page.location().pathname).toBe('/account');
  });

  it('has the invited account sign in first, keeping the token in this tab only, and takes it back after', async () => {
    serve({ 'GET /api/links/tk3': { body: invitation(true) }, 'GET /api/session': refusal(401, 'Sign in first.') });
    page = await show('/link#tk3');
    const signIn = buttons(page.container, 'Sign in as bo@example.com')[0]!;
    expect(signIn.getAttribute('href')).toBe('/sign-in?next=%2Flink');
    await press(page.container, 'Sign in as bo@example.com');
    expect(window.sessionStorage.getItem(LINK_TOKEN_KEY)).toBe('tk3');
    page.unmount();

    const calls = serve({ 'GET /api/links/tk3': { body: invitation(true) }, 'GET /api/session': { body: { user: bo } }, 'POST /api/links': { body: { user: bo } } });
    page = await show('/link');
    await press(page.container, 'Join Acme');
    expect(posts(calls)).toEqual({ method: 'POST', url: '/api/links', body: { token: 'tk3' } });
    expect(window.sessionStorage.getItem(LINK_TOKEN_KEY)).toBeNull();
  });

  it('signs someone else out before the invited account signs in', async () => {
    const calls = serve({ 'GET /api/links/tk4': { body: invitation(true) }, 'GET /api/session': { body: { user: ada } }, 'DELETE /api/session': { status: 204 } });
    page = await show('/link#tk4');
    expect(text(page.container)).toContain('You are signed in as ada@example.com');
    await press(page.container, 'Sign in as bo@example.com');
    expect(calls.at(-1)).toMatchObject({ method: 'DELETE', url: '/api/session' });
    expect(page.location().pathname + page.location().search).toBe('/sign-in?next=%2Flink');
    expect(window.sessionStorage.getItem(LINK_TOKEN_KEY)).toBe('tk4');
  });

  it('sets a new password with a password link', async () => {
    const calls = serve({ 'GET /api/links/tk5': { body: reset }, 'POST /api/links': { body: { user: bo } } });
    page = await show('/link#tk5');
    type(page.container, 'New password', 'another long one');
    await press(page.container, 'Save password');
    expect(posts(calls)).toEqual({ method: 'POST', url: '/api/links', body: { token: 'tk5', password: 'another long one' } });
    expect(page.location().pathname).toBe('/account');
  });

  it("says the cloud's refusal of the password by the button", async () => {
    serve({ 'GET /api/links/tk6': { body: reset }, 'POST /api/links': refusal(400, 'Use at least 10 characters.') });
    page = await show('/link#tk6');
    type(page.container, 'New password', 'short');
    await press(page.container, 'Save password');
    expect(page.container.querySelector('[role="alert"]')?.textContent).toBe('Use at least 10 characters.');
    expect(page.location().pathname).toBe('/link');
  });

  it('says why a used or expired link cannot be used', async () => {
    serve({ 'GET /api/links/old': refusal(404, 'This link has expired or been used; ask for a new one.') });
    page = await show('/link#old');
    expect(text(page.container)).toContain('This link cannot be used');
    expect(text(page.container)).toContain('This link has expired or been used; ask for a new one.');
  });
});
