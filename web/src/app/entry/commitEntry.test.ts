import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/error';
import type { CommitRequest, CommitResponse, TreeResponse } from '../../api/wire';
import { commitEntry, NeedsNewBranch } from './commitEntry';

const api = vi.hoisted(() => ({
  commit: vi.fn<(request: CommitRequest) => Promise<CommitResponse>>(),
  fetchTree: vi.fn<(branch: string | null) => Promise<TreeResponse>>(),
}));
vi.mock('../../api/client', () => api);

const POST = 'content/posts/hello.mdoc';
const OTHER = 'content/posts/other.mdoc';
const tree = new Map([
  [POST, 'sha-post'],
  [OTHER, 'sha-other'],
]);
const changes: CommitRequest = { additions: [{ path: POST, contents: 'eA==' }], deletions: [], expected: { [POST]: 'sha-post' } };
const entry = { changes, message: 'Update content/posts/hello', branch: 'main', tree, head: 'head-1', entryFiles: [POST] };
const blob = (path: string, sha: string) => ({ path, sha, mode: '100644' as const, type: 'blob' as const });
const conflict = new ApiError(409, 'conflict', 'moved');
const saved: CommitResponse = { changed: [], head: 'head-3', warnings: [] };

beforeEach(() => {
  api.commit.mockReset();
  api.fetchTree.mockReset();
});

describe('commitEntry', () => {
  it('names the branch, the loaded head and the message', async () => {
    api.commit.mockResolvedValueOnce(saved);
    await expect(commitEntry(entry)).resolves.toBe(saved);
    expect(api.commit).toHaveBeenCalledWith({ ...changes, branch: 'main', expectedHead: 'head-1', message: entry.message });
  });

  it('commits local storage as it is', async () => {
    api.commit.mockResolvedValueOnce(saved);
    await commitEntry({ ...entry, branch: null, head: null });
    expect(api.commit).toHaveBeenCalledWith(changes);
  });

  it('follows a moved branch when the entry files are unchanged', async () => {
    api.commit.mockRejectedValueOnce(conflict).mockResolvedValueOnce(saved);
    api.fetchTree.mockResolvedValueOnce({ entries: [blob(POST, 'sha-post'), blob(OTHER, 'sha-changed')], head: 'head-2' });
    await expect(commitEntry(entry)).resolves.toBe(saved);
    expect(api.fetchTree).toHaveBeenCalledWith('main');
    expect(api.commit).toHaveBeenLastCalledWith(expect.objectContaining({ expectedHead: 'head-2' }));
  });

  it('needs a new branch when the entry changed meanwhile', async () => {
    api.commit.mockRejectedValueOnce(conflict);
    api.fetchTree.mockResolvedValueOnce({ entries: [blob(POST, 'sha-theirs'), blob(OTHER, 'sha-other')], head: 'head-2' });
    await expect(commitEntry(entry)).rejects.toThrow(
      expect.objectContaining({
        reason: 'stale',
        message: 'This entry has been updated since it was opened. Create a new branch to save changes.',
      }),
    );
  });

  it('needs a new branch when one of its files appeared meanwhile', async () => {
    const created = { ...entry, changes: { ...changes, expected: { [POST]: null } }, entryFiles: [], tree: new Map() };
    api.commit.mockRejectedValueOnce(conflict);
    api.fetchTree.mockResolvedValueOnce({ entries: [blob(POST, 'sha-theirs')], head: 'head-2' });
    await expect(commitEntry(created)).rejects.toBeInstanceOf(NeedsNewBranch);
  });

  it('needs a new branch on a protected branch', async () => {
    api.commit.mockRejectedValueOnce(new ApiError(409, 'protected_branch', 'via pull request'));
    await expect(commitEntry(entry)).rejects.toThrow(
      expect.objectContaining({
        reason: 'protected',
        message: 'Changes must be made via pull request to this branch. Create a new branch to save changes.',
      }),
    );
  });

  it('gives up on a conflict the head does not explain, and on other errors', async () => {
    api.commit.mockRejectedValueOnce(conflict);
    api.fetchTree.mockResolvedValueOnce({ entries: [blob(POST, 'sha-post')], head: 'head-1' });
    await expect(commitEntry(entry)).rejects.toBe(conflict);
    const invalid = new ApiError(422, 'invalid_content', 'bad');
    api.commit.mockRejectedValueOnce(invalid);
    await expect(commitEntry(entry)).rejects.toBe(invalid);
  });
});
