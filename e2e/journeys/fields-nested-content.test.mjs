// Markdoc fields inside an object and inside array items: each is a file of its own named after its
// prop path (`content/about/intro/summary.mdoc`, `content/about/team/0/bio.mdoc`), never text in the
// data file. Editing, adding and removing items writes, renumbers and deletes those files.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { journey, saved } from '../helpers/journey.mjs';

const CONFIG = `storage:
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
      team:
        kind: array
        label: Team
        itemLabel: '{name}'
        element:
          kind: object
          label: Member
          fields:
            name: { kind: text, label: Name }
            bio: { kind: markdoc, label: Bio }
`;

const SITE = {
  files: {
    'quire.yaml': CONFIG,
    'content/about.yaml': 'intro:\n  heading: Who we are\nteam:\n  - name: Ada\n  - name: Grace\n',
    'content/about/intro/summary.mdoc': 'A *small* team.\n',
    'content/about/team/0/bio.mdoc': 'Writes **engines**.\n',
    'content/about/team/1/bio.mdoc': 'Writes compilers.\n',
  },
};

test('content fields inside objects and array items are files named after their prop paths', () =>
  journey(async ({ page, open, site }) => {
    await open('/keystatic/singleton/about');
    const summary = page.locator('.ProseMirror').filter({ hasText: 'A small team.' });
    await summary.locator('em', { hasText: 'small' }).waitFor();
    await summary.getByText('team.').click();
    await page.keyboard.press('End');
    await page.keyboard.type(' Since 2024.');

    // An item's content opens in its dialog, with the text of its own file.
    await page.getByRole('row', { name: 'Ada' }).getByText('Ada').click();
    let dialog = page.getByRole('dialog', { name: 'Edit item' });
    await dialog.locator('.ProseMirror strong', { hasText: 'engines' }).waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Removing the first member moves the second one's bio to team/0; a new member's bio is team/1.
    await page.getByRole('row', { name: 'Ada' }).getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('group', { name: 'Team' }).getByRole('button', { name: 'Add' }).click();
    dialog = page.getByRole('dialog', { name: 'Add item' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Mei');
    await dialog.locator('.ProseMirror').click();
    await page.keyboard.type('Draws maps.');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Save' }).click();
    await saved(page);
    assert.equal(site.read('content/about.yaml'), 'intro:\n  heading: Who we are\nteam:\n  - name: Grace\n  - name: Mei\n');
    assert.equal(site.read('content/about/intro/summary.mdoc'), 'A *small* team. Since 2024.\n');
    assert.equal(site.read('content/about/team/0/bio.mdoc'), 'Writes compilers.\n');
    assert.equal(site.read('content/about/team/1/bio.mdoc'), 'Draws maps.\n');

    // Opened again, every file reads back into its field.
    await page.reload();
    await page.locator('.ProseMirror', { hasText: 'A small team. Since 2024.' }).waitFor();
    await page.getByRole('row', { name: 'Mei' }).getByText('Mei').click();
    await page.getByRole('dialog', { name: 'Edit item' }).locator('.ProseMirror', { hasText: 'Draws maps.' }).waitFor();
  }, SITE));

test('removing the last item that has content deletes its file', () =>
  journey(async ({ page, open, site }) => {
    await open('/keystatic/singleton/about');
    // The summary's editor loads after the form and moves the list down: click once it is in.
    await page.locator('.ProseMirror', { hasText: 'A small team.' }).waitFor();
    await page.getByRole('row', { name: 'Grace' }).getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('row', { name: 'Grace' }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Save' }).click();
    await saved(page);
    assert.equal(site.read('content/about.yaml'), 'intro:\n  heading: Who we are\nteam:\n  - name: Ada\n');
    assert.equal(site.read('content/about/team/0/bio.mdoc'), 'Writes **engines**.\n');
    assert.equal(site.read('content/about/team/1/bio.mdoc'), null);
  }, SITE));

test("a content field inside an object can be the body after the frontmatter (contentField: [intro, summary])", () =>
  journey(
    async ({ page, open, site }) => {
      await open('/keystatic/singleton/about');
      const summary = page.locator('.ProseMirror').filter({ hasText: 'A small team.' });
      await summary.locator('em', { hasText: 'small' }).waitFor();
      await summary.getByText('team.').click();
      await page.keyboard.press('End');
      await page.keyboard.type(' Since 2024.');
      await page.getByRole('textbox', { name: 'Heading' }).fill('About us');
      await page.getByRole('button', { name: 'Save' }).click();
      await saved(page);
      assert.equal(
        site.read('content/about.mdoc'),
        '---\nintro:\n  heading: About us\nteam: []\n---\nA *small* team. Since 2024.\n',
      );
      assert.equal(site.read('content/about/intro/summary.mdoc'), null, 'the body has no file of its own');
    },
    {
      files: {
        'quire.yaml': CONFIG.replace('    path: content/about\n', '    path: content/about\n    format: { contentField: [intro, summary] }\n'),
        'content/about.mdoc': '---\nintro:\n  heading: Who we are\nteam: []\n---\nA *small* team.\n',
      },
    },
  ));

test("a conditional's value can be the body after the frontmatter (contentField: [aside, value]), whichever choice shows", () =>
  journey(
    async ({ page, open, site }) => {
      await open('/keystatic/singleton/notice');
      const story = page.locator('.ProseMirror').filter({ hasText: 'Once upon a time.' });
      await story.waitFor();
      await story.getByText('Once upon a time.').click();
      await page.keyboard.press('End');
      await page.keyboard.type(' The end.');
      await page.getByRole('button', { name: 'Save' }).click();
      await saved(page);
      assert.equal(site.read('content/notice.mdoc'), '---\naside:\n  discriminant: story\n---\nOnce upon a time. The end.\n');
      assert.equal(site.read('content/notice/aside/value.mdoc'), null, 'the body has no file of its own');

      // Another choice holds content too: its text is the body from then on.
      await page.getByRole('button', { name: /Kind/ }).click();
      await page.getByRole('option', { name: 'Note' }).click();
      const note = page.locator('.ProseMirror').last();
      await note.click();
      await page.keyboard.type('A short note.');
      await page.getByRole('button', { name: 'Save' }).click();
      await saved(page);
      assert.equal(site.read('content/notice.mdoc'), '---\naside:\n  discriminant: note\n---\nA short note.\n');
    },
    {
      files: {
        'quire.yaml': [
          'storage:',
          '  kind: local',
          'singletons:',
          '  notice:',
          '    label: Notice',
          '    path: content/notice',
          '    format: { contentField: [aside, value] }',
          '    schema:',
          '      aside:',
          '        kind: conditional',
          '        label: Aside',
          '        discriminant: { kind: select, label: Kind, options: [{ label: Note, value: note }, { label: Story, value: story }], defaultValue: note }',
          '        values: { note: { kind: markdoc, label: Note }, story: { kind: markdoc, label: Story } }',
          '',
        ].join('\n'),
        'content/notice.mdoc': '---\naside:\n  discriminant: story\n---\nOnce upon a time.\n',
      },
    },
  ));

// Keystatic's emptyContent gives an entry a content file and nothing to edit; elsewhere than the
// body, that file is `<entry folder>/<key>.<extension>`.
const NOTES = {
  files: {
    'quire.yaml': `storage:
  kind: local
collections:
  posts:
    label: Posts
    path: content/posts/*
    slugField: title
    schema:
      title: { kind: slug, label: Title }
      notes: { kind: emptyContent, label: Notes, extension: mdx }
`,
    'content/posts/hello.yaml': 'title: Hello\n',
    'content/posts/hello/notes.mdx': 'import X from "./x";\n\n<X />\n',
  },
};

test('an emptyContent field shows nothing, keeps the file it has, and a new entry gets it empty', () =>
  journey(async ({ page, open, site }) => {
    await open('/keystatic/collection/posts/item/hello');
    const title = page.getByRole('textbox', { name: 'Title' });
    await title.fill('Hello there');
    // Nothing of the field shows: it has nothing to edit.
    assert.equal(await page.getByText('Notes', { exact: true }).count(), 0);
    await page.getByRole('button', { name: 'Save' }).click();
    await saved(page);
    assert.equal(site.read('content/posts/hello.yaml'), 'title: Hello there\n');
    assert.equal(site.read('content/posts/hello/notes.mdx'), 'import X from "./x";\n\n<X />\n');

    await open('/keystatic/collection/posts/create');
    await page.getByRole('textbox', { name: 'Title' }).fill('Fresh');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/item\/fresh$/);
    assert.equal(site.read('content/posts/fresh.yaml'), 'title: Fresh\n');
    assert.equal(site.read('content/posts/fresh/notes.mdx'), '');
  }, NOTES));
