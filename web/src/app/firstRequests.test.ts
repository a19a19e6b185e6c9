import { describe, expect, it } from 'vitest';
import { LIST_PAGE_SIZE } from '../api/client';
import { firstRequests } from './firstRequests';

const API = '/api/keystatic/v1';

describe('the first requests of an address', () => {
  it('are the config alone on the dashboard and on addresses that are no screen', () => {
    expect(firstRequests('/keystatic')).toEqual([`${API}/config`]);
    expect(firstRequests('/keystatic/nothing/here')).toEqual([`${API}/config`]);
  });

  it("are the config and a list's first page, on its branch", () => {
    expect(firstRequests('/keystatic/branch/spring/collection/posts')).toEqual([
      `${API}/config`,
      `${API}/collections/posts/entries?offset=0&limit=${LIST_PAGE_SIZE}&branch=spring`,
    ]);
  });

  it("are the config and an entry's files, asked for by its address without waiting for the config", () => {
    expect(firstRequests('/keystatic/collection/posts/item/guides/first%20steps')).toEqual([
      `${API}/config`,
      `${API}/collections/posts/entries/guides/first%20steps`,
    ]);
    expect(firstRequests('/keystatic/branch/spring/singleton/settings')).toEqual([`${API}/config`, `${API}/singletons/settings?branch=spring`]);
  });
});
