// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIST_PAGE_SIZE, SIGNED_OUT, currentSignIn, fetchBlob, fetchConfig, fetchEntries, fetchTree, signInHref, signOut } from './client';
import { sendEarly } from './early';
import { ApiError } from './error';

type Answer = { status: number; body: unknown };

/** A server that answers each URL from a queue, and records what was asked. */
function serve(answers: Record<string, Answer[]>) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      const answer = answers[url]?.shift();
      if (answer === undefined) throw new Error(`unexpected ${url}`);
      return new Response(JSON.stringify(answer.body), { status: answer.status });
    }),
  );
  return asked;
}

const TREE = '/api/keystatic/v1/tree';
const REFRESH = '/api/keystatic/github/refresh-token';
const unauthorized = { status: 401, body: { code: 'unauthorized', message: 'Sign in to use the admin', details: null } };
const tree = { status: 200, body: { entries: [], head: 'abc' } };

afterEach(() => vi.unstubAllGlobals());

describe('a sign-in that ran out', () => {
  it('is renewed once and the call sent again', async () => {
    const asked = serve({ [TREE]: [unauthorized, tree], [REFRESH]: [{ status: 200, body: {} }] });
    expect(await fetchTree(null)).toEqual(tree.body);
    expect(asked).toEqual([TREE, REFRESH, TREE]);
  });

  it('that cannot be renewed tells the admin to ask for a sign-in', async () => {
    serve({ [TREE]: [unauthorized], [REFRESH]: [unauthorized] });
    const signedOut = vi.fn();
    window.addEventListener(SIGNED_OUT, signedOut);
    const error = await fetchTree(null).catch((e: unknown) => e);
    window.removeEventListener(SIGNED_OUT, signedOut);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('unauthorized');
    expect(signedOut).toHaveBeenCalledOnce();
  });

  it('that could not be renewed just now keeps the sign-in and says why', async () => {
    serve({
      [TREE]: [unauthorized],
      [REFRESH]: [{ status: 502, body: { code: 'storage_unavailable', message: 'GitHub could not be reached', details: null } }],
    });
    const signedOut = vi.fn();
    window.addEventListener(SIGNED_OUT, signedOut);
    const error = await fetchTree(null).catch((e: unknown) => e);
    window.removeEventListener(SIGNED_OUT, signedOut);
    expect((error as ApiError).message).toBe('GitHub could not be reached');
    expect(signedOut).not.toHaveBeenCalled();
  });

  it('is renewed once for all the calls answered 401 together', async () => {
    const asked = serve({
      [TREE]: [unauthorized, unauthorized, tree, tree],
      [REFRESH]: [{ status: 200, body: {} }],
    });
    await Promise.all([fetchTree(null), fetchTree(null)]);
    expect(asked.filter((url) => url === REFRESH)).toHaveLength(1);
  });
});

describe('signInHref', () => {
  it('comes back to the screen it left, and to the dashboard from the dashboard', () => {
    expect(signInHref('branch/main/collection/posts')).toBe(
      '/api/keystatic/github/login?from=branch%2Fmain%2Fcollection%2Fposts',
    );
    expect(signInHref('/')).toBe('/api/keystatic/github/login');
    // A site whose content is its own, where signing in to a cloud is optional.
    expect(signInHref('collection/posts')).toBe('/api/keystatic/github/login?from=collection%2Fposts');
  });
});

describe('a site whose people sign in to a cloud', () => {
  const CONFIG = '/api/keystatic/v1/config';
  const CLOUD_REFRESH = '/api/keystatic/cloud/refresh-token';
  const cloud = { url: 'http://127.0.0.1:8790', project: 'team/site', team: 'Team', accountUrl: 'http://127.0.0.1:8790/account', imageLibraryUrl: null, multiplayer: false };
  const config = (signIn: 'github' | 'cloud', session: typeof cloud | null) => ({
    status: 200,
    body: { config: {}, user: null, repository: null, capabilities: { branches: null, namedAuthors: false, signIn }, cloud: session },
  });
  const refused = { status: 401, body: { code: 'unauthorized', message: 'Sign in to use the admin', details: { signIn: 'cloud', cloudUrl: cloud.url } } };

  // The provider is the module's for as long as the page lives: each case starts from GitHub's.
  afterEach(async () => {
    serve({ [CONFIG]: [config('github', null)] });
    await fetchConfig();
    vi.unstubAllGlobals();
  });

  it("signs in, renews and signs out through the cloud's routes once the config says so", async () => {
    const asked = serve({ [CONFIG]: [config('cloud', cloud)], [TREE]: [unauthorized, tree], [CLOUD_REFRESH]: [{ status: 200, body: {} }] });
    await fetchConfig();
    expect(currentSignIn()).toEqual({ provider: 'cloud', cloudUrl: cloud.url });
    expect(signInHref('branch/main')).toBe('/api/keystatic/cloud/login?from=branch%2Fmain');
    expect(signInHref('/')).toBe('/api/keystatic/cloud/login');
    await fetchTree(null);
    expect(asked).toEqual([CONFIG, TREE, CLOUD_REFRESH, TREE]);
  });

  it('learns the cloud from the refusal of the config itself, and renews with it', async () => {
    const asked = serve({ [CONFIG]: [refused], [CLOUD_REFRESH]: [refused] });
    const signedOut = vi.fn();
    window.addEventListener(SIGNED_OUT, signedOut);
    const error = await fetchConfig().catch((e: unknown) => e);
    window.removeEventListener(SIGNED_OUT, signedOut);
    expect((error as ApiError).code).toBe('unauthorized');
    expect(asked).toEqual([CONFIG, CLOUD_REFRESH]);
    expect(signedOut).toHaveBeenCalledOnce();
    expect(currentSignIn()).toEqual({ provider: 'cloud', cloudUrl: cloud.url });
    expect(signInHref('/')).toBe('/api/keystatic/cloud/login');
  });

  it('signs out of the cloud', async () => {
    const asked = serve({ [CONFIG]: [config('cloud', cloud)], '/api/keystatic/cloud/logout': [{ status: 200, body: {} }] });
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    await fetchConfig();
    await signOut();
    expect(asked).toEqual([CONFIG, '/api/keystatic/cloud/logout']);
    expect(assign).toHaveBeenCalledWith('/keystatic');
    assign.mockRestore();
  });
});

describe('the early first page', () => {
  const PAGE = `/api/keystatic/v1/collections/posts/entries?offset=0&limit=${LIST_PAGE_SIZE}&branch=main`;
  const page = (total: number) => ({ status: 200, body: { entries: [], total, removed: null } });

  it("answers the list's first request in the server's order, once", async () => {
    const asked = serve({ [PAGE]: [page(1), page(2)] });
    sendEarly(PAGE);
    const first = await fetchEntries('posts', 'main', { offset: 0, limit: LIST_PAGE_SIZE });
    const again = await fetchEntries('posts', 'main', { offset: 0, limit: LIST_PAGE_SIZE });
    expect([first.total, again.total]).toEqual([1, 2]);
    expect(asked).toEqual([PAGE, PAGE]);
  });

  it('is not used after the first seconds, when the rows may have changed', async () => {
    const asked = serve({ [PAGE]: [page(1), page(2)] });
    sendEarly(PAGE);
    vi.spyOn(performance, 'now').mockReturnValue(60_000);
    expect((await fetchEntries('posts', 'main', { offset: 0, limit: LIST_PAGE_SIZE })).total).toBe(2);
    expect(asked).toEqual([PAGE, PAGE]);
    vi.restoreAllMocks();
  });

  it('that failed is sent again', async () => {
    const asked = serve({ [PAGE]: [page(3)] });
    vi.mocked(fetch).mockRejectedValueOnce(new TypeError('offline'));
    sendEarly(PAGE);
    expect((await fetchEntries('posts', 'main', { offset: 0, limit: LIST_PAGE_SIZE })).total).toBe(3);
    expect(asked).toEqual([PAGE]);
  });
});

describe('a blob that cannot be fetched', () => {
  it('is named with its path and the status, in the spec’s words', async () => {
    serve({
      '/api/keystatic/v1/blob/abc123/content/posts/a%20b.mdoc': [{ status: 404, body: { code: 'not_found', message: 'No such blob', details: null } }],
    });
    const error = await fetchBlob('abc123', 'content/posts/a b.mdoc', null).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Could not fetch blob abc123 (content/posts/a b.mdoc): 404');
    expect((error as ApiError).code).toBe('not_found');
  });
});
