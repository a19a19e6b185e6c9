// Live collaboration between two people, each in their own browser: presence on the dashboard,
// the list, the entry and the field; the socket's state.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openBrowser } from '../helpers/browser.mjs';
import { startSite } from '../helpers/site.mjs';

const ENTRY = '/keystatic/collection/posts/item/collections-and-singletons';

/** Two people (named in their browsers, as the name dialog keeps it) on one site. */
async function together(body, options = {}) {
  const site = await startSite(options.site, { files: options.files });
  const people = [];
  try {
    for (const name of ['Ada Lovelace', 'Grace Hopper']) {
      const browser = await openBrowser();
      await browser.context.addInitScript((chosen) => localStorage.setItem('quire-collab-name', chosen), name);
      people.push(browser);
    }
    await body({ site, ada: people[0].page, grace: people[1].page, graceBrowser: people[1] });
  } finally {
    for (const person of people) await person.close().catch(() => {});
    await site.stop();
  }
}

test('two people see each other on the dashboard, the list, the entry and the field', () =>
  together(async ({ site, ada, grace, graceBrowser }) => {
    await ada.goto(site.url + ENTRY);
    await ada.locator('.collab-state-connected').waitFor();

    await grace.goto(`${site.url}/keystatic`);
    const postsCard = grace.locator('.dashboard-card', { has: grace.getByRole('link', { name: 'Posts', exact: true }) });
    await postsCard.getByRole('list', { name: 'People here' }).getByText('Ada Lovelace').waitFor();
    const pagesCard = grace.locator('.dashboard-card', { has: grace.getByRole('link', { name: 'Pages', exact: true }) });
    assert.equal(await pagesCard.getByRole('list', { name: 'People here' }).count(), 0, 'not on other collections');

    await postsCard.getByRole('link', { name: 'Posts', exact: true }).click();
    const row = grace.locator('tr', { has: grace.locator('a[href$="/item/collections-and-singletons"]') });
    await row.locator('.row-people [title="Ada Lovelace"]').waitFor();
    await grace.screenshot({ path: '/tmp/shots/collab-list.png' });

    await row.getByRole('link').click();
    await grace.getByRole('list', { name: 'People here' }).getByText('Ada Lovelace').waitFor();
    await grace.getByText('Live', { exact: true }).waitFor();
    await ada.getByRole('list', { name: 'People here' }).getByText('Grace Hopper').waitFor();

    // Ada goes into the title field: Grace sees her there, and nowhere else.
    await ada.getByRole('textbox', { name: 'Title' }).focus();
    const title = grace.locator('[data-field="title"]');
    await title.getByRole('list', { name: 'Editing this field' }).getByText('Ada Lovelace').waitFor();
    assert.equal(await grace.locator('[data-field="publishedDate"]').getByRole('list', { name: 'Editing this field' }).count(), 0);
    await grace.screenshot({ path: '/tmp/shots/collab-entry.png' });
    await ada.getByRole('textbox', { name: 'Published date' }).focus().catch(async () => {
      await ada.locator('[data-field="publishedDate"] [role="spinbutton"]').first().focus();
    });
    await grace.locator('[data-field="publishedDate"]').getByRole('list', { name: 'Editing this field' }).getByText('Ada Lovelace').waitFor();
    await title.getByRole('list', { name: 'Editing this field' }).waitFor({ state: 'detached' });

    // Grace leaves: Ada no longer sees her.
    await graceBrowser.context.close();
    await ada.getByRole('list', { name: 'People here' }).waitFor({ state: 'detached' });
  }));

test('someone who leaves the entry is no longer shown on it', () =>
  together(async ({ site, ada, grace }) => {
    await ada.goto(site.url + ENTRY);
    await ada.locator('.collab-state-connected').waitFor();
    await grace.goto(site.url + ENTRY);
    await grace.getByRole('list', { name: 'People here' }).getByText('Ada Lovelace').waitFor();
    await grace.goto(`${site.url}/keystatic/collection/posts`);
    await ada.getByRole('list', { name: 'People here' }).waitFor({ state: 'detached' });
  }));
