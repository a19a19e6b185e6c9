/**
 * Drafts in IndexedDB, in Keystatic's database and store (`keystatic` / `items`). A browser without
 * IndexedDB (or refusing it) keeps no drafts: editing never fails for their sake.
 */
import { createStore, del, get, set } from 'idb-keyval';
import type { UseStore } from 'idb-keyval';
import { readStoredDraft } from './storedDraft';
import type { DraftKey, StoredDraft } from './storedDraft';

let store: UseStore | null = null;

function draftStore(): UseStore {
  store ??= createStore('keystatic', 'items');
  return store;
}

// IndexedDB keys may be arrays; its types only want them mutable.
const idbKey = (key: DraftKey) => key as unknown as IDBValidKey;

export async function getDraft(key: DraftKey): Promise<StoredDraft | null> {
  try {
    return readStoredDraft(await get(idbKey(key), draftStore()));
  } catch {
    return null;
  }
}

export async function setDraft(key: DraftKey, draft: StoredDraft): Promise<void> {
  try {
    await set(idbKey(key), draft, draftStore());
  } catch (error) {
    console.warn('The draft could not be kept', error);
  }
}

export async function deleteDraft(key: DraftKey): Promise<void> {
  try {
    await del(idbKey(key), draftStore());
  } catch (error) {
    console.warn('The draft could not be removed', error);
  }
}
