/**
 * Headings and code blocks with props (a Markdoc field's `heading.schema` and `codeBlock.schema`):
 * read from their annotations and written back as Keystatic writes them.
 */
import { describe, expect, it } from 'vitest';
import { normalizeField } from '../../../test/normalized';
import type { ContentField } from '../../api/config';
import { markdocToDoc } from '../../editor/markdoc/parse';
import { docToMarkdoc } from '../../editor/markdoc/serialize';
import { ContentParseError } from '../../editor/parseError';
import { editorSchemaFor } from './editorSchema';
import { kindOf } from '../registry';

const field = normalizeField({
  kind: 'markdoc',
  label: 'Content',
  options: {
    heading: { levels: [1, 2, 3], schema: { id: { kind: 'text', label: 'Id' } } },
    codeBlock: { schema: { title: { kind: 'text', label: 'Title' } } },
  },
}) as ContentField;

const roundTrip = (text: string) => docToMarkdoc(markdocToDoc(text, editorSchemaFor(field, kindOf))).text;

describe('heading and code block props', () => {
  it('are read from annotations and written back', () => {
    const text = '## Install {% #install %}\n\n```js {% title="setup.js" %}\nrun()\n```\n';
    const doc = markdocToDoc(text, editorSchemaFor(field, kindOf));
    expect(doc.child(0).attrs.props).toEqual({ id: 'install' });
    expect(doc.child(1).attrs.props).toEqual({ title: 'setup.js' });
    expect(roundTrip(text)).toBe(text);
  });

  it('are empty where a heading has none, which writes nothing for empty text', () => {
    expect(roundTrip('# Plain\n')).toBe('# Plain\n');
  });

  it('refuse an annotation the schema does not declare', () => {
    try {
      markdocToDoc('## A {% color="red" %}\n', editorSchemaFor(field, kindOf));
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ContentParseError);
      expect((error as ContentParseError).problems.map((problem) => problem.message)).toEqual([
        'heading: Key on object value "color" is not allowed',
      ]);
    }
  });
});
