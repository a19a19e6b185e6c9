/**
 * Typed calls to Quire Cloud's own JSON API (`/api/…`, crates/cloud/src/routes.rs and
 * team_routes.rs). Every call is a same-origin request that carries the session cookie, a fetch but
 * for an image's upload (an XMLHttpRequest, for its progress); the server takes changes only from
 * its own origin. A failed call throws a `CloudError` with the server's `{ code, message }`, whose
 * message the pages show as it is.
 */
import type { AssertionJSON, AttestationJSON, CreationOptionsJSON, RequestOptionsJSON } from './passkeys';

export type Role = 'owner' | 'admin' | 'editor' | 'viewer';

export const ROLES: readonly Role[] = ['owner', 'admin', 'editor', 'viewer'];

/** `avatarUrl`: the person's picture, a path of the cloud's own; none without one. */
export type User = { id: string; email: string; name: string; avatarUrl?: string };

export type TeamOfMine = { slug: string; name: string; role: Role };

export type Member = { user: User; role: Role };

/** `repository`: the GitHub repository (`owner/name`) its sites edit through the cloud, if one is connected. */
export type Project = { id: string; slug: string; name: string; origins: string[]; repository: string | null };

/**
 * A project's GitHub repository as the cloud sees it (admins and owners only). `app`: whether the
 * cloud's GitHub App is `installed` on the repository, `missing` from it (`installUrl`, if known, is
 * where to install it), or `none` when the cloud has no GitHub App; null without a repository.
 */
export type RepositoryStatus = {
  repository: string | null;
  app: 'installed' | 'missing' | 'none' | null;
  installUrl: string | null;
};

/** An invitation waiting to be used; `expiresAt` in Unix seconds. */
export type Invitation = { id: string; email: string; role: Role; expiresAt: number };

export type Team = {
  slug: string;
  name: string;
  images: boolean;
  multiplayer: boolean;
  /** The caller's role in the team. */
  role: Role;
  members: Member[];
  projects: Project[];
  /** Admins and owners only; empty for everyone else. */
  invitations: Invitation[];
};

/** One thing that happened in a team; `actor` is a user id (null: the cloud's console), `at` Unix seconds. */
export type AuditEvent = { actor: string | null; action: string; detail: string; at: number };

/** What the consent page shows about an authorization request. */
export type Authorization = {
  origin: string;
  project: { name: string; clientId: string };
  team: { name: string; slug: string };
  user: User;
  /** Whether the person signed in belongs to the project's team. */
  member: boolean;
};

/** What an invitation or password link is for, before it is used. */
export type LinkInfo = {
  kind: 'invitation' | 'password';
  team: string;
  email: string;
  role: Role | null;
  /** Whether the email has an account already (an invitation then adds the team to it). */
  hasAccount: boolean;
};

export type FirstOwner = { token: string; email: string; name: string; password: string; teamSlug: string; teamName: string };

/** What a person gives when they use a link: a new account's name and password, or a new password. */
export type LinkUse = { token: string; name?: string; password?: string };

export type NewProject = { slug: string; name: string; origins: string[] };

/**
 * A link handed out and whether it went to the person by email; `mailError` says why an email
 * could not be sent (none: the cloud has no mail server, or it was sent).
 */
export type HandedOutLink = { link: string; emailed: boolean; mailError?: string };

/** A browser signed in to the account; `createdAt` in Unix seconds, `current` the one asking. */
export type AccountSession = { id: string; createdAt: number; userAgent: string; current: boolean };

/** A passkey of the account; `createdAt` and `lastUsedAt` in Unix seconds. */
export type Passkey = { id: string; name: string; createdAt: number; lastUsedAt: number | null };

/**
 * An image of a project's library: `src` is its stable address on the cloud (transforms are asked
 * by query), `width` and `height` in pixels, `size` in bytes, `alt` empty when none was written,
 * `createdAt` in Unix milliseconds.
 */
export type LibraryImage = { id: string; name: string; alt: string; width: number; height: number; size: number; createdAt: number; src: string };

/** A page of a library's images, newest first, and how many match in all. */
export type ImagePage = { images: LibraryImage[]; total: number };

/** What the cloud answers for an image it took. */
export type UploadedImage = { src: string; width: number; height: number };

/** A WebAuthn ceremony the cloud started: its id, to send back, and the browser's options. */
export type Ceremony<Options> = { ceremony: string; publicKey: Options };

/** `network` is the client's own code: the request got no answer. */
export class CloudError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = 'CloudError';
    this.status = status;
    this.code = code;
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A call with a JSON body, if any. */
function call<T>(method: Method, path: string, body?: unknown): Promise<T> {
  return send<T>(method, path, body === undefined ? undefined : { type: 'application/json', content: JSON.stringify(body) });
}

/** A call with `body` sent as it is (JSON text, a file), under its content type. */
async function send<T>(method: Method, path: string, body?: { type: string; content: BodyInit }): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? {} : { 'content-type': body.type },
      body: body?.content,
    });
  } catch (error) {
    throw new CloudError(0, 'network', String(error));
  }
  const text = await response.text();
  if (!response.ok) throw errorOf(response.status, response.statusText, text);
  return (text === '' ? undefined : JSON.parse(text)) as T;
}

function errorOf(status: number, statusText: string, text: string): CloudError {
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body === 'object' && body !== null && 'code' in body && 'message' in body) {
      return new CloudError(status, String(body.code), String(body.message));
    }
  } catch {
    // Not the cloud's JSON: a proxy in between answered.
  }
  return new CloudError(status, 'http', text.trim() || `${status} ${statusText}`.trim());
}

/** A path segment as it must be sent. */
const segment = encodeURIComponent;
const teamPath = (slug: string) => `/api/teams/${segment(slug)}`;

/** The person signed in; a 401 when no one is. */
export const session = () => call<{ user: User }>('GET', '/api/session');

export const signIn = (email: string, password: string) => call<{ user: User }>('POST', '/api/session', { email, password });

export const signOut = () => call<void>('DELETE', '/api/session');

/** Starts signing in with a passkey (any of the cloud's: no email asked); a 400 when the cloud offers none. */
export const passkeySignInOptions = () => call<Ceremony<RequestOptionsJSON>>('POST', '/api/session/passkey/options');

export const signInWithPasskey = (ceremony: string, credential: AssertionJSON) =>
  call<{ user: User }>('POST', '/api/session/passkey', { ceremony, credential });

/** The largest picture the cloud takes, in bytes; a larger one is refused before it is read. */
export const PICTURE_MAX = 5 * 1024 * 1024;

/** Makes `picture` (PNG, JPEG, WebP or GIF) the account's, sent as it is; the cloud cuts it square. */
export const setPicture = (picture: Blob) =>
  send<{ user: User }>('PUT', '/api/account/avatar', { type: picture.type || 'application/octet-stream', content: picture });

export const removePicture = () => call<{ user: User }>('DELETE', '/api/account/avatar');

/** Ends every session of the person and revokes the tokens their admins hold. */
export const signOutEverywhere = () => call<void>('DELETE', '/api/sessions');

export const rename = (name: string) => call<{ user: User }>('PUT', '/api/account', { name });

/** Also ends every other session of the person. */
export const changePassword = (current: string, password: string) => call<void>('PUT', '/api/account/password', { current, password });

/** Newest first. */
export const accountSessions = () => call<{ sessions: AccountSession[] }>('GET', '/api/account/sessions');

export const endSession = (id: string) => call<void>('DELETE', `/api/account/sessions/${segment(id)}`);

/** Newest first; `available` false when the cloud cannot offer passkeys (reached at an IP address). */
export const accountPasskeys = () => call<{ available: boolean; passkeys: Passkey[] }>('GET', '/api/account/passkeys');

/** Starts adding a passkey to the account. */
export const passkeyOptions = () => call<Ceremony<CreationOptionsJSON>>('POST', '/api/account/passkeys/options');

export const addPasskey = (ceremony: string, name: string, credential: AttestationJSON) =>
  call<{ passkey: Passkey }>('POST', '/api/account/passkeys', { ceremony, name, credential });

export const removePasskey = (id: string) => call<void>('DELETE', `/api/account/passkeys/${segment(id)}`);

/** The cloud's GitHub App, once it has one: its slug on GitHub and where to install it. */
export type GithubAppMade = { slug: string; installUrl: string | null };

/** What the form that makes the app needs: its state, where GitHub is, and the cloud's address. */
export type GithubAppForm = { state: string; githubUrl: string; origin: string };

export const githubApp = () => call<{ app: GithubAppMade | null }>('GET', '/api/github-app');

/** A state for the one-time link `token`; a 403 when the link is spent or is not one. */
export const githubAppState = (token: string) => call<GithubAppForm>('POST', '/api/github-app/state', { token });

export const completeSetup = (form: FirstOwner) => call<{ user: User }>('POST', '/api/setup', form);

/** `query` is the authorization request's query string, as `/oauth/authorize` passed it on. */
export const authorization = (query: string) => call<Authorization>('GET', `/api/authorize?${query.replace(/^\?/, '')}`);

/** Consent given: the address to send the browser to, with the code. */
export const authorize = (params: Record<string, string>) => call<{ redirect: string }>('POST', '/api/authorize', params);

export const lookUpLink = (token: string) => call<LinkInfo>('GET', `/api/links/${segment(token)}`);

export const spendLink = (given: LinkUse) => call<{ user: User }>('POST', '/api/links', given);

export const myTeams = () => call<{ teams: TeamOfMine[] }>('GET', '/api/teams');

export const team = (slug: string) => call<Team>('GET', teamPath(slug));

/** Owners only: the team, its projects and every sign-in to them end. */
export const deleteTeam = (slug: string) => call<void>('DELETE', teamPath(slug));

export const setFlags = (slug: string, flags: { images: boolean; multiplayer: boolean }) =>
  call<void>('PUT', `${teamPath(slug)}/flags`, flags);

export const setRole = (slug: string, userId: string, role: Role) =>
  call<void>('PUT', `${teamPath(slug)}/members/${segment(userId)}`, { role });

export const removeMember = (slug: string, userId: string) => call<void>('DELETE', `${teamPath(slug)}/members/${segment(userId)}`);

export const passwordLink = (slug: string, userId: string) =>
  call<HandedOutLink>('POST', `${teamPath(slug)}/members/${segment(userId)}/password-link`);

export const invite = (slug: string, email: string, role: Role) =>
  call<HandedOutLink>('POST', `${teamPath(slug)}/invitations`, { email, role });

export const withdraw = (slug: string, id: string) => call<void>('DELETE', `${teamPath(slug)}/invitations/${segment(id)}`);

export const createProject = (slug: string, project: NewProject) =>
  call<{ id: string; name: string; origins: string[] }>('POST', `${teamPath(slug)}/projects`, project);

export const renameProject = (slug: string, project: string, name: string) =>
  call<{ name: string }>('PUT', `${teamPath(slug)}/projects/${segment(project)}`, { name });

export const setOrigins = (slug: string, project: string, origins: string[]) =>
  call<{ origins: string[] }>('PUT', `${teamPath(slug)}/projects/${segment(project)}/origins`, { origins });

export const projectRepository = (slug: string, project: string) =>
  call<RepositoryStatus>('GET', `${teamPath(slug)}/projects/${segment(project)}/repository`);

/** Connects `repository` (`owner/name`) to the project, or disconnects it when empty. */
export const connectRepository = (slug: string, project: string, repository: string) =>
  call<RepositoryStatus>('PUT', `${teamPath(slug)}/projects/${segment(project)}/repository`, { repository });

export const auditLog = (slug: string) => call<{ events: AuditEvent[] }>('GET', `${teamPath(slug)}/audit`);

const imagesPath = (slug: string, project: string) => `${teamPath(slug)}/projects/${segment(project)}/images`;

/** The most images one page of a library may hold. */
export const IMAGE_PAGE_MAX = 100;

/** The largest image the cloud takes, in bytes. */
export const IMAGE_MAX = 10 * 1024 * 1024;

/** The kinds of file the cloud takes as images (it checks their bytes too). */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

/** Images whose name or alt text holds `q` (any case; every image when empty), newest first. */
export const images = (slug: string, project: string, page: { q: string; offset: number; limit: number }) =>
  call<ImagePage>(
    'GET',
    `${imagesPath(slug, project)}?${new URLSearchParams({ q: page.q, offset: String(page.offset), limit: String(page.limit) })}`,
  );

export const setImageAlt = (slug: string, project: string, id: string, alt: string) =>
  call<void>('PATCH', `${imagesPath(slug, project)}/${segment(id)}`, { alt });

export const deleteImage = (slug: string, project: string, id: string) => call<void>('DELETE', `${imagesPath(slug, project)}/${segment(id)}`);

/**
 * Sends `file` to the project's library as the form field `image`, telling `onProgress` the part
 * sent so far (0 to 1). An XMLHttpRequest, since fetch says nothing of an upload's progress; a
 * refusal rejects with the cloud's `CloudError`, as every other call does.
 */
export function uploadImage(slug: string, project: string, file: File, onProgress: (sent: number) => void): Promise<UploadedImage> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PUT', imagesPath(slug, project));
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status < 200 || request.status >= 300) {
        reject(errorOf(request.status, request.statusText, request.responseText));
        return;
      }
      try {
        resolve(JSON.parse(request.responseText) as UploadedImage);
      } catch (error) {
        reject(new CloudError(request.status, 'http', String(error)));
      }
    };
    request.onerror = () => reject(new CloudError(0, 'network', 'The upload got no answer.'));
    request.onabort = () => reject(new CloudError(0, 'network', 'The upload was stopped.'));
    const form = new FormData();
    form.append('image', file, file.name);
    request.send(form);
  });
}
