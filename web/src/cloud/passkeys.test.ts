/**
 * Passkeys between the cloud's JSON and the browser: bytes to unpadded base64url and back (Node's
 * own encoder as the reference), the options webauthn-rs sends made into what the browser takes
 * with every other member kept as it is, the browser's credentials made into the JSON the cloud
 * reads, and the browser's refusals said in the pages' words.
 */
import { Buffer } from 'node:buffer';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  assertionJson,
  attestationJson,
  createPasskey,
  fromBase64url,
  getPasskey,
  optionsForCreate,
  optionsForGet,
  passkeysSupported,
  toBase64url,
} from './passkeys';
import type { CreationOptionsJSON, RequestOptionsJSON } from './passkeys';

afterEach(() => vi.unstubAllGlobals());

const bytes = (...values: number[]) => new Uint8Array(values);
const base64url = (value: Uint8Array) => Buffer.from(value).toString('base64url');
/** The bytes of a buffer the browser would be given, to compare. */
const seen = (buffer: unknown) => [...new Uint8Array(buffer as ArrayBuffer)];

const challenge = bytes(0xfb, 0xff, 0xbf, 0x00, 0x01, 0x02, 0x7e, 0x3e, 0x3f, 0x80, 0xc0, 0xff, 0x10, 0x20, 0x40, 0x80, 0x55, 0xaa, 0xde, 0xad, 0xbe, 0xef, 0x99, 0x42, 0x00, 0x00, 0xff, 0xfe, 0x61, 0x62, 0x63, 0x64);
const userId = bytes(0x3e, 0x3f, 0xfb, 0xef, 0xbe, 0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88, 0x99, 0xaa);
const existingId = bytes(0x01, 0xfe, 0xfd, 0x02, 0x7f);

/** Creation options as webauthn-rs writes them for a discoverable passkey. */
const creation: CreationOptionsJSON = {
  rp: { id: 'cloud.example.com', name: 'Quire Cloud' },
  user: { id: base64url(userId), name: 'ada@example.com', displayName: 'Ada Lovelace' },
  challenge: base64url(challenge),
  pubKeyCredParams: [
    { type: 'public-key', alg: -7 },
    { type: 'public-key', alg: -257 },
  ],
  timeout: 300000,
  excludeCredentials: [{ type: 'public-key', id: base64url(existingId), transports: ['internal', 'hybrid'] }],
  authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
  attestation: 'none',
  extensions: { credProps: true, uvm: true, credentialProtectionPolicy: 'userVerificationRequired', enforceCredentialProtectionPolicy: false },
};

/** Request options as webauthn-rs writes them for a discoverable sign-in: no credential named. */
const request: RequestOptionsJSON = {
  challenge: base64url(challenge),
  timeout: 300000,
  rpId: 'cloud.example.com',
  allowCredentials: [],
  userVerification: 'required',
};

describe('base64url', () => {
  it('writes bytes unpadded, with - and _', () => {
    expect(toBase64url(bytes())).toBe('');
    expect(toBase64url(bytes(0))).toBe('AA');
    expect(toBase64url(bytes(0, 0))).toBe('AAA');
    expect(toBase64url(bytes(0, 0, 0))).toBe('AAAA');
    expect(toBase64url(bytes(0xfb, 0xff, 0xbf))).toBe('-_-_');
    expect(toBase64url(new TextEncoder().encode('passkey'))).toBe('cGFzc2tleQ');
  });

  it('writes what Node writes, for every byte and length', () => {
    const all = Uint8Array.from({ length: 256 }, (_, n) => n);
    for (let length = 0; length <= 256; length += 1) {
      const part = all.slice(256 - length);
      expect(toBase64url(part.buffer)).toBe(base64url(part));
    }
  });

  it('reads only the bytes a view shows', () => {
    const whole = bytes(9, 9, 0xfb, 0xff, 0xbf, 9);
    expect(toBase64url(whole.subarray(2, 5))).toBe('-_-_');
    expect(toBase64url(new DataView(whole.buffer, 2, 3))).toBe('-_-_');
  });

  it('reads back what it wrote, and padded or standard base64 too', () => {
    for (const value of [bytes(), bytes(0), bytes(0xff, 0xee), challenge, userId, existingId]) {
      expect(seen(fromBase64url(toBase64url(value)))).toEqual([...value]);
    }
    expect(seen(fromBase64url('AA=='))).toEqual([0]);
    expect(seen(fromBase64url('+/+/'))).toEqual([0xfb, 0xff, 0xbf]);
    expect(seen(fromBase64url('cGFzc2tleQ'))).toEqual([...new TextEncoder().encode('passkey')]);
    expect(fromBase64url('AAAA')).toBeInstanceOf(ArrayBuffer);
  });
});

describe('the options given to the browser', () => {
  it('for a new passkey: the challenge, user id and excluded ids as bytes, the rest as the cloud sent it', () => {
    const sent = structuredClone(creation);
    const options = optionsForCreate(creation);
    expect(seen(options.challenge)).toEqual([...challenge]);
    expect(seen(options.user.id)).toEqual([...userId]);
    expect(options.user.name).toBe('ada@example.com');
    expect(options.user.displayName).toBe('Ada Lovelace');
    expect(options.excludeCredentials).toHaveLength(1);
    expect(seen(options.excludeCredentials![0]!.id)).toEqual([...existingId]);
    expect(options.excludeCredentials![0]!.type).toBe('public-key');
    expect(options.excludeCredentials![0]!.transports).toEqual(['internal', 'hybrid']);
    const binary = ['challenge', 'user', 'excludeCredentials'];
    expect(Object.fromEntries(Object.entries(options).filter(([member]) => !binary.includes(member)))).toEqual({
      rp: { id: 'cloud.example.com', name: 'Quire Cloud' },
      pubKeyCredParams: [
        { type: 'public-key', alg: -7 },
        { type: 'public-key', alg: -257 },
      ],
      timeout: 300000,
      authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
      attestation: 'none',
      extensions: { credProps: true, uvm: true, credentialProtectionPolicy: 'userVerificationRequired', enforceCredentialProtectionPolicy: false },
    });
    // The cloud's JSON is left as it was.
    expect(creation).toEqual(sent);
  });

  it('for a new passkey: no excluded list when the cloud sent none (or null)', () => {
    const none = { ...creation };
    delete none.excludeCredentials;
    expect('excludeCredentials' in optionsForCreate(none)).toBe(false);
    expect('excludeCredentials' in optionsForCreate({ ...creation, excludeCredentials: null })).toBe(false);
  });

  it('for a sign-in: the challenge and allowed ids as bytes, the rest as the cloud sent it', () => {
    const options = optionsForGet(request);
    expect(seen(options.challenge)).toEqual([...challenge]);
    expect(options.allowCredentials).toEqual([]);
    expect(options.rpId).toBe('cloud.example.com');
    expect(options.userVerification).toBe('required');
    expect(options.timeout).toBe(300000);

    const named = optionsForGet({ ...request, allowCredentials: [{ type: 'public-key', id: base64url(existingId) }], extensions: { appid: 'x' } });
    expect(seen(named.allowCredentials![0]!.id)).toEqual([...existingId]);
    expect(named.allowCredentials![0]!.type).toBe('public-key');
    expect(named.extensions).toEqual({ appid: 'x' });
    expect('allowCredentials' in optionsForGet({ ...request, allowCredentials: null })).toBe(false);
  });
});

const rawId = bytes(0x01, 0xfe, 0xfd, 0x02, 0x7f, 0x80);
const clientData = new TextEncoder().encode('{"type":"webauthn.create","challenge":"-_-_","origin":"https://cloud.example.com"}');
const attestationObject = bytes(0xa3, 0x63, 0x66, 0x6d, 0x74, 0x64, 0x6e, 0x6f, 0x6e, 0x65, 0xfb, 0xff);
const authenticatorData = bytes(0x49, 0x96, 0x0d, 0xe5, 0x88, 0x0e, 0x8c, 0x68, 0x74, 0x34, 0x17, 0x0f, 0x64, 0x76, 0x60, 0x5b, 0x05);
const signature = bytes(0x30, 0x45, 0x02, 0x21, 0x00, 0xff, 0xfe, 0x3e, 0x3f);

/** What `navigator.credentials.create` resolves to, as far as the pages read it. */
function madeCredential({ transports = ['internal', 'hybrid'] as string[] | null } = {}) {
  const response: Record<string, unknown> = { attestationObject: attestationObject.buffer, clientDataJSON: clientData.buffer };
  if (transports !== null) response.getTransports = () => transports;
  return {
    id: base64url(rawId),
    rawId: rawId.buffer,
    type: 'public-key',
    response,
    getClientExtensionResults: () => ({ credProps: { rk: true } }),
  } as unknown as PublicKeyCredential;
}

/** What `navigator.credentials.get` resolves to, as far as the pages read it. */
function usedCredential({ userHandle = userId as Uint8Array | null } = {}) {
  return {
    id: base64url(rawId),
    rawId: rawId.buffer,
    type: 'public-key',
    response: { authenticatorData: authenticatorData.buffer, clientDataJSON: clientData.buffer, signature: signature.buffer, userHandle: userHandle?.buffer ?? null },
    getClientExtensionResults: () => ({}),
  } as unknown as PublicKeyCredential;
}

const attestation = {
  id: base64url(rawId),
  rawId: base64url(rawId),
  type: 'public-key',
  response: { attestationObject: base64url(attestationObject), clientDataJSON: base64url(clientData), transports: ['internal', 'hybrid'] },
  clientExtensionResults: { credProps: { rk: true } },
};

const assertion = {
  id: base64url(rawId),
  rawId: base64url(rawId),
  type: 'public-key',
  response: {
    authenticatorData: base64url(authenticatorData),
    clientDataJSON: base64url(clientData),
    signature: base64url(signature),
    userHandle: base64url(userId),
  },
  clientExtensionResults: {},
};

describe('the credentials sent to the cloud', () => {
  it('a new passkey: every binary as base64url, with its transports and extension results', () => {
    const json = attestationJson(madeCredential());
    expect(json).toEqual(attestation);
    // It goes as JSON: nothing in it is lost on the way.
    expect(JSON.parse(JSON.stringify(json))).toEqual(attestation);
  });

  it('a new passkey from a browser that cannot tell its transports: none', () => {
    expect(attestationJson(madeCredential({ transports: null })).response.transports).toEqual([]);
  });

  it('a sign-in: every binary as base64url, the user handle null when there is none', () => {
    expect(assertionJson(usedCredential())).toEqual(assertion);
    expect(assertionJson(usedCredential({ userHandle: null })).response.userHandle).toBeNull();
  });

  it('extension results holding bytes: as base64url', () => {
    const credential = { ...usedCredential(), getClientExtensionResults: () => ({ prf: { results: { first: bytes(0xfb, 0xff, 0xbf).buffer } } }) };
    expect(assertionJson(credential as unknown as PublicKeyCredential).clientExtensionResults).toEqual({ prf: { results: { first: '-_-_' } } });
  });
});

type Asked<Options> = (options: Options) => Promise<unknown>;

/** A browser's `navigator.credentials`, its `create` and `get` answering as told. */
function browser(answer: { create?: Asked<CredentialCreationOptions>; get?: Asked<CredentialRequestOptions> }) {
  const create = vi.fn<Asked<CredentialCreationOptions>>(answer.create ?? (() => Promise.resolve(null)));
  const get = vi.fn<Asked<CredentialRequestOptions>>(answer.get ?? (() => Promise.resolve(null)));
  vi.stubGlobal('navigator', { credentials: { create, get } });
  return { create, get };
}

const refused = (name: string, message = `${name} happened`) => () => Promise.reject(new DOMException(message, name));

describe('asking the browser', () => {
  it('for a new passkey: the options as bytes, the answer as JSON', async () => {
    const { create } = browser({ create: () => Promise.resolve(madeCredential()) });
    await expect(createPasskey(creation)).resolves.toEqual(attestation);
    const given = create.mock.calls[0]![0];
    expect(seen(given.publicKey!.challenge)).toEqual([...challenge]);
    expect(seen(given.publicKey!.user.id)).toEqual([...userId]);
  });

  it('for a sign-in: the options as bytes, the answer as JSON', async () => {
    const { get } = browser({ get: () => Promise.resolve(usedCredential()) });
    await expect(getPasskey(request)).resolves.toEqual(assertion);
    const given = get.mock.calls[0]![0];
    expect(seen(given.publicKey!.challenge)).toEqual([...challenge]);
  });

  it('says a new passkey cancelled or timed out, or one the account has already', async () => {
    const none = 'The browser made no passkey: it was cancelled or timed out.';
    browser({ create: refused('NotAllowedError') });
    await expect(createPasskey(creation)).rejects.toThrow(none);
    browser({ create: refused('AbortError') });
    await expect(createPasskey(creation)).rejects.toThrow(none);
    browser({ create: () => Promise.resolve(null) });
    await expect(createPasskey(creation)).rejects.toThrow(none);
    browser({ create: refused('InvalidStateError') });
    await expect(createPasskey(creation)).rejects.toThrow('This passkey is already on your account.');
  });

  it('says a sign-in cancelled or timed out', async () => {
    const none = 'No passkey was used: it was cancelled or timed out.';
    browser({ get: refused('NotAllowedError') });
    await expect(getPasskey(request)).rejects.toThrow(none);
    browser({ get: refused('AbortError') });
    await expect(getPasskey(request)).rejects.toThrow(none);
    browser({ get: () => Promise.resolve(null) });
    await expect(getPasskey(request)).rejects.toThrow(none);
  });

  it("says another refusal in the browser's own words", async () => {
    browser({ create: refused('SecurityError', 'The relying party ID is not a registrable domain suffix.') });
    await expect(createPasskey(creation)).rejects.toThrow(/^The relying party ID is not a registrable domain suffix\.$/);
    browser({ get: refused('InvalidStateError', 'The request is not valid.') });
    await expect(getPasskey(request)).rejects.toThrow(/^The request is not valid\.$/);
  });
});

describe('whether the browser has passkeys', () => {
  it('is whether it has PublicKeyCredential', () => {
    vi.stubGlobal('window', {});
    expect(passkeysSupported()).toBe(false);
    vi.stubGlobal('window', { PublicKeyCredential: class {} });
    expect(passkeysSupported()).toBe(true);
  });
});
