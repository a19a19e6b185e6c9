// Code blocks in a post's Markdoc body: three backticks and a language, then Enter or a space, make
// one with that language; the tools under it show the language (a list that takes any text) and
// Remove; the file gets a fence with the language.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { WELCOME, newParagraphAtEnd, settled, shot } from '../helpers/editor.mjs';
import { journey, saved } from '../helpers/journey.mjs';

const post = WELCOME;

test('```js and Enter make a JavaScript code block; its language changes in the tools', () =>
  journey(async ({ page, open, site }) => {
    const before = site.read(`${post}.mdoc`);
    await open('/keystatic/collection/posts/item/welcome-to-the-journal');
    await newParagraphAtEnd(page);
    const body = page.getByRole('textbox', { name: 'Content' });

    await page.keyboard.type('```js');
    await page.keyboard.press('Enter');
    const code = body.locator('pre');
    await code.waitFor();
    assert.equal(await code.textContent(), '', 'the fence goes; the block starts empty');
    const language = page.getByRole('combobox', { name: 'Language' });
    assert.equal(await language.inputValue(), 'JavaScript');
    await page.getByRole('button', { name: 'Remove', exact: true }).waitFor();

    await page.keyboard.type('const answer = 42;');
    await page.keyboard.press('Enter');
    await page.keyboard.type('console.log(answer);');
    assert.equal(await code.textContent(), 'const answer = 42;\nconsole.log(answer);');
    // Known languages are highlighted.
    assert.ok((await code.locator('span[class]').count()) > 0, 'the code is highlighted');
    await shot(page, 'code-block');

    // The language field: a known name maps to its value; the list offers the languages.
    await language.click();
    await language.fill('Rust');
    const list = page.getByRole('listbox');
    await list.getByRole('option', { name: 'Rust', exact: true }).waitFor();
    await shot(page, 'code-language-list');
    await language.press('Enter');
    await body.click();
    await code.click();
    assert.equal(await language.inputValue(), 'Rust');

    // Enter on an empty last line leaves the block.
    await page.keyboard.press('Control+End');
    await settled(page);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('After the code.');
    assert.equal(await code.textContent(), 'const answer = 42;\nconsole.log(answer);');

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await saved(page);
    assert.equal(
      site.read(`${post}.mdoc`),
      `${before}\n\`\`\`rust\nconst answer = 42;\nconsole.log(answer);\n\`\`\`\n\nAfter the code.\n`,
    );
  }));

test('```python and a space make a Python block; custom text and Plain text; Remove', () =>
  journey(async ({ page, open, site }) => {
    const before = site.read(`${post}.mdoc`);
    await open('/keystatic/collection/posts/item/welcome-to-the-journal');
    await newParagraphAtEnd(page);
    const body = page.getByRole('textbox', { name: 'Content' });
    const language = page.getByRole('combobox', { name: 'Language' });

    await page.keyboard.type('```python ');
    await body.locator('pre').waitFor();
    assert.equal(await language.inputValue(), 'Python');
    await page.keyboard.type('print("hi")');

    // A language the list does not know is kept as typed.
    await language.fill('pseudo');
    await language.press('Enter');
    await body.locator('pre').click();
    assert.equal(await language.inputValue(), 'pseudo');

    // A second block, plain: 'Plain text' is the absence of a language.
    await page.keyboard.press('Control+End');
    await settled(page);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('```');
    await page.keyboard.press('Enter');
    await page.keyboard.type('plain words');
    assert.equal(await language.inputValue(), 'Plain text');
    assert.equal(await body.locator('pre').count(), 2);

    // A third, then removed with its Remove.
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('```sh ');
    await page.keyboard.type('rm -rf /');
    assert.equal(await language.inputValue(), 'Bash');
    await page.getByRole('button', { name: 'Remove', exact: true }).click();
    assert.equal(await body.locator('pre').count(), 2);
    assert.equal(await language.count(), 0, 'the tools go with the block');

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await saved(page);
    assert.equal(
      site.read(`${post}.mdoc`),
      `${before}\n\`\`\`pseudo\nprint("hi")\n\`\`\`\n\n\`\`\`\nplain words\n\`\`\`\n`,
    );
  }));
