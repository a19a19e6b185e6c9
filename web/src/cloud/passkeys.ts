/**
 * Passkeys (WebAuthn) between the cloud's JSON and the browser. The cloud sends a ceremony's
 * options as JSON, every binary field an unpadded base64url string (as webauthn-rs writes them);
 * the browser wants those fields as bytes, and answers with bytes that go back as base64url. One
 * path for every browser: options are converted here, never by `PublicKeyCredential`'s own
 * `parse…FromJSON`, which not every browser has.
 */
import { ct } from './messages';

/** A credential named in options (`excludeCredentials`, `allowCredentials`). */
export type DescriptorJSON = { id: string; type: string; transports?: string[] };

/**
 * What `navigator.credentials.create` takes, as the cloud sends it. Members not named here (`rp`,
 * `pubKeyCredParams`, `authenticatorSelection`, `extensions`…) go to the browser as they are.
 */
export type CreationOptionsJSON = {
  challenge: string;
  user: { id: string; name: string; displayName: string };
  excludeCredentials?: DescriptorJSON[] | null;
  [member: string]: unknown;
};

/** What `navigator.credentials.get` takes, as the cloud sends it; other members go as they are. */
export type RequestOptionsJSON = {
  challenge: string;
  allowCredentials?: DescriptorJSON[] | null;
  [member: string]: unknown;
};

/** A new passkey's attestation, as the cloud reads it. */
export type AttestationJSON = {
  id: string;
  rawId: string;
  type: string;
  response: { attestationObject: string; clientDataJSON: string; transports: string[] };
  clientExtensionResults: Record<string, unknown>;
};

/** A passkey's signature of a sign-in challenge, as the cloud reads it. */
export type AssertionJSON = {
  id: string;
  rawId: string;
  type: string;
  response: { authenticatorData: string; clientDataJSON: string; signature: string; userHandle: string | null };
  clientExtensionResults: Record<string, unknown>;
};

/** Bytes as unpadded base64url. */
export function toBase64url(bytes: ArrayBuffer | ArrayBufferView): string {
  const view = ArrayBuffer.isView(bytes) ? new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) : new Uint8Array(bytes);
  let binary = '';
  for (const byte of view) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The bytes of base64url text (padded or not; standard base64's `+` and `/` read too). */
export function fromBase64url(text: string): ArrayBuffer {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes.buffer;
}

const descriptor = (json: DescriptorJSON): PublicKeyCredentialDescriptor =>
  ({ ...json, id: fromBase64url(json.id) }) as PublicKeyCredentialDescriptor;

/** The options `navigator.credentials.create` takes for the cloud's JSON options. */
export function optionsForCreate(json: CreationOptionsJSON): PublicKeyCredentialCreationOptions {
  const { excludeCredentials, ...rest } = json;
  const options: Record<string, unknown> = {
    ...rest,
    challenge: fromBase64url(json.challenge),
    user: { ...json.user, id: fromBase64url(json.user.id) },
  };
  // A null list would be refused by the browser: left out, it means none.
  if (excludeCredentials != null) options.excludeCredentials = excludeCredentials.map(descriptor);
  return options as unknown as PublicKeyCredentialCreationOptions;
}

/** The options `navigator.credentials.get` takes for the cloud's JSON options. */
export function optionsForGet(json: RequestOptionsJSON): PublicKeyCredentialRequestOptions {
  const { allowCredentials, ...rest } = json;
  const options: Record<string, unknown> = { ...rest, challenge: fromBase64url(json.challenge) };
  if (allowCredentials != null) options.allowCredentials = allowCredentials.map(descriptor);
  return options as unknown as PublicKeyCredentialRequestOptions;
}

/** Extension results as JSON: any bytes among them (an extension's output) as base64url. */
function jsonOf(value: unknown): unknown {
  if (value instanceof ArrayBuffer || ArrayBuffer.isView(value)) return toBase64url(value);
  if (Array.isArray(value)) return value.map(jsonOf);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, member]) => [key, jsonOf(member)]));
  }
  return value;
}

const extensionResults = (credential: PublicKeyCredential) =>
  jsonOf(credential.getClientExtensionResults()) as Record<string, unknown>;

/** A new passkey (what `navigator.credentials.create` made) as the cloud reads it. */
export function attestationJson(credential: PublicKeyCredential): AttestationJSON {
  const response = credential.response as AuthenticatorAttestationResponse;
  return {
    id: credential.id,
    rawId: toBase64url(credential.rawId),
    type: credential.type,
    response: {
      attestationObject: toBase64url(response.attestationObject),
      clientDataJSON: toBase64url(response.clientDataJSON),
      // Older browsers cannot say how the authenticator is reached.
      transports: typeof response.getTransports === 'function' ? response.getTransports() : [],
    },
    clientExtensionResults: extensionResults(credential),
  };
}

/** A passkey's answer to a sign-in (what `navigator.credentials.get` gave) as the cloud reads it. */
export function assertionJson(credential: PublicKeyCredential): AssertionJSON {
  const response = credential.response as AuthenticatorAssertionResponse;
  return {
    id: credential.id,
    rawId: toBase64url(credential.rawId),
    type: credential.type,
    response: {
      authenticatorData: toBase64url(response.authenticatorData),
      clientDataJSON: toBase64url(response.clientDataJSON),
      signature: toBase64url(response.signature),
      userHandle: response.userHandle === null ? null : toBase64url(response.userHandle),
    },
    clientExtensionResults: extensionResults(credential),
  };
}

/** Whether this browser has WebAuthn at all (a secure context, a browser of this decade). */
export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/**
 * The browser's refusal in the pages' words: cancelled or timed out (the browser does not tell
 * which, on purpose) says `cancelled`; a passkey the account has already (`InvalidStateError`, on
 * creating) says `exists`; another DOMException its own message.
 */
function refusal(error: unknown, cancelled: string, exists?: string): unknown {
  if (!(error instanceof DOMException)) return error;
  if (error.name === 'NotAllowedError' || error.name === 'AbortError') return new Error(cancelled);
  if (exists !== undefined && error.name === 'InvalidStateError') return new Error(exists);
  return new Error(error.message || error.name);
}

/** Makes a passkey for the cloud's creation options; what to send back to the cloud. */
export async function createPasskey(publicKey: CreationOptionsJSON): Promise<AttestationJSON> {
  let credential: Credential | null;
  try {
    credential = await navigator.credentials.create({ publicKey: optionsForCreate(publicKey) });
  } catch (error) {
    throw refusal(error, ct('passkey.notCreated'), ct('passkey.exists'));
  }
  if (credential === null) throw new Error(ct('passkey.notCreated'));
  return attestationJson(credential as PublicKeyCredential);
}

/** Signs the cloud's sign-in challenge with a passkey the person picks; what to send back. */
export async function getPasskey(publicKey: RequestOptionsJSON): Promise<AssertionJSON> {
  let credential: Credential | null;
  try {
    credential = await navigator.credentials.get({ publicKey: optionsForGet(publicKey) });
  } catch (error) {
    throw refusal(error, ct('passkey.notUsed'));
  }
  if (credential === null) throw new Error(ct('passkey.notUsed'));
  return assertionJson(credential as PublicKeyCredential);
}
