/**
 * Typed calls to Quire's HTTP API (docs/api.md). Every request sends `no-cors: 1`, as the server
 * requires. Reads take the branch to read (null: local storage, or the default branch). With
 * storage that people sign in to, a call answered 401 renews the sign-in once and is sent again;
 * when that fails, `signedOut` tells the admin to ask the person to sign in. The sign-in's routes are
 * those of the site's provider (GitHub or a cloud), learned from the config or from a refusal.
 */
import { t } from '../lib/messages/format';
import { takeEarly } from './early';
import { ApiError } from './error';
import type {
  BranchList,
  CommitRequest,
  CommitResponse,
  ConfigResponse,
  CreatedBranch,
  EntryFilesResponse,
  EntryListResponse,
  PullRequest,
  PullRequestResponse,
  SignInProvider,
  SlugsResponse,
  Summary,
  TreeResponse,
} from './wire';

export const API_BASE = '/api/keystatic/v1';

/** Rows of a list asked for at a time: a few screens' worth. */
export const LIST_PAGE_SIZE = 50;

/** The config, and who is signed in (null without sign-in). */
export async function fetchConfig(): Promise<ConfigResponse> {
  const response = await getJson<ConfigResponse>('/config');
  const provider = response.capabilities.signIn;
  if (provider !== null) signIn = { provider, cloudUrl: response.cloud?.url ?? signIn.cloudUrl };
  return response;
}

/** Who the site's people sign in with, and the cloud's address when that is a cloud. */
export type SignIn = { provider: SignInProvider; cloudUrl: string | null };

/**
 * GitHub until told otherwise. A refusal tells it too: when the config itself is refused, the
 * admin has no config to ask (its `details.signIn` and `details.cloudUrl`).
 */
let signIn: SignIn = { provider: 'github', cloudUrl: null };

export function currentSignIn(): SignIn {
  return signIn;
}

/** The sign-in a refusal names in its details; null when it names none (or not one of ours). */
export function signInOf(error: ApiError): SignIn | null {
  const { signIn: provider, cloudUrl } = error.details;
  if (provider !== 'github' && provider !== 'cloud') return null;
  return { provider, cloudUrl: typeof cloudUrl === 'string' ? cloudUrl : null };
}

/** Fired on `window` when a sign-in ran out and could not be renewed. */
export const SIGNED_OUT = 'quire:signed-out';

/** The admin's route the browser is on (below `/keystatic/`), as its words. */
export function currentRoute(): string {
  const route = window.location.pathname.replace(/^\/keystatic\/?/, '');
  try {
    return decodeURI(route);
  } catch {
    // Not percent-encoding that decodes: kept as it is.
    return route;
  }
}

/**
 * Where the browser goes to sign in with the site's provider (or `provider`: a cloud beside GitHub's
 * sign-in, for its images), coming back to the admin's `route`.
 */
export function signInHref(route: string, provider: SignIn['provider'] = signIn.provider): string {
  const from = route.replace(/^\/+/, '');
  const login = `/api/keystatic/${provider}/login`;
  return from === '' ? login : `${login}?from=${encodeURIComponent(from)}`;
}

/** The sign-in's routes: `/api/keystatic/{provider}/…`. */
function signInBase(): string {
  return `/api/keystatic/${signIn.provider}`;
}

/**
 * Ends the sign-in (the server revokes the token and closes the person's sockets), then starts the
 * admin afresh. A same-origin POST, as every change is: no other page can sign a person out.
 */
export async function signOut(): Promise<void> {
  try {
    await request(`${signInBase()}/logout`, {
      method: 'POST',
      headers: { 'no-cors': '1', 'content-type': 'application/json' },
      body: '{}',
    });
  } finally {
    // Signed out or not, the admin shows where the person stands.
    window.location.assign('/keystatic');
  }
}

export async function fetchTree(branch: string | null): Promise<TreeResponse> {
  return getJson<TreeResponse>(onBranch('/tree', branch));
}

export async function fetchSummary(branch: string | null): Promise<Summary> {
  return getJson<Summary>(onBranch('/summary', branch));
}

/** Which rows of a list, in which order; without `limit`, every row. */
export type EntriesQuery = {
  search?: string;
  /** A column's id (a field key, `__slug` or `__status`). */
  sort?: string;
  direction?: 'ascending' | 'descending';
  offset?: number;
  limit?: number;
};

export async function fetchEntries(collection: string, branch: string | null, query: EntriesQuery = {}): Promise<EntryListResponse> {
  return getJson<EntryListResponse>(entriesPath(collection, branch, query));
}

/** The path of a list request (the early first page is asked for by the same one). */
export function entriesPath(collection: string, branch: string | null, query: EntriesQuery): string {
  return onBranch(withQuery(`/collections/${encodeURIComponent(collection)}/entries`, query), branch);
}

/** `path` with the query's set values as parameters. */
function withQuery(path: string, query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return params.size === 0 ? path : `${path}?${params}`;
}

/** A collection entry (by slug) or a singleton. */
export type EntryRef = { collection: string; slug: string } | { singleton: string };

/** Where the files of one entry's area are asked for. */
export function entryFilesPath(entry: EntryRef, branch: string | null): string {
  const path =
    'singleton' in entry
      ? `/singletons/${encodeURIComponent(entry.singleton)}`
      : `/collections/${encodeURIComponent(entry.collection)}/entries/${entry.slug.split('/').map(encodeURIComponent).join('/')}`;
  return onBranch(path, branch);
}

/** The files of one entry's area, with the texts of its data and content files. */
export async function fetchEntryFiles(entry: EntryRef, branch: string | null): Promise<EntryFilesResponse> {
  return getJson<EntryFilesResponse>(entryFilesPath(entry, branch));
}

/** Which slugs: those beginning with `prefix` (as written), containing `search` (any case), the first `limit`. */
export type SlugsQuery = { prefix?: string; search?: string; limit: number };

/** Some of a collection's slugs (never all: the list grows with the site), and the head. */
export async function fetchSlugs(collection: string, branch: string | null, query: SlugsQuery): Promise<SlugsResponse> {
  return getJson<SlugsResponse>(onBranch(withQuery(`/collections/${encodeURIComponent(collection)}/slugs`, query), branch));
}

/** The bytes of the blob `sha` at `path`; a failure names the blob and the status, in the spec's words. */
export async function fetchBlob(sha: string, path: string, branch: string | null): Promise<Uint8Array> {
  const encodedPath = path.split('/').map(encodeURIComponent).join('/');
  let response: Response;
  try {
    response = await send(onBranch(`/blob/${sha}/${encodedPath}`, branch), { headers: { 'no-cors': '1' } });
  } catch (error) {
    if (!(error instanceof ApiError) || error.code === 'unauthorized') throw error;
    throw new ApiError(error.status, error.code, t('blob.fetchFailed', { sha, path, status: error.status }), error.details);
  }
  return new Uint8Array(await response.arrayBuffer());
}

/** Commits a change set; answers the new tree and head, and what went wrong after it landed. */
export async function commit(changes: CommitRequest): Promise<CommitResponse> {
  return postJson<CommitResponse>('/commit', changes);
}

export async function fetchBranches(): Promise<BranchList> {
  return getJson<BranchList>('/branches');
}

/** Creates `name` at the commit `from` (the default branch's head when null). */
export async function createBranch(name: string, from: string | null): Promise<CreatedBranch> {
  return postJson<CreatedBranch>('/branches', from === null ? { name } : { name, from });
}

/** The branch's open pull request, on storage whose host has them; null when there is none. */
export async function fetchPullRequest(branch: string): Promise<PullRequest | null> {
  return (await getJson<PullRequestResponse>(onBranch('/pull-request', branch))).pullRequest;
}

export async function deleteBranch(name: string): Promise<void> {
  await send(`/branches/${name.split('/').map(encodeURIComponent).join('/')}`, {
    method: 'DELETE',
    headers: { 'no-cors': '1', 'content-type': 'application/json' },
  });
}

function onBranch(path: string, branch: string | null): string {
  if (branch === null) return path;
  return `${path}${path.includes('?') ? '&' : '?'}branch=${encodeURIComponent(branch)}`;
}

async function getJson<T>(path: string): Promise<T> {
  const response = await send(path, { headers: { 'no-cors': '1' } });
  return (await response.json()) as T;
}

async function postJson<T>(path: string, body: unknown): Promise<T> {
  const response = await send(path, {
    method: 'POST',
    headers: { 'no-cors': '1', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await response.json()) as T;
}

async function send(path: string, init: RequestInit): Promise<Response> {
  const early = init.method === undefined ? takeEarly(`${API_BASE}${path}`) : undefined;
  let response = await (early?.catch(() => request(`${API_BASE}${path}`, init)) ?? request(`${API_BASE}${path}`, init));
  if (response.status === 401) {
    // The refusal names the provider to renew with, before any config has said it.
    learnSignIn(await ApiError.fromResponse(response.clone()));
    const renewal = await renewSignIn();
    // Only the provider's refusal ends the sign-in; a renewal that could not be made (busy, offline) is
    // an error to try again, with the sign-in kept.
    if (renewal.status === 200) response = await request(`${API_BASE}${path}`, init);
    else if (renewal.status !== 401) throw renewal.error ?? new ApiError(renewal.status, 'internal', t('signIn.renewFailed'));
  }
  if (!response.ok) {
    const error = await ApiError.fromResponse(response);
    if (error.code === 'unauthorized') {
      learnSignIn(error);
      window.dispatchEvent(new Event(SIGNED_OUT));
    }
    throw error;
  }
  return response;
}

function learnSignIn(error: ApiError) {
  signIn = signInOf(error) ?? signIn;
}

async function request(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    throw new ApiError(0, 'network', error instanceof Error ? error.message : String(error));
  }
}

type Renewal = { status: number; error: ApiError | null };

/** One renewal at a time, however many calls were answered 401 together. */
let renewing: Promise<Renewal> | null = null;

function renewSignIn(): Promise<Renewal> {
  renewing ??= request(`${signInBase()}/refresh-token`, {
    method: 'POST',
    headers: { 'no-cors': '1', 'content-type': 'application/json' },
    body: '{}',
  })
    .then(async (response) => ({
      status: response.status,
      error: response.ok ? null : await ApiError.fromResponse(response),
    }))
    .catch((error: unknown) => ({ status: 0, error: error instanceof ApiError ? error : null }))
    .finally(() => {
      renewing = null;
    });
  return renewing;
}
