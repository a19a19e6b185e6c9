// @vitest-environment happy-dom
/**
 * The account page shows who is signed in and their teams, sends someone signed out to sign in
 * (and back), shows their picture or initials, sends a new picture at once (refusing one too large
 * unsent) or removes it, saves a new name or password with the server's refusal shown by its form, lists,
 * adds and removes passkeys (or says why it cannot add one), signs another browser out, and signs
 * out everywhere only once confirmed.
 */
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Passkey } from './api';
import { formatMoment } from './messages';
import { buttons, input, press, refusal, serve, settle, show, text, type } from './testing';
import type { Shown } from './testing';

let page: Shown | undefined;

afterEach(() => {
  page?.unmount();
  page = undefined;
  vi.unstubAllGlobals();
  delete (navigator as { credentials?: unknown }).credentials;
});

const thisBrowser = { id: 'aaaa0000aaaa0000', createdAt: 1764300000, userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0', current: true };
const phone = { id: 'bbbb1111bbbb1111', createdAt: 1764200000, userAgent: 'Mozilla/5.0 (iPhone) Safari/604.1', current: false };

const signedIn = {
  'GET /api/account/sessions': { body: { sessions: [thisBrowser] } },
  'GET /api/account/passkeys': { body: { available: true, passkeys: [] } },
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

const laptop: Passkey = { id: 'pk-laptop', name: 'Work laptop', createdAt: 1764300000, lastUsedAt: 1764400000 };
const phoneKey: Passkey = { id: 'pk-phone', name: 'Phone', createdAt: 1764200000, lastUsedAt: null };

/** A browser with passkeys, whose `navigator.credentials.create` answers as `create` does. */
function passkeyBrowser(create: (options: CredentialCreationOptions) => Promise<unknown>) {
  vi.stubGlobal('PublicKeyCredential', class {});
  const credentials = { create: vi.fn(create) };
  Object.defineProperty(navigator, 'credentials', { configurable: true, value: credentials });
  return credentials;
}

const bytes = (...values: number[]) => new Uint8Array(values).buffer;

/** A new passkey as the browser makes it, and as it goes to the cloud. */
const made = {
  id: 'AQL-_w',
  rawId: bytes(0x01, 0x02, 0xfe, 0xff),
  type: 'public-key',
  response: { attestationObject: bytes(0xa3, 0x63), clientDataJSON: bytes(0x7b, 0x7d), getTransports: () => ['internal'] },
  getClientExtensionResults: () => ({ credProps: { rk: true } }),
};
const credential = {
  id: 'AQL-_w',
  rawId: 'AQL-_w',
  type: 'public-key',
  response: { attestationObject: 'o2M', clientDataJSON: 'e30', transports: ['internal'] },
  clientExtensionResults: { credProps: { rk: true } },
};

const creation = {
  body: {
    ceremony: 'c3r3m0ny',
    publicKey: {
      rp: { id: 'cloud.example.com', name: 'Quire Cloud' },
      user: { id: 'dTE', name: 'ada@example.com', displayName: 'Ada Lovelace' },
      challenge: '-_-_',
      pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
      timeout: 300000,
      excludeCredentials: [{ type: 'public-key', id: 'AQID' }],
      authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
      attestation: 'none',
      extensions: { credProps: true, uvm: true, credentialProtectionPolicy: 'userVerificationRequired', enforceCredentialProtectionPolicy: false },
    },
  },
};

const passkeyRows = (container: HTMLElement) => [...container.querySelectorAll<HTMLElement>('.cloud-passkey')];
const passkeyForm = (container: HTMLElement) => input(container, 'Passkey name').closest('form')!;

describe("the account's passkeys", () => {
  it('lists them with when each was added and last used', async () => {
    passkeyBrowser(async () => made);
    serve({ ...signedIn, 'GET /api/account/passkeys': { body: { available: true, passkeys: [laptop, phoneKey] } } });
    page = await show('/account');
    const rows = passkeyRows(page.container);
    expect(rows).toHaveLength(2);
    expect(rows[0]!.querySelector('bdi')!.textContent).toBe('Work laptop');
    expect(text(rows[0]!)).toContain(`Added ${formatMoment(laptop.createdAt)}`);
    expect(text(rows[0]!)).toContain(`Last used ${formatMoment(laptop.lastUsedAt!)}`);
    expect(rows[1]!.querySelector('bdi')!.textContent).toBe('Phone');
    expect(text(rows[1]!)).toContain(`Added ${formatMoment(phoneKey.createdAt)}`);
    expect(text(rows[1]!)).toContain('Never used');
    expect(text(rows[1]!)).not.toContain('Last used');
    expect(text(page.container)).not.toContain('No passkeys yet.');
    // Between the password and the browsers signed in.
    const headings = [...page.container.querySelectorAll('h2')].map((heading) => heading.textContent);
    expect(headings.slice(headings.indexOf('Change password'), headings.indexOf('Change password') + 3)).toEqual([
      'Change password',
      'Passkeys',
      'Where you are signed in',
    ]);
  });

  it('says when there are none', async () => {
    passkeyBrowser(async () => made);
    serve(signedIn);
    page = await show('/account');
    expect(passkeyRows(page.container)).toEqual([]);
    expect(text(page.container)).toContain('No passkeys yet.');
  });

  it('adds one under the name given, then lists it and clears the name', async () => {
    let passkeys = [phoneKey];
    const browser = passkeyBrowser(async () => made);
    const calls = serve({
      ...signedIn,
      'GET /api/account/passkeys': () => ({ body: { available: true, passkeys } }),
      'POST /api/account/passkeys/options': creation,
      'POST /api/account/passkeys': () => {
        passkeys = [laptop, phoneKey];
        return { body: { passkey: laptop } };
      },
    });
    page = await show('/account');
    expect(passkeyRows(page.container)).toHaveLength(1);
    type(page.container, 'Passkey name', 'Work laptop');
    await press(page.container, 'Add a passkey');
    const asked = browser.create.mock.calls[0]![0].publicKey!;
    expect([...new Uint8Array(asked.challenge as ArrayBuffer)]).toEqual([0xfb, 0xff, 0xbf]);
    expect([...new Uint8Array(asked.user.id as ArrayBuffer)]).toEqual([0x75, 0x31]);
    expect([...new Uint8Array(asked.excludeCredentials![0]!.id as ArrayBuffer)]).toEqual([1, 2, 3]);
    expect(asked.extensions).toEqual(creation.body.publicKey.extensions);
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', url: '/api/account/passkeys/options', body: undefined },
      { method: 'POST', url: '/api/account/passkeys', body: { ceremony: 'c3r3m0ny', name: 'Work laptop', credential } },
    ]);
    expect(passkeyRows(page.container).map((row) => row.querySelector('bdi')!.textContent)).toEqual(['Work laptop', 'Phone']);
    expect(input(page.container, 'Passkey name').value).toBe('');
    const form = passkeyForm(page.container);
    expect(form.querySelector('[role="status"]')!.textContent).toBe('Passkey added.');
    expect(form.querySelector('[role="alert"]')).toBeNull();
  });

  it('asks for a name first, without calling the cloud or the browser', async () => {
    const browser = passkeyBrowser(async () => made);
    const calls = serve(signedIn);
    page = await show('/account');
    const before = calls.length;
    await press(page.container, 'Add a passkey');
    expect(calls.length).toBe(before);
    expect(browser.create).not.toHaveBeenCalled();
    expect(input(page.container, 'Passkey name').getAttribute('aria-invalid')).toBe('true');
    expect(text(passkeyForm(page.container))).toContain('Fill this in.');
  });

  it('says a passkey the browser did not make by the form, keeping the name', async () => {
    passkeyBrowser(() => Promise.reject(new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError')));
    const calls = serve({ ...signedIn, 'POST /api/account/passkeys/options': creation });
    page = await show('/account');
    type(page.container, 'Passkey name', 'Work laptop');
    await press(page.container, 'Add a passkey');
    const form = passkeyForm(page.container);
    const alert = form.querySelector('[role="alert"]')!;
    expect(alert.textContent).toBe('The browser made no passkey: it was cancelled or timed out.');
    expect(buttons(form, 'Add a passkey')[0]!.getAttribute('aria-describedby')).toBe(alert.id);
    expect(calls.some((call) => call.url === '/api/account/passkeys' && call.method === 'POST')).toBe(false);
    expect(input(page.container, 'Passkey name').value).toBe('Work laptop');
    expect(text(form)).not.toContain('Passkey added.');
  });

  it('says a passkey the account has already, as the browser or the cloud finds it', async () => {
    passkeyBrowser(() => Promise.reject(new DOMException('The user attempted to register an authenticator that contains one of the credentials already registered with the relying party.', 'InvalidStateError')));
    serve({ ...signedIn, 'POST /api/account/passkeys/options': creation });
    page = await show('/account');
    type(page.container, 'Passkey name', 'Work laptop');
    await press(page.container, 'Add a passkey');
    expect(passkeyForm(page.container).querySelector('[role="alert"]')!.textContent).toBe('This passkey is already on your account.');
    page.unmount();

    passkeyBrowser(async () => made);
    serve({
      ...signedIn,
      'POST /api/account/passkeys/options': creation,
      'POST /api/account/passkeys': { status: 409, body: { code: 'taken', message: 'This passkey is registered already.' } },
    });
    page = await show('/account');
    type(page.container, 'Passkey name', 'Work laptop');
    await press(page.container, 'Add a passkey');
    expect(passkeyForm(page.container).querySelector('[role="alert"]')!.textContent).toBe('This passkey is registered already.');
  });

  it('removes one, then lists the others', async () => {
    let passkeys = [laptop, phoneKey];
    passkeyBrowser(async () => made);
    const calls = serve({
      ...signedIn,
      'GET /api/account/passkeys': () => ({ body: { available: true, passkeys } }),
      [`DELETE /api/account/passkeys/${laptop.id}`]: () => {
        passkeys = [phoneKey];
        return { status: 204 };
      },
    });
    page = await show('/account');
    const row = passkeyRows(page.container)[0]!;
    const remove = buttons(row, 'Remove')[0]!;
    // Read with the passkey's name, each Remove button being named the same.
    expect(document.getElementById(remove.getAttribute('aria-describedby')!)!.textContent).toBe('Work laptop');
    await press(row, 'Remove');
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([{ method: 'DELETE', url: `/api/account/passkeys/${laptop.id}`, body: undefined }]);
    expect(passkeyRows(page.container).map((each) => each.querySelector('bdi')!.textContent)).toEqual(['Phone']);
    expect(page.location().pathname).toBe('/account');
  });

  it("shows the server's refusal to remove one in its row", async () => {
    serve({
      ...signedIn,
      'GET /api/account/passkeys': { body: { available: true, passkeys: [laptop, phoneKey] } },
      [`DELETE /api/account/passkeys/${phoneKey.id}`]: refusal(404, 'There is no such passkey.'),
    });
    page = await show('/account');
    const row = passkeyRows(page.container)[1]!;
    await press(row, 'Remove');
    expect(row.querySelector('[role="alert"]')!.textContent).toBe('There is no such passkey.');
    expect(passkeyRows(page.container)[0]!.querySelector('[role="alert"]')).toBeNull();
    expect(passkeyRows(page.container)).toHaveLength(2);
  });

  it('says why none can be added on a cloud reached at an IP address, still listing those there are', async () => {
    passkeyBrowser(async () => made);
    serve({ ...signedIn, 'GET /api/account/passkeys': { body: { available: false, passkeys: [phoneKey] } } });
    page = await show('/account');
    expect(text(page.container)).toContain('Passkeys cannot be used here: this cloud is reached at an IP address, not a domain name.');
    expect(() => input(page!.container, 'Passkey name')).toThrow();
    expect(buttons(page.container, 'Add a passkey')).toEqual([]);
    expect(passkeyRows(page.container)).toHaveLength(1);
  });

  it('says why none can be added in a browser without passkeys', async () => {
    serve(signedIn);
    page = await show('/account');
    expect(text(page.container)).toContain('This browser cannot add passkeys.');
    expect(buttons(page.container, 'Add a passkey')).toEqual([]);
    expect(text(page.container)).not.toContain('Passkeys cannot be used here');
  });
});

const pictureSection = (container: HTMLElement) => container.querySelector<HTMLElement>('[aria-labelledby="account-picture"]')!;
const pictureInput = (container: HTMLElement) => pictureSection(container).querySelector<HTMLInputElement>('input[type="file"]')!;
const shownPicture = (container: HTMLElement) => container.querySelector<HTMLImageElement>('.cloud-person img');
const shownInitials = (container: HTMLElement) => container.querySelector<HTMLElement>('.cloud-person .cloud-avatar-initials');

/** Picks `file` in the picture's file input, as the browser's file chooser does. */
async function choosePicture(container: HTMLElement, file: File): Promise<void> {
  const picker = pictureInput(container);
  Object.defineProperty(picker, 'files', { configurable: true, value: [file] });
  act(() => {
    picker.dispatchEvent(new Event('change', { bubbles: true }));
  });
  await settle();
}

const withPicture = (avatarUrl: string | undefined) => ({
  'GET /api/session': { body: { user: { id: 'u1', email: 'ada@example.com', name: 'Ada Lovelace', avatarUrl } } },
});
const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'ada.png', { type: 'image/png' });

describe("the account's picture", () => {
  it('shows the initials when there is no picture, and nothing to remove', async () => {
    serve(signedIn);
    page = await show('/account');
    expect(shownPicture(page.container)).toBeNull();
    expect(shownInitials(page.container)!.textContent).toBe('AL');
    expect(shownInitials(page.container)!.getAttribute('aria-hidden')).toBe('true');
    expect(buttons(page.container, 'Choose a picture')).toHaveLength(1);
    expect(buttons(page.container, 'Remove picture')).toEqual([]);
    expect(text(pictureSection(page.container))).toContain('PNG, JPEG, WebP or GIF, up to 5 MB. It is cut to a square from its middle.');
  });

  it('shows the picture there is, 64 pixels, beside the name', async () => {
    serve({ ...signedIn, ...withPicture('/avatars/u1?v=old') });
    page = await show('/account');
    const picture = shownPicture(page.container)!;
    expect(picture.getAttribute('src')).toBe('/avatars/u1?v=old');
    expect(picture.getAttribute('alt')).toBe('');
    expect(picture.getAttribute('width')).toBe('64');
    expect(shownInitials(page.container)).toBeNull();
    expect(buttons(page.container, 'Remove picture')).toHaveLength(1);
  });

  it('opens the file chooser for pictures only', async () => {
    serve(signedIn);
    page = await show('/account');
    const picker = pictureInput(page.container);
    expect(picker.getAttribute('accept')).toBe('image/png,image/jpeg,image/webp,image/gif');
    const opened = vi.spyOn(picker, 'click');
    await press(page.container, 'Choose a picture');
    expect(opened).toHaveBeenCalledTimes(1);
  });

  it('sends a chosen picture at once and shows the new one', async () => {
    const calls = serve({
      ...signedIn,
      'PUT /api/account/avatar': { body: { user: { id: 'u1', email: 'ada@example.com', name: 'Ada Lovelace', avatarUrl: '/avatars/u1?v=abc' } } },
    });
    page = await show('/account');
    const file = png();
    await choosePicture(page.container, file);
    const sent = calls.filter((call) => call.method === 'PUT');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe('/api/account/avatar');
    expect(sent[0]!.body).toBe(file);
    expect(shownPicture(page.container)!.getAttribute('src')).toBe('/avatars/u1?v=abc');
    expect(shownInitials(page.container)).toBeNull();
    expect(text(pictureSection(page.container))).toContain('Picture saved.');
    expect(buttons(page.container, 'Remove picture')).toHaveLength(1);
  });

  it('refuses a file over 5 MB without sending it', async () => {
    const calls = serve({ ...signedIn, 'PUT /api/account/avatar': { body: { user: { id: 'u1', email: 'ada@example.com', name: 'Ada Lovelace', avatarUrl: '/avatars/u1?v=abc' } } } });
    page = await show('/account');
    const huge = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' });
    await choosePicture(page.container, huge);
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    const alert = pictureSection(page.container).querySelector('[role="alert"]')!;
    expect(alert.textContent).toBe('This file is larger than 5 MB. Choose a smaller picture.');
    expect(buttons(page.container, 'Choose a picture')[0]!.getAttribute('aria-describedby')).toContain(alert.id);
    expect(shownPicture(page.container)).toBeNull();

    // One of exactly 5 MiB goes.
    await choosePicture(page.container, new File([new Uint8Array(5 * 1024 * 1024)], 'big.png', { type: 'image/png' }));
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1);
    expect(pictureSection(page.container).querySelector('[role="alert"]')).toBeNull();
    expect(shownPicture(page.container)!.getAttribute('src')).toBe('/avatars/u1?v=abc');
  });

  it("shows the cloud's refusal of a file beside the controls, keeping the picture there was", async () => {
    serve({
      ...signedIn,
      ...withPicture('/avatars/u1?v=old'),
      'PUT /api/account/avatar': refusal(400, 'The file is not a picture the cloud reads: PNG, JPEG, WebP or GIF.'),
    });
    page = await show('/account');
    await choosePicture(page.container, new File(['not a picture'], 'notes.png', { type: 'image/png' }));
    const alert = pictureSection(page.container).querySelector('[role="alert"]')!;
    expect(alert.textContent).toBe('The file is not a picture the cloud reads: PNG, JPEG, WebP or GIF.');
    expect(shownPicture(page.container)!.getAttribute('src')).toBe('/avatars/u1?v=old');
    expect(text(pictureSection(page.container))).not.toContain('Picture saved.');
    expect(input(page.container, 'Your name').closest('form')!.querySelector('[role="alert"]')).toBeNull();
  });

  it('removes the picture, showing the initials again', async () => {
    const calls = serve({
      ...signedIn,
      ...withPicture('/avatars/u1?v=old'),
      'DELETE /api/account/avatar': { body: { user: { id: 'u1', email: 'ada@example.com', name: 'Ada Lovelace' } } },
    });
    page = await show('/account');
    await press(page.container, 'Remove picture');
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([{ method: 'DELETE', url: '/api/account/avatar', body: undefined }]);
    expect(shownPicture(page.container)).toBeNull();
    expect(shownInitials(page.container)!.textContent).toBe('AL');
    expect(buttons(page.container, 'Remove picture')).toEqual([]);
    expect(text(pictureSection(page.container))).toContain('Picture removed.');
    expect(document.activeElement).toBe(buttons(page.container, 'Choose a picture')[0]);
  });

  it("shows the cloud's refusal to remove it, keeping the picture", async () => {
    serve({ ...signedIn, ...withPicture('/avatars/u1?v=old'), 'DELETE /api/account/avatar': refusal(503, 'The database is busy.') });
    page = await show('/account');
    await press(page.container, 'Remove picture');
    const alert = pictureSection(page.container).querySelector('[role="alert"]')!;
    expect(alert.textContent).toBe('The database is busy.');
    expect(buttons(page.container, 'Remove picture')[0]!.getAttribute('aria-describedby')).toBe(alert.id);
    expect(shownPicture(page.container)!.getAttribute('src')).toBe('/avatars/u1?v=old');
  });
});
