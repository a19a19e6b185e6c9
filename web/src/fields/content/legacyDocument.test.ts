/**
 * The legacy document field opens in the Markdoc editor with the features its config switched on
 * (as the server reads them into options) and writes the Markdoc Keystatic's document field writes.
 */
import { describe, expect, it } from 'vitest';
import type { ContentField } from '../../api/config';
import { docToMarkdoc } from '../../editor/markdoc/serialize';
import { commandsFor } from '../../editor/commands/registry';
import { markdocToDoc } from '../../editor/markdoc/parse';
import { ContentParseError } from '../../editor/parseError';
import { editorSchemaFor } from './editorSchema';
import { kindOf } from '../registry';
import { normalizeField } from '../../../test/normalized';

/** What the server sends for a document field with every formatting feature switched on, links and `layouts: [[1, 1]]`. */
const document: ContentField = {
  kind: 'document',
  label: 'Body',
  description: null,
  extension: 'mdoc',
  options: {
    bold: true, italic: true, underline: true, strikethrough: true, code: true, superscript: true, subscript: true, keyboard: true,
    orderedList: true, unorderedList: true, alignment: true, blockquote: true, codeBlock: true, heading: [1, 2, 3, 4, 5, 6],
    divider: false, link: true, table: false, image: false, layouts: [[1, 1]],
  },
  components: {},
};

const roundTrip = (text: string) => docToMarkdoc(markdocToDoc(text, editorSchemaFor(document, kindOf))).text;

function problems(text: string): string[] {
  try {
    markdocToDoc(text, editorSchemaFor(document, kindOf));
    return [];
  } catch (error) {
    if (error instanceof ContentParseError) return error.problems.map((problem) => problem.message);
    throw error;
  }
}

describe('the legacy document field', () => {
  it.each([
    ['marks without Markdown syntax as tags', 'a {% u %}b{% /u %} {% kbd %}c{% /kbd %} {% sup %}d{% /sup %}\n'],
    ['alignment as an annotation', 'Centred {% textAlign="center" %}\n'],
    ['layouts', '{% layout layout=[1, 1] %}\n{% layout-area %}\nA\n{% /layout-area %}\n\n{% layout-area %}\nB\n{% /layout-area %}\n{% /layout %}\n'],
    ['links and lists', '- [a](https://example.com)\n- **b**\n'],
  ])('writes %s back as it reads them', (_name, text) => {
    expect(roundTrip(text)).toBe(text);
  });

  it('refuses what its config leaves off', () => {
    expect(problems('---\n')).toEqual(['hr is not allowed']);
    expect(problems('{% table %}\n- a\n{% /table %}\n')).toEqual(['table is not allowed']);
  });
});

describe("a document field with Keystatic's object forms of headingLevels and blockTypes.code", () => {
  const headed = normalizeField({
    kind: 'document',
    label: 'Body',
    formatting: {
      headingLevels: { levels: [1, 2, 3, 4], schema: { anchor: { kind: 'text', label: 'Anchor' } } },
      blockTypes: { blockquote: true, code: { schema: { title: { kind: 'text', label: 'Title' } } } },
    },
  }) as ContentField;
  const schema = editorSchemaFor(headed, kindOf);

  it('reads and writes the props of headings and code blocks', () => {
    const text = '## Our story {% anchor="story" %}\n\n```js {% title="hello.js" %}\nhello();\n```\n';
    const doc = markdocToDoc(text, schema);
    expect(doc.firstChild?.attrs.props).toEqual({ anchor: 'story' });
    expect(docToMarkdoc(doc).text).toBe(text);
  });

  it('keeps to the levels it names', () => {
    expect(() => markdocToDoc('##### Too deep\n', schema)).toThrow(ContentParseError);
  });
});

describe("a document field with one alignment (Keystatic's alignment: { center: true })", () => {
  const centred = normalizeField({ kind: 'document', label: 'Body', formatting: { alignment: { center: true } } }) as ContentField;
  const schema = editorSchemaFor(centred, kindOf);

  it('offers the start and that alignment, not the other', () => {
    const offered = commandsFor(schema)
      .filter((command) => command.group === 'alignment')
      .map((command) => command.name);
    expect(offered).toEqual(['alignStart', 'alignCenter']);
  });

  it('reads centred text and refuses text aligned to the end', () => {
    const text = 'Centred {% textAlign="center" %}\n';
    expect(docToMarkdoc(markdocToDoc(text, schema)).text).toBe(text);
    expect(() => markdocToDoc('Ended {% textAlign="end" %}\n', schema)).toThrow(ContentParseError);
  });
});
