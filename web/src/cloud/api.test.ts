/**
 * The cloud's API client sends each call to its address with its method and JSON body, the session
 * cookie and no other origin's credentials, and turns a refusal into a `CloudError` with the
 * server's message.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as api from './api';
import { CloudError } from './api';

type Sent = { url: string; init: RequestInit };

let sent: Sent[];
let answer: () => Response;

beforeEach(() => {
  sent = [];
  answer = () => new Response(null, { status: 204 });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    sent.push({ url, init });
    return answer();
  });
});

afterEach(() => vi.unstubAllGlobals());

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const assertion = {
  id: 'AQID',
  rawId: 'AQID',
  type: 'public-key',
  response: { authenticatorData: 'SZYN', clientDataJSON: 'e30', signature: 'MEUC', userHandle: null },
  clientExtensionResults: {},
};

const attestation = {
  id: 'AQID',
  rawId: 'AQID',
  type: 'public-key',
  response: { attestationObject: 'o2NmbXQ', clientDataJSON: 'e30', transports: ['internal'] },
  clientExtensionResults: { credProps: { rk: true } },
};

const last = () => sent.at(-1)!;
const bodyOf = (request: Sent) => (request.init.body === undefined ? undefined : JSON.parse(String(request.init.body)));

describe('each call', () => {
  it.each<[string, () => Promise<unknown>, string, string, unknown]>([
    ['session', () => api.session(), 'GET', '/api/session', undefined],
    ['signIn', () => api.signIn('ada@example.com', 'correct horse'), 'POST', '/api/session', { email: 'ada@example.com', password: 'correct horse' }],
    ['signOut', () => api.signOut(), 'DELETE', '/api/session', undefined],
    ['signOutEverywhere', () => api.signOutEverywhere(), 'DELETE', '/api/sessions', undefined],
    ['rename', () => api.rename('Ada King'), 'PUT', '/api/account', { name: 'Ada King' }],
    ['changePassword', () => api.changePassword('old one', 'new one'), 'PUT', '/api/account/password', { current: 'old one', password: 'new one' }],
    ['accountSessions', () => api.accountSessions(), 'GET', '/api/account/sessions', undefined],
    ['endSession', () => api.endSession('0123abcd0123abcd'), 'DELETE', '/api/account/sessions/0123abcd0123abcd', undefined],
    ['passkeySignInOptions', () => api.passkeySignInOptions(), 'POST', '/api/session/passkey/options', undefined],
    ['signInWithPasskey', () => api.signInWithPasskey('c3r', assertion), 'POST', '/api/session/passkey', { ceremony: 'c3r', credential: assertion }],
    ['accountPasskeys', () => api.accountPasskeys(), 'GET', '/api/account/passkeys', undefined],
    ['passkeyOptions', () => api.passkeyOptions(), 'POST', '/api/account/passkeys/options', undefined],
    [
      'addPasskey',
      () => api.addPasskey('c3r', 'Work laptop', attestation),
      'POST',
      '/api/account/passkeys',
      { ceremony: 'c3r', name: 'Work laptop', credential: attestation },
    ],
    ['removePicture', () => api.removePicture(), 'DELETE', '/api/account/avatar', undefined],
    ['removePasskey', () => api.removePasskey('a/b'), 'DELETE', '/api/account/passkeys/a%2Fb', undefined],
    [
      'completeSetup',
      () => api.completeSetup({ token: 't0k', email: 'a@b.co', name: 'Ada', password: 'pw', teamSlug: 'acme', teamName: 'Acme' }),
      'POST',
      '/api/setup',
      { token: 't0k', email: 'a@b.co', name: 'Ada', password: 'pw', teamSlug: 'acme', teamName: 'Acme' },
    ],
    ['authorization', () => api.authorization('?client_id=acme%2Fblog&state=x'), 'GET', '/api/authorize?client_id=acme%2Fblog&state=x', undefined],
    ['authorize', () => api.authorize({ client_id: 'acme/blog', state: 'x' }), 'POST', '/api/authorize', { client_id: 'acme/blog', state: 'x' }],
    ['lookUpLink', () => api.lookUpLink('a/b'), 'GET', '/api/links/a%2Fb', undefined],
    ['spendLink', () => api.spendLink({ token: 'tk', name: 'Ada', password: 'pw' }), 'POST', '/api/links', { token: 'tk', name: 'Ada', password: 'pw' }],
    ['myTeams', () => api.myTeams(), 'GET', '/api/teams', undefined],
    ['team', () => api.team('acme'), 'GET', '/api/teams/acme', undefined],
    ['setFlags', () => api.setFlags('acme', { images: true, multiplayer: false }), 'PUT', '/api/teams/acme/flags', { images: true, multiplayer: false }],
    ['setRole', () => api.setRole('acme', 'u1', 'admin'), 'PUT', '/api/teams/acme/members/u1', { role: 'admin' }],
    ['removeMember', () => api.removeMember('acme', 'u1'), 'DELETE', '/api/teams/acme/members/u1', undefined],
    ['passwordLink', () => api.passwordLink('acme', 'u1'), 'POST', '/api/teams/acme/members/u1/password-link', undefined],
    ['invite', () => api.invite('acme', 'bo@example.com', 'editor'), 'POST', '/api/teams/acme/invitations', { email: 'bo@example.com', role: 'editor' }],
    ['withdraw', () => api.withdraw('acme', '0123abcd0123abcd'), 'DELETE', '/api/teams/acme/invitations/0123abcd0123abcd', undefined],
    [
      'createProject',
      () => api.createProject('acme', { slug: 'blog', name: 'Blog', origins: ['https://cms.example.com'] }),
      'POST',
      '/api/teams/acme/projects',
      { slug: 'blog', name: 'Blog', origins: ['https://cms.example.com'] },
    ],
    ['setOrigins', () => api.setOrigins('acme', 'blog', ['https://a.example']), 'PUT', '/api/teams/acme/projects/blog/origins', { origins: ['https://a.example'] }],
    ['projectRepository', () => api.projectRepository('acme', 'blog'), 'GET', '/api/teams/acme/projects/blog/repository', undefined],
    [
      'connectRepository',
      () => api.connectRepository('acme', 'blog', 'acme/site'),
      'PUT',
      '/api/teams/acme/projects/blog/repository',
      { repository: 'acme/site' },
    ],
    ['auditLog', () => api.auditLog('acme'), 'GET', '/api/teams/acme/audit', undefined],
  ])('%s: %s %s', async (_name, run, method, url, body) => {
    await run();
    expect(last().url).toBe(url);
    expect(last().init.method).toBe(method);
    expect(bodyOf(last())).toEqual(body);
    expect(last().init.credentials).toBe('same-origin');
    // A body is JSON and says so; a call without one sends no content type.
    expect(last().init.headers).toEqual(body === undefined ? {} : { 'content-type': 'application/json' });
  });

  it('sends a picture as it is, under its own content type', async () => {
    const picture = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' });
    answer = () => json({ user: { id: 'u1', email: 'a@b.co', name: 'Ada', avatarUrl: '/avatars/u1?v=abc' } });
    await expect(api.setPicture(picture)).resolves.toEqual({ user: { id: 'u1', email: 'a@b.co', name: 'Ada', avatarUrl: '/avatars/u1?v=abc' } });
    expect(last().url).toBe('/api/account/avatar');
    expect(last().init.method).toBe('PUT');
    expect(last().init.body).toBe(picture);
    expect(last().init.headers).toEqual({ 'content-type': 'image/png' });
    expect(last().init.credentials).toBe('same-origin');
  });

  it('sends a file of no known type as bytes', async () => {
    await api.setPicture(new Blob([new Uint8Array([1, 2, 3])]));
    expect(last().init.headers).toEqual({ 'content-type': 'application/octet-stream' });
  });

  it('reads the answer as JSON', async () => {
    answer = () => json({ teams: [{ slug: 'acme', name: 'Acme', role: 'owner' }] });
    await expect(api.myTeams()).resolves.toEqual({ teams: [{ slug: 'acme', name: 'Acme', role: 'owner' }] });
  });

  it('answers nothing for 204', async () => {
    await expect(api.signOut()).resolves.toBeUndefined();
  });
});

describe('a refusal', () => {
  it("throws the server's code and message", async () => {
    answer = () => json({ code: 'forbidden', message: 'The email or the password is not right.' }, 403);
    const error = await api.signIn('ada@example.com', 'wrong').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CloudError);
    expect(error).toMatchObject({ status: 403, code: 'forbidden', message: 'The email or the password is not right.' });
  });

  it('keeps the wait of too many attempts', async () => {
    answer = () => json({ code: 'too_many', message: 'Too many attempts. Try again in 42 seconds.' }, 429);
    await expect(api.signIn('a@b.co', 'x')).rejects.toMatchObject({ status: 429, message: 'Too many attempts. Try again in 42 seconds.' });
  });

  it('keeps the text of an answer that is not the cloud’s JSON', async () => {
    answer = () => new Response('Bad Gateway', { status: 502, statusText: 'Bad Gateway' });
    await expect(api.team('acme')).rejects.toMatchObject({ status: 502, code: 'http', message: 'Bad Gateway' });
  });

  it('is a network error when no answer came', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(api.session()).rejects.toMatchObject({ status: 0, code: 'network' });
  });
});
