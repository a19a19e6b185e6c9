// Pasting into a post's Markdoc body, as the browser hands the clipboard over: HTML copied from a web
// page and from Google Docs keeps its structure and marks, Markdown text becomes structure, and a
// lone URL pasted over selected text links it. The body is saved as Keystatic writes it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { journey, saved } from '../helpers/journey.mjs';
import { WELCOME, newParagraphAtEnd, settled } from '../helpers/editor.mjs';

/** Dispatches a paste of `items` (mime type → text) on the editor, where the caret is. */
function paste(page, items) {
  return page.locator('.ProseMirror').evaluate((element, items) => {
    const data = new DataTransfer();
    for (const [type, text] of Object.entries(items)) data.setData(type, text);
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, items);
}

const webPage = {
  'text/html':
    '<meta charset="utf-8"><h2 style="color: rgb(0, 0, 0)">From the web</h2><p>Some <strong>strong</strong> words and <a href="https://example.com/a">a link</a>.</p><ul><li>one</li><li>two</li></ul>',
  'text/plain': 'From the web\nSome strong words and a link.\none\ntwo',
};

// Google Docs wraps the whole copy in <b style="font-weight:normal"> and marks bold with styles.
const googleDocs = {
  'text/html':
    '<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-1"><p dir="ltr"><span style="font-weight:400;">Plain and </span><span style="font-weight:700;">bold</span><span style="font-weight:400;font-style:italic;"> italic</span></p></b>',
  'text/plain': 'Plain and bold italic',
};

test('HTML from a web page and from Google Docs, and Markdown text, keep their structure', () =>
  journey(async ({ page, open, site }) => {
    const before = site.read(`${WELCOME}.mdoc`);
    await open('/keystatic/collection/posts/item/welcome-to-the-journal');
    await newParagraphAtEnd(page);
    await paste(page, webPage);
    const prose = page.locator('.ProseMirror');
    await prose.locator('h2', { hasText: 'From the web' }).waitFor();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await paste(page, googleDocs);
    await prose.locator('strong', { hasText: 'bold' }).waitFor();
    await page.keyboard.press('Enter');
    await paste(page, { 'text/plain': '> A quote\n\n1. first\n2. second' });
    await prose.locator('blockquote', { hasText: 'A quote' }).waitFor();

    await page.getByRole('button', { name: 'Save' }).click();
    await saved(page);
    assert.equal(
      site.read(`${WELCOME}.mdoc`),
      `${before}\n## From the web\n\nSome **strong** words and [a link](https://example.com/a).\n\n- one\n- two\n\nPlain and **bold** *italic*\n\n> A quote\n\n1. first\n1. second\n`,
    );
  }));

test('a URL pasted over selected text links it', () =>
  journey(async ({ page, open, site }) => {
    const before = site.read(`${WELCOME}.mdoc`);
    await open('/keystatic/collection/posts/item/welcome-to-the-journal');
    await newParagraphAtEnd(page);
    await page.keyboard.type('Read the docs today');
    for (let i = 0; i < ' today'.length; i++) await page.keyboard.press('ArrowLeft');
    for (let i = 0; i < 'docs'.length; i++) await page.keyboard.press('Shift+ArrowLeft');
    // The browser moved the selection; the editor takes it in on the next selectionchange.
    await page.waitForFunction(() => getSelection()?.toString() === 'docs');
    await settled(page);
    await paste(page, { 'text/plain': 'https://example.com/docs' });
    await page.locator('.ProseMirror a', { hasText: 'docs' }).waitFor();

    await page.getByRole('button', { name: 'Save' }).click();
    await saved(page);
    assert.equal(site.read(`${WELCOME}.mdoc`), `${before}\nRead the [docs](https://example.com/docs) today\n`);
  }));
