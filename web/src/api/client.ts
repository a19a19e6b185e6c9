/** Typed calls to Quire's HTTP API (docs/api.md). Every request sends `no-cors: 1`, as the server requires. */
import type { Config } from './config';
import { ApiError } from './error';
import type {
  CommitRequest,
  ConfigResponse,
  EntryListItem,
  EntryListResponse,
  Summary,
  TreeEntry,
  TreeResponse,
} from './wire';

const BASE = '/api/keystatic/v1';

export async function fetchConfig(): Promise<Config> {
  return (await getJson<ConfigResponse>('/config')).config;
}

export async function fetchTree(): Promise<TreeEntry[]> {
  return (await getJson<TreeResponse>('/tree')).entries;
}

export async function fetchSummary(): Promise<Summary> {
  return getJson<Summary>('/summary');
}

export async function fetchEntries(collection: string): Promise<EntryListItem[]> {
  const response = await getJson<EntryListResponse>(`/collections/${encodeURIComponent(collection)}/entries`);
  return response.entries;
}

/** The bytes of the blob `sha` at `path`. */
export async function fetchBlob(sha: string, path: string): Promise<Uint8Array> {
  const encodedPath = path.split('/').map(encodeURIComponent).join('/');
  const response = await send(`/blob/${sha}/${encodedPath}`, { headers: { 'no-cors': '1' } });
  return new Uint8Array(await response.arrayBuffer());
}

/** Commits a change set; answers the new tree. */
export async function commit(changes: CommitRequest): Promise<TreeEntry[]> {
  const response = await send('/commit', {
    method: 'POST',
    headers: { 'no-cors': '1', 'content-type': 'application/json' },
    body: JSON.stringify(changes),
  });
  return ((await response.json()) as TreeResponse).entries;
}

async function getJson<T>(path: string): Promise<T> {
  const response = await send(path, { headers: { 'no-cors': '1' } });
  return (await response.json()) as T;
}

async function send(path: string, init: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(`${BASE}${path}`, init);
  } catch (error) {
    throw new ApiError(0, 'network', error instanceof Error ? error.message : String(error));
  }
  if (!response.ok) throw await ApiError.fromResponse(response);
  return response;
}
