// Drafts as the admin keeps them in the browser (IndexedDB).

/** Whether a draft in the page's IndexedDB holds `text` in one of its files (false when it cannot tell). */
function hasDraftWith(text) {
  return new Promise((resolve) => {
    const request = indexedDB.open('keystatic');
    // Before the admin made its database, looking must not make an empty one in its place.
    request.onupgradeneeded = () => request.transaction.abort();
    request.onerror = () => resolve(false);
    request.onsuccess = () => {
      const db = request.result;
      try {
        const read = db.transaction('items').objectStore('items').getAll();
        read.onerror = () => resolve(false);
        read.onsuccess = () => {
          const decoder = new TextDecoder();
          const drafts = read.result.filter((value) => value?.files instanceof Map);
          resolve(drafts.some((draft) => [...draft.files.values()].some((bytes) => decoder.decode(bytes).includes(text))));
          db.close();
        };
      } catch {
        db.close();
        resolve(false);
      }
    };
  });
}

/** Waits until a draft holding `text` is in IndexedDB. */
export async function draftKept(page, text, timeout = 10_000) {
  // Polled here: waitForFunction would take the pending promise for a true answer.
  const deadline = Date.now() + timeout;
  while (!(await page.evaluate(hasDraftWith, text))) {
    if (Date.now() > deadline) throw new Error(`no draft holds ${JSON.stringify(text)}`);
    await page.waitForTimeout(100);
  }
}
