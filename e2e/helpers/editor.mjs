// What journeys through the content editor share: the example post they write in, putting the
// caret at its end, and screenshots to look at the editor's tools.

/** The example post whose Markdoc body the editor journeys write in (without its extension). */
export const WELCOME = 'content/posts/welcome-to-the-journal';
/** The last line of that post's body. */
export const WELCOME_LAST_LINE = 'Every post is a Markdoc file with a little YAML at the top.';

/** A screenshot into EDITOR_SCREENSHOTS (a folder), when it is set, to look at the tools. */
export async function shot(page, name) {
  if (process.env.EDITOR_SCREENSHOTS) await page.screenshot({ path: `${process.env.EDITOR_SCREENSHOTS}/${name}.png` });
}

/** Waits for the editor to take in a caret the browser moved (End, Control+End) before keys it handles. */
export async function settled(page) {
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/** Waits until the caret is in the text node reading `text` (at its end when `atEnd`). */
function caretIn(page, text, atEnd) {
  return page.waitForFunction(
    ([text, atEnd]) => {
      const selection = getSelection();
      return selection?.anchorNode?.textContent === text && (!atEnd || selection.anchorOffset === text.length);
    },
    [text, atEnd],
  );
}

/** Puts the cursor at the end of the line `line`. */
export async function endOfLine(page, line = WELCOME_LAST_LINE) {
  await page.locator('.ProseMirror').getByText(line).click();
  // The caret must be in the line (the editor takes the click's selection a moment later) before
  // End moves it to its end.
  await caretIn(page, line, false);
  await page.keyboard.press('End');
  await caretIn(page, line, true);
  // The browser moved the caret; the editor reads it on the next selectionchange.
  await settled(page);
}

/** Puts the cursor in a new paragraph after the line `lastLine`, the body's last. */
export async function newParagraphAtEnd(page, lastLine = WELCOME_LAST_LINE) {
  await endOfLine(page, lastLine);
  await page.keyboard.press('Enter');
}

/**
 * Runs the formatting command named `name` (`Table`, `Bold`) from the editor's toolbar: its button
 * where it is on the row, else its item in 'More formatting' (narrow screens).
 */
export async function formatting(page, name) {
  const toolbar = page.getByRole('toolbar', { name: 'Formatting' }).first();
  const button = toolbar.getByRole('button', { name, exact: true });
  if ((await button.count()) > 0) {
    await button.click();
    return;
  }
  await toolbar.getByRole('button', { name: 'More formatting' }).click();
  await page.getByRole('menuitem', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\(|$)`) }).click();
}
