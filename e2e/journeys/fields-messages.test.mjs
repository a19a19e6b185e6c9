// Every validation message of the fields, on a site of its own whose "Checks" collection has a field
// for each rule: messages show after blur, all of them once a save is tried, and nothing invalid is
// written. Also the slug rules of `*` and `**` collections, and stored values that do not validate.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { png } from '../helpers/images.mjs';
import { dateShown, fillDate, journey, saved, valueBecomes } from '../helpers/journey.mjs';
import { startSite } from '../helpers/site.mjs';

const CONFIG = `storage:
  kind: local
collections:
  authors:
    label: Authors
    path: content/authors/*
    slugField: name
    format: yaml
    schema:
      name: { kind: slug, label: Name }
      role: { kind: text, label: Role, validation: { isRequired: true } }
      website: { kind: url, label: Website }
      bio: { kind: text, label: Bio, multiline: true }
      avatar: { kind: image, label: Avatar, directory: public/images/authors, publicPath: /images/authors/ }
      featured: { kind: checkbox, label: Featured }
  checks:
    label: Checks
    path: content/checks/*
    slugField: title
    format: yaml
    schema:
      title: { kind: slug, label: Title }
      code:
        kind: text
        label: Code
        validation: { length: { min: 3, max: 6 }, pattern: { regex: '^[A-Z]+$' } }
      nickname: { kind: text, label: Nickname, validation: { isRequired: true } }
      count: { kind: integer, label: Count, validation: { isRequired: true, min: 2, max: 9 } }
      weight: { kind: number, label: Weight, step: 0.1, validation: { isRequired: true, min: 0.5, max: 2, step: true } }
      start: { kind: date, label: Start, validation: { isRequired: true, min: '2024-01-01', max: '2024-12-31' } }
      meeting: { kind: datetime, label: Meeting, validation: { isRequired: true, min: '2024-01-01T09:00', max: '2024-12-31T17:00' } }
      homepage: { kind: url, label: Homepage, validation: { isRequired: true } }
      owner: { kind: relationship, label: Owner, collection: authors, validation: { isRequired: true } }
      logo: { kind: pathReference, label: Logo, pattern: 'public/**/*.png', validation: { isRequired: true } }
      attachment: { kind: file, label: Attachment, validation: { isRequired: true } }
      picture: { kind: image, label: Picture, directory: public/checks, validation: { isRequired: true } }
      banner: { kind: cloudImage, label: Banner, validation: { isRequired: true } }
      reviewers: { kind: multiRelationship, label: Reviewers, collection: authors, validation: { length: { min: 1, max: 2 } } }
      steps:
        kind: array
        label: Steps
        element: { kind: text, label: Step, validation: { isRequired: true } }
        validation: { length: { min: 1, max: 2 } }
  nested:
    label: Nested
    path: content/nested/**
    slugField: title
    format: yaml
    schema:
      title: { kind: slug, label: Title }
`;

const EXISTING = [
  'title: Taken',
  'code: ABC',
  'nickname: Tee',
  'count: 3',
  'weight: 1.5',
  "start: '2024-02-30'",
  "meeting: '2024-06-01 10:00'",
  'homepage: https://example.com',
  'owner: ada-palmer',
  'logo: public/images/logo.png',
  'attachment: /files/missing.txt',
  'picture: missing.png',
  'banner:',
  '  src: https://images.example.com/a.png',
  '  alt: A',
  'reviewers:',
  '  - mei-lin',
  'steps:',
  '  - Plan',
  '',
].join('\n');

const SITE = {
  files: {
    'quire.yaml': CONFIG,
    'content/checks/taken.yaml': EXISTING,
    'content/checks/taken-1.yaml': EXISTING,
    'content/nested/guides/intro.yaml': 'title: Intro\n',
  },
};

/** Fills `input`, leaves it, and waits for `message` to show. */
async function expectAfterBlur(page, input, value, message) {
  await input.fill(value);
  await input.blur();
  await page.getByText(message, { exact: true }).waitFor();
}

test('text, number, date and URL messages show once a field is left', () =>
  journey(async ({ page, open }) => {
    await open('/keystatic/collection/checks/create');
    const box = (name) => page.getByRole('textbox', { name, exact: true });

    const nickname = box('Nickname');
    await nickname.fill('x');
    await expectAfterBlur(page, nickname, '', 'Nickname must not be empty');
    const code = box('Code');
    await expectAfterBlur(page, code, 'AB', 'Code must be at least 3 characters long');
    await expectAfterBlur(page, code, 'ABCDEFG', 'Code must be no longer than 6 characters');
    await expectAfterBlur(page, code, 'abc', 'Code must match the pattern /^[A-Z]+$/');

    const count = box('Count');
    await expectAfterBlur(page, count, '1', 'Count must be at least 2');
    await expectAfterBlur(page, count, '10', 'Count must be at most 9');
    await expectAfterBlur(page, count, '2.5', 'Count must be a whole number');
    await expectAfterBlur(page, count, '', 'Count is required');

    const weight = box('Weight');
    await expectAfterBlur(page, weight, 'heavy', 'Weight must be a number');
    await expectAfterBlur(page, weight, '0.4', 'Weight must be at least 0.5');
    await expectAfterBlur(page, weight, '2.5', 'Weight must be at most 2');
    await expectAfterBlur(page, weight, '0.75', 'Weight must be a multiple of 0.1');
    // 1.3 is a multiple of 0.1 although 1.3 / 0.1 is not a whole number in binary floating point.
    await weight.fill('1.3');
    await weight.blur();
    await page.getByText(/^Weight /).waitFor({ state: 'detached' });

    /** Types a date into the field named `label`, leaves it, and waits for `message`. */
    const dateAfterBlur = async (label, value, message) => {
      await fillDate(page, label, value);
      await box('Homepage').focus();
      await page.getByText(message, { exact: true }).waitFor();
    };
    await dateAfterBlur('Start', '2023-12-31', 'Start must be after 2024-01-01');
    await dateAfterBlur('Start', '2025-01-01', 'Start must be no later than 2024-12-31');
    await dateAfterBlur('Meeting', '2024-01-01T08:59', 'Meeting must be after 2024-01-01T09:00');
    await dateAfterBlur('Meeting', '2024-12-31T17:01', 'Meeting must be no later than 2024-12-31T17:00');
    await expectAfterBlur(page, box('Homepage'), 'example.com', 'Homepage is not a valid URL');

    // Lengths of lists are not shown after blur: only once a save is tried.
    assert.equal(await page.getByText('Must have at least 1 item(s).').count(), 0);
  }, SITE));

/** Picks `file` with the file picker that `button` opens. */
async function choose(page, button, file) {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), button.click()]);
  await chooser.setFiles(file);
}

/** Picks `choice` in a combobox after typing `text` into it. */
async function pick(page, combobox, text, choice) {
  await combobox.click();
  await combobox.fill(text);
  await page.getByRole('option', { name: choice }).click();
  await combobox.press('Escape');
}

test('a save forces every message, required ones and list lengths included, and writes only a valid entry', () =>
  journey(async ({ page, open, site }) => {
    await open('/keystatic/collection/checks/create');
    await page.getByRole('textbox', { name: 'Title' }).fill('Fresh check');
    await page.getByRole('button', { name: 'Create' }).click();
    const group = (name) => page.getByRole('group', { name });
    for (const message of [
      'Code must be at least 3 characters long',
      'Nickname must not be empty',
      'Count is required',
      'Weight is required',
      'Start is required',
      'Meeting is required',
      'Homepage is required',
      'Owner is required',
      'Logo is required',
      'Attachment is required',
      'Picture is required',
      'Image URL is required.',
    ]) {
      await page.getByText(message, { exact: true }).waitFor();
    }
    // Once for the reviewers' picker, once for the steps.
    await group('Steps').getByText('Must have at least 1 item(s).').waitFor();
    assert.equal(await page.getByText('Must have at least 1 item(s).').count(), 2);
    assert.equal(await page.getByRole('combobox', { name: 'Reviewers' }).getAttribute('aria-invalid'), 'true');
    assert.equal(site.read('content/checks/fresh-check.yaml'), null, 'an invalid form is not saved');

    const box = (name) => page.getByRole('textbox', { name, exact: true });
    await box('Code').fill('ABCD');
    await box('Nickname').fill('Fresh');
    await box('Count').fill('4');
    await box('Weight').fill('0.7');
    await fillDate(page, 'Start', '2024-03-01');
    await fillDate(page, 'Meeting', '2024-03-01T10:30');
    await box('Homepage').fill('https://example.com/fresh');
    await pick(page, page.getByRole('combobox', { name: 'Owner' }), 'mei', 'mei-lin');
    await pick(page, page.getByRole('combobox', { name: 'Logo' }), 'logo', 'public/images/logo.png');
    const notes = Buffer.from('Remember the milk.\n');
    await choose(page, group('Attachment').getByRole('button', { name: 'Choose file' }), { name: 'Notes.TXT', mimeType: 'text/plain', buffer: notes });
    const picture = png(3, 2);
    await choose(page, group('Picture').getByRole('button', { name: 'Choose image' }), { name: 'p.png', mimeType: 'image/png', buffer: picture });
    await group('Banner').getByRole('textbox', { name: 'Image URL' }).fill('https://images.example.com/banner.png');

    // Three reviewers and three steps are one too many each: 'at most' shows, since validation is forced.
    const reviewers = page.getByRole('combobox', { name: 'Reviewers' });
    for (const slug of ['ada-palmer', 'mei-lin', 'tomas-reyes']) await pick(page, reviewers, slug, slug);
    await page.getByText('Must have at most 2 item(s).').waitFor();
    for (const step of ['Plan', 'Do', 'Check']) {
      await group('Steps').getByRole('button', { name: 'Add' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add item' });
      if (step === 'Plan') {
        // An invalid item cannot be added: its dialog shows why.
        await dialog.getByRole('button', { name: 'Add' }).click();
        await dialog.getByText('Step must not be empty').waitFor();
      }
      await dialog.getByRole('textbox', { name: 'Step' }).fill(step);
      await dialog.getByRole('button', { name: 'Add' }).click();
      await dialog.waitFor({ state: 'detached' });
    }
    await group('Steps').getByText('Must have at most 2 item(s).').waitFor();
    assert.equal(await page.getByText('Must have at most 2 item(s).').count(), 2);
    await page.getByRole('button', { name: 'Create' }).click();
    assert.equal(site.read('content/checks/fresh-check.yaml'), null);

    await page.getByRole('button', { name: 'Remove tomas-reyes', exact: true }).click();
    await page.getByRole('row', { name: 'Item 3' }).getByRole('button', { name: 'Remove' }).click();
    assert.equal(await page.getByText(/^Must have/).count(), 0);
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL('**/keystatic/collection/checks/item/fresh-check');
    assert.equal(
      site.read('content/checks/fresh-check.yaml'),
      [
        'title: Fresh check',
        'code: ABCD',
        'nickname: Fresh',
        'count: 4',
        'weight: 0.7',
        'start: 2024-03-01',
        'meeting: 2024-03-01T10:30:00.000Z',
        'homepage: https://example.com/fresh',
        'owner: mei-lin',
        'logo: public/images/logo.png',
        'attachment: attachment.TXT',
        'picture: picture.png',
        'banner:',
        '  src: https://images.example.com/banner.png',
        'reviewers:',
        '  - ada-palmer',
        '  - mei-lin',
        'steps:',
        '  - Plan',
        '  - Do',
        '',
      ].join('\n'),
    );
    // Without a directory a file goes in the entry's folder; with one, under it and the slug.
    assert.deepEqual(site.readBytes('content/checks/fresh-check/attachment.TXT'), notes);
    assert.deepEqual(site.readBytes('public/checks/fresh-check/picture.png'), picture);
  }, SITE));

test('slug rules: empty, slashes, spaces, dots, uniqueness; folders and backslashes under **', () =>
  journey(async ({ page, open, site }) => {
    await open('/keystatic/collection/checks/create');
    const title = page.getByRole('textbox', { name: 'Title' });
    const slug = page.getByRole('textbox', { name: 'Slug' });
    // Generated duplicates get the first free suffix.
    await title.fill('Taken');
    await valueBecomes(slug, 'taken-2');
    await expectAfterBlur(page, slug, 'taken', 'Slug must be unique');
    await expectAfterBlur(page, slug, '', 'Slug must not be empty');
    await expectAfterBlur(page, slug, 'a/b', 'Slug must not contain slashes');
    await expectAfterBlur(page, slug, 'a\\b', 'Slug must not contain slashes');
    await expectAfterBlur(page, slug, ' padded', 'Slug must not start or end with spaces');
    await expectAfterBlur(page, slug, 'padded ', 'Slug must not start or end with spaces');
    await expectAfterBlur(page, slug, '.', 'Slug must not be .');
    await expectAfterBlur(page, slug, '..', 'Slug must not be ..');

    // Under `**` a slug may name folders; no segment may be '.' or '..', and backslashes are barred.
    await open('/keystatic/collection/nested/create');
    await page.getByRole('textbox', { name: 'Title' }).fill('Setup');
    await expectAfterBlur(page, slug, 'guides\\setup', 'Slug must not contain backslashes');
    await expectAfterBlur(page, slug, 'guides/../setup', 'Slug must not be ..');
    await expectAfterBlur(page, slug, 'guides/./setup', 'Slug must not be .');
    await expectAfterBlur(page, slug, 'guides/intro', 'Slug must be unique');
    await slug.fill('guides/setup');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL('**/keystatic/collection/nested/item/guides/setup');
    assert.equal(site.read('content/nested/guides/setup.yaml'), 'title: Setup\n');
  }, SITE));

test('stored dates that are not valid open in the form with their messages, and saving shows why instead of writing', () =>
  journey(async ({ page, open, site }) => {
    await open('/keystatic/collection/checks/item/taken');
    const nickname = page.getByRole('textbox', { name: 'Nickname' });
    assert.equal(await nickname.inputValue(), 'Tee');
    // The messages show from the start, with the text the file holds.
    await page.getByText('Start is not a valid date').waitFor();
    await page.getByText('Meeting is not a valid datetime').waitFor();
    await page.getByText('The file holds: 2024-02-30', { exact: true }).waitFor();
    await page.getByText('The file holds: 2024-06-01 10:00', { exact: true }).waitFor();
    await nickname.fill('Tea');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Start is not a valid date').waitFor();
    assert.equal(site.read('content/checks/taken.yaml'), EXISTING);
  }, SITE));

/** The post of examples/blog whose date the next journey breaks, as the site has it. */
const POST = 'content/posts/collections-and-singletons.mdoc';
const POST_TEXT = readFileSync(new URL(`../../examples/blog/${POST}`, import.meta.url), 'utf8');
const NO_SUCH_DAY = POST_TEXT.replace('publishedDate: 2024-06-26\n', 'publishedDate: 2024-13-45\n');

test('a post dated 2024-13-45 opens with "Published date is not a valid date" and its stored text, and nothing is saved over it', () =>
  journey(
    async ({ page, open, site }) => {
      assert.notEqual(NO_SUCH_DAY, POST_TEXT);
      await open('/keystatic/collection/posts/item/collections-and-singletons');
      const month = page.getByRole('group', { name: 'Published date', exact: true }).getByRole('spinbutton').first();
      // js-yaml alone would open this post dated 2025-02-14; the form shows the message instead.
      await page.getByText('Published date is not a valid date', { exact: true }).waitFor();
      await page.getByText('The file holds: 2024-13-45', { exact: true }).waitFor();
      assert.equal(await dateShown(page, 'Published date'), 'mm/dd/yyyy', 'empty');
      assert.equal(await month.getAttribute('aria-invalid'), 'true');

      // Another field changed: the save is refused, and the file keeps its bytes.
      const summary = page.getByRole('textbox', { name: 'Summary' });
      await summary.fill('Two ways to model content.');
      await page.getByRole('button', { name: 'Save' }).click();
      // The refused save puts the focus on the field to fix.
      await page.waitForFunction(() => document.activeElement?.closest('[data-field="publishedDate"]') != null);
      assert.equal(site.read(POST), NO_SUCH_DAY);

      // The gate refuses such a date as well.
      const answer = await page.evaluate(async ([path, contents]) => {
        const response = await fetch('/api/keystatic/v1/commit', {
          method: 'POST',
          headers: { 'no-cors': '1', 'content-type': 'application/json' },
          body: JSON.stringify({ additions: [{ path, contents: btoa(contents) }], deletions: [], expected: { [path]: null } }),
        });
        return { status: response.status, body: await response.json() };
      }, ['content/posts/sneaky.mdoc', NO_SUCH_DAY]);
      assert.equal(answer.status, 422);
      assert.deepEqual(answer.body.details.problems, ['content/posts/sneaky.mdoc: publishedDate: Published date is not a valid date']);
      assert.equal(site.read('content/posts/sneaky.mdoc'), null);

      // Once the editor picks a day, the message and the stored text go, and the entry saves.
      await fillDate(page, 'Published date', '2024-12-25');
      await page.getByText('The file holds: 2024-13-45').waitFor({ state: 'detached' });
      assert.equal(await page.getByText('Published date is not a valid date').count(), 0);
      await page.getByRole('button', { name: 'Save' }).click();
      await saved(page);
      assert.equal(
        site.read(POST),
        POST_TEXT.replace('publishedDate: 2024-06-26\n', 'publishedDate: 2024-12-25\n').replace(
          'summary: Two ways to model content, and when to use each.\n',
          'summary: Two ways to model content.\n',
        ),
      );
    },
    { files: { [POST]: NO_SUCH_DAY } },
  ));

const BAD_CONFIG = `storage:
  kind: local
collections:
  things:
    label: Things
    path: content/things
    slugField: title
    schema:
      title: { kind: integer, label: Title }
      short: { kind: object, label: Short, layout: [6, 5], fields: { a: { kind: text, label: A }, b: { kind: text, label: B } } }
      missing: { kind: object, label: Missing, layout: [12], fields: { a: { kind: text, label: A }, b: { kind: text, label: B } } }
      empty: { kind: object, label: Empty, layout: [0, 12], fields: { a: { kind: text, label: A }, b: { kind: text, label: B } } }
      wide: { kind: object, label: Wide, layout: [13, 11], fields: { a: { kind: text, label: A }, b: { kind: text, label: B } } }
      kind: { kind: select, label: Kind, options: [{ label: One, value: one }], defaultValue: two }
singletons:
  home:
    label: Home
    path: content/*
    schema:
      title: { kind: text, label: Title }
`;

test('configuration mistakes keep the server from starting, each named with its place', async () => {
  await assert.rejects(startSite('examples/blog', { files: { 'quire.yaml': BAD_CONFIG } }), (error) => {
    for (const message of [
      'quire.yaml:6:11: collection "things": path "content/things" must end with /* or /** or include /*/ or /**/',
      'quire.yaml:7:16: collection "things": slugField is a not a slug field ("title" is integer)',
      'field "short": The layout must span exactly 12 columns',
      'field "missing": A column span is required for every field in the layout',
      'field "empty": The layout must not contain empty columns',
      'field "wide": Fields may not span more than 12 columns',
      'field "kind": a defaultValue of "two" was provided for a select field but it does not match the value of one of the options provided',
      'singleton "home": path "content/*" cannot include *',
    ]) {
      assert.ok(error.message.includes(message), `${message}\nin\n${error.message}`);
    }
    return true;
  });
});
