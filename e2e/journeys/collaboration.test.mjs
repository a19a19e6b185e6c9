// Live collaboration between two people, each in their own browser: presence on the dashboard,
// the list, the entry and the field; the socket's state; writing the same text at once; fields
// left by one reaching the other; a save seen by both; edits made offline merging.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openBrowser } from '../helpers/browser.mjs';
import { draftKept } from '../helpers/drafts.mjs';
import { git, gitJourney } from '../helpers/git.mjs';
import { githubJourney, signIn } from '../helpers/github.mjs';
import { startSite } from '../helpers/site.mjs';

const ENTRY = '/keystatic/collection/posts/item/collections-and-singletons';

/** Two people (named in their browsers, as the name dialog keeps it; null: unnamed) on one site. */
async function together(body, options = {}) {
  const site = await startSite(options.site, { files: options.files });
  const people = [];
  try {
    for (const name of options.names ?? ['Ada Lovelace', 'Grace Hopper']) {
      const browser = await openBrowser();
      if (name !== null) await browser.context.addInitScript((chosen) => localStorage.setItem('quire-collab-name', chosen), name);
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
    await ada.locator('[data-field="publishedDate"] [role="spinbutton"]').first().focus();
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

const LINE = 'A collection holds many entries; a singleton holds one.';

/** Puts the caret at the end of `line` in the content editor of `page`. */
async function caretAtEnd(page, line = LINE) {
  await page.locator('.ProseMirror').getByText(line).click();
  await page.keyboard.press('End');
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/** The text of the content editor's paragraphs (without the others' carets and names). */
const paragraphs = (page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('.ProseMirror p')].map((p) => {
      const copy = p.cloneNode(true);
      for (const caret of copy.querySelectorAll('.collab-caret')) caret.remove();
      return copy.textContent;
    }),
  );

/** Waits until the first paragraph of `page`'s content editor reads `text`. */
async function firstParagraphIs(page, text) {
  for (let tries = 0; tries < 100; tries++) {
    if ((await paragraphs(page))[0] === text) return;
    await page.waitForTimeout(100);
  }
  assert.equal((await paragraphs(page))[0], text);
}

test('two people write in the same text: each sees the other type, with their caret and name', () =>
  together(async ({ site, ada, grace }) => {
    await ada.goto(site.url + ENTRY);
    await grace.goto(site.url + ENTRY);
    for (const page of [ada, grace]) await page.getByRole('list', { name: 'People here' }).waitFor();

    await caretAtEnd(ada);
    await ada.keyboard.type(' Ada was here.');
    await grace.locator('.ProseMirror').getByText(`${LINE} Ada was here.`).waitFor();
    // Ada's caret shows in Grace's editor, named.
    await grace.locator('.collab-caret-name', { hasText: 'Ada Lovelace' }).waitFor();
    await grace.screenshot({ path: '/tmp/shots/collab-caret.png' });
    // The change is Grace's to save too: her form has it.
    await grace.getByRole('button', { name: 'Save' }).waitFor({ state: 'visible' });
    assert.equal(await grace.getByRole('button', { name: 'Save' }).isEnabled(), true);

    // Both type in the same paragraph at once (Grace at its start, Ada at its end) and end with the
    // same text.
    await caretAtEnd(grace, `${LINE} Ada was here.`);
    await grace.keyboard.press('Home');
    await caretAtEnd(ada, `${LINE} Ada was here.`);
    await Promise.all([ada.keyboard.type(' one two three', { delay: 20 }), grace.keyboard.type('Four five six. ', { delay: 20 })]);
    const both = `Four five six. ${LINE} Ada was here. one two three`;
    for (const page of [ada, grace]) await firstParagraphIs(page, both);
    assert.deepEqual(await paragraphs(ada), await paragraphs(grace));

    // Undo takes back one's own typing only.
    await grace.keyboard.press('Control+z');
    await ada.waitForFunction(() => !/four five six/.test(document.querySelector('.ProseMirror')?.textContent ?? ''));
    assert.match((await paragraphs(ada)).join('\n'), /one two three/);
  }));

test('two people typing at the very same spot keep their own words together', () =>
  together(async ({ site, ada, grace }) => {
    await ada.goto(site.url + ENTRY);
    await grace.goto(site.url + ENTRY);
    for (const page of [ada, grace]) await page.getByRole('list', { name: 'People here' }).waitFor();
    await caretAtEnd(ada);
    await caretAtEnd(grace);
    await Promise.all([ada.keyboard.type(' north east', { delay: 40 }), grace.keyboard.type(' south west', { delay: 40 })]);
    for (const page of [ada, grace]) {
      await page.waitForFunction(() => /east/.test(document.querySelector('.ProseMirror')?.textContent ?? '') && /west/.test(document.querySelector('.ProseMirror')?.textContent ?? ''));
    }
    await ada.waitForTimeout(300);
    const [adaText, graceText] = [(await paragraphs(ada))[0], (await paragraphs(grace))[0]];
    assert.equal(adaText, graceText);
    // Each person's words are whole (where the spaces between them land is the browsers' timing).
    assert.ok(adaText.startsWith(LINE) && adaText.includes('north east') && adaText.includes('south west'), adaText);
  }));

test('a field someone leaves reaches the others; one saves, and the other sees the entry saved', () =>
  together(async ({ site, ada, grace }) => {
    await ada.goto(site.url + ENTRY);
    await grace.goto(site.url + ENTRY);
    for (const page of [ada, grace]) await page.getByRole('list', { name: 'People here' }).waitFor();

    const summary = (page) => page.getByRole('textbox', { name: 'Summary' });
    await summary(ada).fill('Written by Ada.');
    await summary(ada).blur();
    await grace.waitForFunction(() => document.querySelector('[data-field="summary"] textarea')?.value === 'Written by Ada.');
    await caretAtEnd(grace);
    await grace.keyboard.type(' Grace adds a line.');
    await ada.locator('.ProseMirror').getByText(`${LINE} Grace adds a line.`).waitFor();

    // Ada saves both changes; Grace's form now matches what is saved.
    await ada.getByRole('button', { name: 'Save' }).click();
    await ada.getByText('Entry saved').waitFor();
    await grace.waitForFunction(() => !document.body.textContent?.includes('Unsaved'));
    const file = site.read('content/posts/collections-and-singletons.mdoc');
    assert.match(file, /summary: Written by Ada\./);
    assert.match(file, /Grace adds a line\./);

    // Grace's next save expects Ada's files: it lands without a conflict.
    await caretAtEnd(grace, `${LINE} Grace adds a line.`);
    await grace.keyboard.type(' And one more.');
    await grace.getByRole('button', { name: 'Save' }).click();
    await grace.getByText('Entry saved').waitFor();
    assert.match(site.read('content/posts/collections-and-singletons.mdoc'), /Grace adds a line\. And one more\./);
    await ada.waitForFunction(() => !document.body.textContent?.includes('Unsaved'));
  }));

/**
 * Grace writes " Drafted by Grace." in the entry while offline and leaves: what she wrote is a draft
 * in her browser only.
 */
async function draftOfflineAndLeave(site, grace, graceBrowser) {
  await grace.goto(site.url + ENTRY);
  await grace.locator('.collab-state-connected').waitFor();
  await graceBrowser.context.setOffline(true);
  await grace.locator('.collab-state-disconnected').waitFor();
  await caretAtEnd(grace);
  await grace.keyboard.type(' Drafted by Grace.');
  await draftKept(grace, 'Drafted by Grace.');
  await grace.goto('about:blank');
  await graceBrowser.context.setOffline(false);
}

test("a draft kept while offline reaches the others when its writer comes back to the entry", () =>
  together(async ({ site, ada, grace, graceBrowser }) => {
    await draftOfflineAndLeave(site, grace, graceBrowser);

    // Ada opens the entry as saved; then Grace comes back, and her draft is the text for both.
    await ada.goto(site.url + ENTRY);
    await ada.locator('.collab-state-connected').waitFor();
    await firstParagraphIs(ada, LINE);
    await grace.goto(site.url + ENTRY);
    await grace.getByText(/^Restored draft from/).waitFor();
    for (const page of [grace, ada]) await firstParagraphIs(page, `${LINE} Drafted by Grace.`);
  }));

test('a draft that meets what others wrote meanwhile is put together with it, as the editor says', () =>
  together(async ({ site, ada, grace, graceBrowser }) => {
    await draftOfflineAndLeave(site, grace, graceBrowser);

    // Meanwhile Ada writes on in a paragraph of her own, without saving.
    await ada.goto(site.url + ENTRY);
    await ada.locator('.collab-state-connected').waitFor();
    await caretAtEnd(ada);
    await ada.keyboard.press('Enter');
    await ada.keyboard.type('Ada writes on.');

    await grace.goto(site.url + ENTRY);
    await grace.getByText('Others had written in this text meanwhile: your draft is put together with what they wrote.').waitFor();
    const both = [`${LINE} Drafted by Grace.`, 'Ada writes on.'];
    for (const page of [grace, ada]) {
      await firstParagraphIs(page, both[0]);
      assert.deepEqual((await paragraphs(page)).slice(0, 2), both);
    }
  }));

test('edits made offline merge with the others once the connection is back', () =>
  together(async ({ site, ada, grace, graceBrowser }) => {
    await ada.goto(site.url + ENTRY);
    await grace.goto(site.url + ENTRY);
    for (const page of [ada, grace]) await page.getByRole('list', { name: 'People here' }).waitFor();

    await graceBrowser.context.setOffline(true);
    await grace.locator('.collab-state-disconnected').waitFor();
    await caretAtEnd(grace);
    await grace.keyboard.type(' Typed offline.');
    await caretAtEnd(ada);
    await ada.keyboard.press('Home');
    await ada.keyboard.type('Online meanwhile. ');
    await graceBrowser.context.setOffline(false);
    await grace.locator('.collab-state-connected').waitFor();
    const merged = `Online meanwhile. ${LINE} Typed offline.`;
    for (const page of [ada, grace]) await firstParagraphIs(page, merged);
  }));

/** A second person's browser, named `name` for collaborators, closed after `body`. */
async function withSecond(name, body) {
  const browser = await openBrowser();
  try {
    if (name !== null) await browser.context.addInitScript((chosen) => localStorage.setItem('quire-collab-name', chosen), name);
    await body(browser.page);
  } finally {
    await browser.close();
  }
}

test('with git storage people are together per branch, and a save is one commit both see', () =>
  gitJourney(
    async ({ page: ada, context, site }) => {
      await context.addInitScript(() => localStorage.setItem('quire-collab-name', 'Ada Lovelace'));
      await withSecond('Grace Hopper', async (grace) => {
        const onBranch = (branch) => `${site.url}/keystatic/branch/${branch}/collection/posts/item/collections-and-singletons`;
        await ada.goto(onBranch('main'));
        await ada.locator('.collab-state-connected').waitFor();
        await grace.goto(onBranch('draft'));
        await grace.locator('.collab-state-connected').waitFor();
        // The same entry on another branch is another place.
        await grace.waitForTimeout(500);
        assert.equal(await ada.getByRole('list', { name: 'People here' }).count(), 0);
        assert.equal(await grace.getByRole('list', { name: 'People here' }).count(), 0);

        await grace.goto(onBranch('main'));
        await ada.getByRole('list', { name: 'People here' }).getByText('Grace Hopper').waitFor();
        await caretAtEnd(grace);
        await grace.keyboard.type(' On main together.');
        await ada.locator('.ProseMirror').getByText(`${LINE} On main together.`).waitFor();
        await ada.getByRole('button', { name: 'Save', exact: true }).click();
        await ada.getByText('Entry saved').waitFor();
        await grace.waitForFunction(() => !document.body.textContent?.includes('Unsaved'));
        assert.match(git(site.root, 'show', 'main:content/posts/collections-and-singletons.mdoc'), /On main together\./);
        assert.equal(git(site.root, 'rev-list', '--count', 'main'), '2', 'one commit for the save');
      });
    },
    { setupRepo: (root) => git(root, 'branch', 'draft') },
  ));

test('with GitHub storage people are shown by their GitHub names and write together', () =>
  githubJourney(
    async ({ page: octo, open, github }) => {
      await open(ENTRY.replace('/keystatic/', '/keystatic/branch/main/'));
      await signIn(octo);
      await octo.locator('.collab-state-connected').waitFor();
      await github.control('sign-in-as', { login: 'hubot' });
      await withSecond(null, async (hubot) => {
        await hubot.goto(octo.url());
        await signIn(hubot);
        await hubot.locator('.collab-state-connected').waitFor();
        await hubot.getByRole('list', { name: 'People here' }).getByText('Octo Cat').waitFor();
        await octo.getByRole('list', { name: 'People here' }).getByText('Hubot Robot').waitFor();
        await caretAtEnd(hubot);
        await hubot.keyboard.type(' Through GitHub.');
        await octo.locator('.ProseMirror').getByText(`${LINE} Through GitHub.`).waitFor();
        await octo.locator('.collab-caret-name', { hasText: 'Hubot Robot' }).waitFor();
        await octo.getByRole('button', { name: 'Save', exact: true }).click();
        await octo.getByText('Entry saved').waitFor();
        await hubot.waitForFunction(() => !document.body.textContent?.includes('Unsaved'));
        assert.match(github.show('main', 'content/posts/collections-and-singletons.mdoc'), /Through GitHub\./);
      });
    },
    { before: (github) => github.control('users', { login: 'hubot', name: 'Hubot Robot', permission: 'WRITE' }) },
  ));

test('someone without a name chooses one in the theme menu, and the others see it', () =>
  together(
    async ({ site, ada, grace }) => {
    await ada.goto(site.url + ENTRY);
    await grace.goto(site.url + ENTRY);
    await grace.getByRole('list', { name: 'People here' }).getByText('Anonymous').waitFor();

    await ada.getByRole('button', { name: 'Theme' }).click();
    await ada.getByRole('menuitem', { name: 'Your name…' }).click();
    const dialog = ada.getByRole('dialog', { name: 'Your name' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Ada King');
    await ada.screenshot({ path: '/tmp/shots/collab-name.png' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await grace.getByRole('list', { name: 'People here' }).getByText('Ada King').waitFor();
    assert.equal(await ada.evaluate(() => localStorage.getItem('quire-collab-name')), 'Ada King');
    },
    { names: [null, 'Grace Hopper'] },
  ));

test('a server restart loses nothing that an open browser holds', () =>
  together(async ({ site, ada, grace }) => {
    await ada.goto(site.url + ENTRY);
    await grace.goto(site.url + ENTRY);
    for (const page of [ada, grace]) await page.getByRole('list', { name: 'People here' }).waitFor();
    await caretAtEnd(ada);
    await ada.keyboard.type(' Before the restart.');
    await firstParagraphIs(grace, `${LINE} Before the restart.`);

    await site.restart();
    // Grace writes while the server is away; both come back to a server that remembers nothing.
    await caretAtEnd(grace, `${LINE} Before the restart.`);
    await grace.keyboard.type(' Meanwhile.');
    for (const page of [ada, grace]) await page.locator('.collab-state-connected').waitFor();
    for (const page of [ada, grace]) await firstParagraphIs(page, `${LINE} Before the restart. Meanwhile.`);
    await ada.getByRole('list', { name: 'People here' }).getByText('Grace Hopper').waitFor();

    await caretAtEnd(ada, `${LINE} Before the restart. Meanwhile.`);
    await ada.keyboard.type(' After.');
    await firstParagraphIs(grace, `${LINE} Before the restart. Meanwhile. After.`);
  }));

const NESTED = {
  'quire.yaml': `storage:
  kind: local
singletons:
  about:
    label: About
    path: content/about
    schema:
      intro:
        kind: object
        label: Intro
        fields:
          heading: { kind: text, label: Heading }
          summary: { kind: markdoc, label: Summary }
`,
  'content/about.yaml': 'intro:\n  heading: Who we are\n',
  'content/about/intro/summary.mdoc': 'A small team.\n',
};

test('a content field inside an object is written together too', () =>
  together(
    async ({ site, ada, grace }) => {
      for (const page of [ada, grace]) await page.goto(`${site.url}/keystatic/singleton/about`);
      for (const page of [ada, grace]) await page.getByRole('list', { name: 'People here' }).waitFor();
      await caretAtEnd(ada, 'A small team.');
      await ada.keyboard.type(' With friends.');
      await grace.locator('.ProseMirror').getByText('A small team. With friends.').waitFor();
      await grace.getByRole('button', { name: 'Save' }).click();
      await grace.getByText('Entry saved').waitFor();
      assert.equal(site.read('content/about/intro/summary.mdoc'), 'A small team. With friends.\n');
      await ada.waitForFunction(() => !document.body.textContent?.includes('Unsaved'));
    },
    { files: NESTED },
  ));
