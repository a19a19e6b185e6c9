// @vitest-environment happy-dom
/**
 * Signing in sends the email and password, then goes on where the visit was headed: the admin's
 * authorization request with its query, the page that sent the person here, else the account; a
 * refusal is said by the button, and an empty field by the field. Signing in with a passkey (where
 * the browser has them) asks the cloud for a challenge, the browser for a passkey's answer, and
 * goes on as a password does; a cancelled passkey or a refusal is said by its button.
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
  delete (navigator as { credentials?: unknown }).credentials;
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

/** A browser with passkeys, whose `navigator.credentials.get` answers as `get` does. */
function passkeyBrowser(get: (options: CredentialRequestOptions) => Promise<unknown>) {
  vi.stubGlobal('PublicKeyCredential', class {});
  const credentials = { get: vi.fn(get) };
  Object.defineProperty(navigator, 'credentials', { configurable: true, value: credentials });
  return credentials;
}

const bytes = (...values: number[]) => new Uint8Array(values).buffer;

/** A passkey's answer as the browser gives it, and as it goes to the cloud. */
const used = {
  id: 'AQL-_w',
  rawId: bytes(0x01, 0x02, 0xfe, 0xff),
  type: 'public-key',
  response: { authenticatorData: bytes(0x49, 0x96), clientDataJSON: bytes(0x7b, 0x7d), signature: bytes(0x30, 0x45, 0xfb), userHandle: bytes(0x75, 0x31) },
  getClientExtensionResults: () => ({}),
};
const credential = {
  id: 'AQL-_w',
  rawId: 'AQL-_w',
  type: 'public-key',
  response: { authenticatorData: 'SZY', clientDataJSON: 'e30', signature: 'MEX7', userHandle: 'dTE' },
  clientExtensionResults: {},
};

const options = { body: { ceremony: 'c3r3m0ny', publicKey: { challenge: '-_-_', rpId: 'cloud.example.com', allowCredentials: [], userVerification: 'required' } } };

describe('signing in with a passkey', () => {
  it('is not offered by a browser without passkeys', async () => {
    serve({});
    page = await show('/sign-in');
    expect(buttons(page.container, 'Sign in')).toHaveLength(1);
    expect(buttons(page.container, 'Sign in with a passkey')).toEqual([]);
  });

  it("sends the browser the cloud's challenge and the cloud the passkey's answer, then goes to the account", async () => {
    const browser = passkeyBrowser(async () => used);
    const calls = serve({ 'POST /api/session/passkey/options': options, 'POST /api/session/passkey': { body: { user } } });
    page = await show('/sign-in');
    await press(page.container, 'Sign in with a passkey');
    const asked = browser.get.mock.calls[0]![0].publicKey!;
    expect([...new Uint8Array(asked.challenge as ArrayBuffer)]).toEqual([0xfb, 0xff, 0xbf]);
    expect(asked.rpId).toBe('cloud.example.com');
    // Then the account page loads what it shows.
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', url: '/api/session/passkey/options', body: undefined },
      { method: 'POST', url: '/api/session/passkey', body: { ceremony: 'c3r3m0ny', credential } },
    ]);
    expect(page.location().pathname).toBe('/account');
    expect(left.to).toEqual([]);
  });

  it('goes on to the authorization request, as a password does', async () => {
    passkeyBrowser(async () => used);
    serve({ 'POST /api/session/passkey/options': options, 'POST /api/session/passkey': { body: { user } } });
    page = await show('/sign-in?client_id=acme%2Fblog&state=xyz');
    await press(page.container, 'Sign in with a passkey');
    expect(left.to).toEqual(['/oauth/authorize?client_id=acme%2Fblog&state=xyz']);
  });

  it('says a cancelled passkey beside its button, and stays', async () => {
    passkeyBrowser(() => Promise.reject(new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError')));
    const calls = serve({ 'POST /api/session/passkey/options': options, 'POST /api/session/passkey': { body: { user } } });
    page = await show('/sign-in');
    await press(page.container, 'Sign in with a passkey');
    const alert = page.container.querySelector('[role="alert"]')!;
    expect(alert.textContent).toBe('No passkey was used: it was cancelled or timed out.');
    expect(buttons(page.container, 'Sign in with a passkey')[0]!.getAttribute('aria-describedby')).toBe(alert.id);
    // The password form says nothing.
    expect(buttons(page.container, 'Sign in')[0]!.getAttribute('aria-describedby')).toBeNull();
    expect(calls.map((call) => call.url)).toEqual(['/api/session/passkey/options']);
    expect(page.location().pathname).toBe('/sign-in');
  });

  it("says the cloud's refusal of the passkey, and stays", async () => {
    passkeyBrowser(async () => used);
    serve({ 'POST /api/session/passkey/options': options, 'POST /api/session/passkey': refusal(403, 'This passkey is not known here.') });
    page = await show('/sign-in');
    await press(page.container, 'Sign in with a passkey');
    expect(page.container.querySelector('[role="alert"]')!.textContent).toBe('This passkey is not known here.');
    expect(page.location().pathname).toBe('/sign-in');
  });

  it('says why the cloud offers no passkeys, without asking the browser', async () => {
    const browser = passkeyBrowser(async () => used);
    serve({ 'POST /api/session/passkey/options': { status: 400, body: { code: 'invalid', message: 'Passkeys need the cloud at a domain name.' } } });
    page = await show('/sign-in');
    await press(page.container, 'Sign in with a passkey');
    expect(page.container.querySelector('[role="alert"]')!.textContent).toBe('Passkeys need the cloud at a domain name.');
    expect(browser.get).not.toHaveBeenCalled();
  });
});
