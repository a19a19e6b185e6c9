// Component blocks of the example pages' document field whose content is a child field: a quote
// holding blocks, a note holding one line, and questions repeated as child tags. Each opens with its
// content editable in place, goes in from the insert menu, and is saved as Keystatic writes it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { journey, saved } from '../helpers/journey.mjs';
import { newParagraphAtEnd, settled, shot } from '../helpers/editor.mjs';

const about = 'content/pages/about/body.mdoc';
const home = 'content/pages/home/body.mdoc';

/** A site of one page whose body is a document field with these component blocks (YAML lines). */
function pageWithBlocks(blocks) {
  const page = [
    'storage:',
    '  kind: local',
    'singletons:',
    '  page:',
    '    label: Page',
    '    path: content/page',
    '    format: { contentField: body }',
    '    schema:',
    '      title: { kind: text, label: Title }',
    '      body:',
    '        kind: document',
    '        label: Body',
    '        formatting: true',
    '        componentBlocks:',
  ];
  return [...page, ...blocks, ''].join('\n');
}

test('a quote shows its text in place, and its text and attribution are saved in its tag', () =>
  journey(async ({ page, open, site }) => {
    const before = site.read(about);
    await open('/keystatic/collection/pages/item/about');
    const prose = page.getByRole('textbox', { name: 'Body' });
    const quote = prose.locator('[data-component="quote"]');
    await quote.getByText('genius for it to be.').click();
    await page.keyboard.press('End');
    await page.keyboard.type(' Really.');
    await shot(page, 'component-block-quote');

    await quote.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Quote' });
    await dialog.getByLabel('Attribution').fill('A. A. Lovelace');
    await dialog.getByRole('button', { name: 'Done' }).click();

    await page.getByRole('button', { name: 'Save' }).click();
    await saved(page);
    assert.equal(
      site.read(about),
      before.replace('attribution="Ada Lovelace"', 'attribution="A. A. Lovelace"').replace('to be.\n', 'to be. Really.\n'),
    );
  }));

test('a note holds one line, written on its tag’s line', () =>
  journey(async ({ page, open, site }) => {
    await open('/keystatic/collection/pages/item/home');
    await newParagraphAtEnd(page, 'Welcome to the journal.');
    await page.keyboard.type('/note');
    await page.getByRole('option', { name: /Note/ }).click();
    const note = page.locator('.ProseMirror [data-component="note"]');
    // The child field's placeholder, until the line has text.
    assert.equal(await note.locator('.editor-placeholder').getAttribute('data-placeholder'), 'Write a note...');
    await page.keyboard.type('Mind the gap');
    // Enter cannot split the one line of a note.
    await page.keyboard.press('Enter');
    assert.equal(await note.locator('p').count(), 1);

    await page.getByRole('button', { name: 'Save' }).click();
    await saved(page);
    assert.equal(site.read(home), 'Welcome to the journal.\n\n{% note tone="info" %}Mind the gap{% /note %}\n');
  }));

test('questions start with one, take more up to their maximum, and keep their minimum', () =>
  journey(async ({ page, open, site }) => {
    await open('/keystatic/collection/pages/item/home');
    await newParagraphAtEnd(page, 'Welcome to the journal.');
    await page.keyboard.type('/questions');
    await page.getByRole('option', { name: /Questions/ }).click();
    const faq = page.locator('.ProseMirror [data-component="faq"]');
    const questions = faq.locator('[data-component="question"]');
    assert.equal(await questions.count(), 1, 'the array\'s minimum');
    // The only question cannot be removed; another can be added.
    assert.equal(await questions.first().getByRole('button', { name: 'Remove' }).isVisible(), false);
    await page.keyboard.type('Because it is plain text.');

    await questions.first().getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Question' });
    await dialog.getByLabel('Question').fill('Why files?');
    await dialog.getByRole('button', { name: 'Done' }).click();

    const add = faq.getByRole('button', { name: 'Add Question' }).first();
    await add.click();
    assert.equal(await questions.count(), 2);
    await page.keyboard.type('With git.');
    await shot(page, 'component-block-questions');
    assert.equal(await questions.first().getByRole('button', { name: 'Remove' }).isVisible(), true);
    for (let count = 3; count <= 5; count++) {
      await add.click();
      assert.equal(await questions.count(), count);
    }
    assert.equal(await add.isVisible(), false, 'five at most');
    for (let count = 5; count > 2; count--) await questions.nth(count - 1).getByRole('button', { name: 'Remove' }).click();
    assert.equal(await questions.count(), 2);

    await page.getByRole('button', { name: 'Save' }).click();
    await saved(page);
    assert.equal(
      site.read(home),
      'Welcome to the journal.\n\n{% faq %}\n{% question question="Why files?" %}\nBecause it is plain text.\n{% /question %}\n\n{% question %}\nWith git.\n{% /question %}\n{% /faq %}\n',
    );
  }));

test('a block with two child fields shows a region for each, and writes each in its own tag', () =>
  journey(
    async ({ page, open, site }) => {
      await open('/keystatic/singleton/page');
      const prose = page.getByRole('textbox', { name: 'Body' });
      const pullquote = prose.locator('[data-component="pullquote"]');
      const attribution = pullquote.locator('[data-region="attribution"]');
      await attribution.getByText('Said by').waitFor();
      await attribution.getByText('Grace').click();
      await page.keyboard.press('End');
      await page.keyboard.type(' Hopper');
      await shot(page, 'component-block-regions');

      // A new one from the insert menu: each region empty, its placeholder showing, the caret in the first.
      // The paragraph the editor keeps after a block at the end.
      await prose.locator(':scope > p').last().click();
      await settled(page);
      await page.keyboard.type('/pull');
      await page.getByRole('option', { name: /Pull quote/ }).click();
      const fresh = prose.locator('[data-component="pullquote"]').nth(1);
      assert.equal(await fresh.locator('[data-region="content"] .editor-placeholder').getAttribute('data-placeholder'), 'Quote...');
      await page.keyboard.type('New words');
      await fresh.locator('[data-region="attribution"] p').click();
      await page.keyboard.type('Me');

      await page.getByRole('button', { name: 'Save' }).click();
      await saved(page);
      assert.equal(
        site.read('content/page.mdoc'),
        [
          '---',
          'title: Home',
          '---',
          '{% pullquote %}',
          '{% component-block-prop propPath=["content"] %}',
          'Words that *stay*.',
          '{% /component-block-prop %}',
          '',
          '{% component-inline-prop propPath=["attribution"] %}Grace Hopper{% /component-inline-prop %}',
          '{% /pullquote %}',
          '',
          '{% pullquote %}',
          '{% component-block-prop propPath=["content"] %}',
          'New words',
          '{% /component-block-prop %}',
          '',
          '{% component-inline-prop propPath=["attribution"] %}Me{% /component-inline-prop %}',
          '{% /pullquote %}',
          '',
        ].join('\n'),
      );
    },
    {
      files: {
        'quire.yaml': pageWithBlocks([
          '          pullquote:',
          '            label: Pull quote',
          '            schema:',
          '              content: { kind: child, content: block, placeholder: Quote... }',
          '              attribution: { kind: child, label: Said by, content: inline, placeholder: Attribution... }',
        ]),
        'content/page.mdoc':
          '---\ntitle: Home\n---\n{% pullquote %}\n{% component-block-prop propPath=["content"] %}\nWords that *stay*.\n{% /component-block-prop %}\n\n{% component-inline-prop propPath=["attribution"] %}Grace{% /component-inline-prop %}\n{% /pullquote %}\n',
      },
    },
  ));

test('child fields inside an object are regions named by their path, and the object is a prop without them', () =>
  journey(
    async ({ page, open, site }) => {
      await open('/keystatic/singleton/page');
      const prose = page.getByRole('textbox', { name: 'Body' });
      const card = prose.locator('[data-component="card"]');
      const body = card.locator('[data-region="meta.body"]');
      await body.getByText('Card body.').click();
      await page.keyboard.press('End');
      await page.keyboard.type(' More.');
      await shot(page, 'component-block-nested-regions');
      // The block's summary says the object's fields in words; the aside's emptied object says nothing.
      assert.equal(await card.locator('.editor-component-prop').textContent(), 'Metatone: loud');
      assert.equal(await prose.locator('[data-component="aside"] .editor-component-prop').count(), 0);
      // The object keeps its other field as a prop, edited in the block's dialog.
      await card.getByRole('button', { name: 'Edit' }).first().click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: /Tone/ }).click();
      await page.getByRole('option', { name: 'Calm' }).click();
      await dialog.getByRole('button', { name: 'Done' }).click();
      await dialog.waitFor({ state: 'detached' });
      // A block whose object holds only its child field has nothing else to edit.
      const aside = prose.locator('[data-component="aside"]');
      await aside.getByText('Alone.').waitFor();
      assert.equal(await aside.getByRole('button', { name: 'Edit' }).count(), 0);

      await page.getByRole('button', { name: 'Save' }).click();
      await saved(page);
      assert.equal(
        site.read('content/page.mdoc'),
        [
          '---',
          'title: Home',
          '---',
          '{% card meta={tone: "calm"} %}',
          '{% component-inline-prop propPath=["title"] %}Hi{% /component-inline-prop %}',
          '',
          '{% component-block-prop propPath=["meta", "body"] %}',
          'Card *body*. More.',
          '{% /component-block-prop %}',
          '{% /card %}',
          '',
          '{% aside meta={} %}',
          'Alone.',
          '{% /aside %}',
          '',
        ].join('\n'),
      );
    },
    {
      files: {
        'quire.yaml': pageWithBlocks([
          '          card:',
          '            label: Card',
          '            schema:',
          '              title: { kind: child, content: inline }',
          '              meta:',
          '                kind: object',
          '                label: Meta',
          '                fields:',
          '                  tone: { kind: select, label: Tone, options: [{ label: Calm, value: calm }, { label: Loud, value: loud }], defaultValue: calm }',
          '                  body: { kind: child, label: Body, content: block }',
          '          aside:',
          '            label: Aside',
          '            schema:',
          '              meta: { kind: object, label: Meta, fields: { text: { kind: child, content: block } } }',
        ]),
        'content/page.mdoc':
          '---\ntitle: Home\n---\n{% card meta={tone: "loud"} %}\n{% component-inline-prop propPath=["title"] %}Hi{% /component-inline-prop %}\n\n{% component-block-prop propPath=["meta", "body"] %}\nCard *body*.\n{% /component-block-prop %}\n{% /card %}\n\n{% aside meta={} %}\nAlone.\n{% /aside %}\n',
      },
    },
  ));

test('a child field with heading levels of its own offers only those inside it', () =>
  journey(
    async ({ page, open, site }) => {
      await open('/keystatic/singleton/page');
      const prose = page.getByRole('textbox', { name: 'Body' });
      await prose.locator('[data-component="aside"]').getByText('Inside.').click();
      await settled(page);
      await page.locator('.editor-block-type-button').click();
      const heading = (level) => page.getByRole('option', { name: `Heading ${level}` });
      await heading(2).waitFor();
      await shot(page, 'child-heading-levels');
      assert.equal(await heading(3).getAttribute('aria-disabled'), 'true');
      assert.equal(await heading(1).getAttribute('aria-disabled'), 'true');
      await heading(2).click();
      // Outside it, the field's levels.
      await prose.getByText('Outside.').click();
      await settled(page);
      await page.keyboard.press('Home');
      await page.keyboard.type('### ');
      await page.getByRole('button', { name: 'Save' }).click();
      await saved(page);
      assert.equal(
        site.read('content/page.mdoc'),
        '---\ntitle: Home\n---\n{% aside %}\n## Inside.\n{% /aside %}\n\n### Outside.\n',
      );
    },
    {
      files: {
        'quire.yaml': pageWithBlocks([
          '          aside:',
          '            label: Aside',
          '            schema:',
          '              content: { kind: child, content: block, formatting: { headingLevels: [2] } }',
        ]),
        'content/page.mdoc': '---\ntitle: Home\n---\n{% aside %}\nInside.\n{% /aside %}\n\nOutside.\n',
      },
    },
  ));
