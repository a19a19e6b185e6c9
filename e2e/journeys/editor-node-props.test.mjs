// Headings and code blocks with props: when a Markdoc field's options give `heading.schema` and
// `codeBlock.schema`, 'Heading options' under a heading and Options under a code block edit them
// in the props dialog, and the file gets them as annotations.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { WELCOME, newParagraphAtEnd } from '../helpers/editor.mjs';
import { journey, saved } from '../helpers/journey.mjs';

const CONTENT = '      content:\n        kind: markdoc\n        label: Content\n';
const BLOG = readFileSync(new URL('../../examples/blog/quire.yaml', import.meta.url), 'utf8');
assert.ok(BLOG.includes(CONTENT), "the example blog's posts have a Markdoc content field");
const WITH_PROPS = BLOG.replace(
  CONTENT,
  `${CONTENT}        options:\n          heading: { schema: { id: { kind: text, label: Anchor } } }\n          codeBlock: { schema: { title: { kind: text, label: File name } } }\n`,
);

test('a heading gets its anchor and a code block its file name in the props dialog', () =>
  journey(
    async ({ page, open, site }) => {
      const before = site.read(`${WELCOME}.mdoc`);
      await open('/keystatic/collection/posts/item/welcome-to-the-journal');
      await page.locator('.ProseMirror h1', { hasText: 'Welcome' }).click();
      await page.getByRole('group', { name: 'Heading' }).getByRole('button', { name: 'Heading options' }).click();
      let dialog = page.getByRole('dialog', { name: 'Edit Heading' });
      await dialog.getByRole('textbox', { name: 'Anchor' }).fill('welcome');
      await dialog.getByRole('button', { name: 'Done' }).click();
      await dialog.waitFor({ state: 'detached' });

      await newParagraphAtEnd(page);
      await page.keyboard.type('```js');
      await page.keyboard.press('Enter');
      await page.keyboard.type('run()');
      await page.getByRole('button', { name: 'Options', exact: true }).click();
      dialog = page.getByRole('dialog', { name: 'Edit Code block' });
      await dialog.getByRole('textbox', { name: 'File name' }).fill('setup.js');
      await dialog.getByRole('button', { name: 'Done' }).click();
      await dialog.waitFor({ state: 'detached' });

      await page.getByRole('button', { name: 'Save' }).click();
      await saved(page);
      assert.equal(
        site.read(`${WELCOME}.mdoc`),
        before.replace('# Welcome\n', '# Welcome{% #welcome %}\n').replace(/\n$/, '\n\n```js {% title="setup.js" %}\nrun()\n```\n'),
      );
    },
    { files: { 'quire.yaml': WITH_PROPS } },
  ));
