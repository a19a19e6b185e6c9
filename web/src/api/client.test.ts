// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SIGNED_OUT, fetchTree, signInHref } from './client';
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
  it('comes back to a branch screen, and to the dashboard from anywhere else', () => {
    expect(signInHref('branch/main/collection/posts')).toBe(
      '/api/keystatic/github/login?from=branch%2Fmain%2Fcollection%2Fposts',
    );
    expect(signInHref('/')).toBe('/api/keystatic/github/login');
    expect(signInHref('collection/posts')).toBe('/api/keystatic/github/login');
  });
});
