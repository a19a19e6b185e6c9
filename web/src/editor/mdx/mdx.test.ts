/** MDX text → document → text, as Keystatic writes it, with JSX components; and what is refused. */
import { describe, expect, it } from 'vitest';
import { testComponent } from '../../../test/editor/components';
import type { EditorComponent, PropsCodec } from '../components';
import { defaultEditorOptions } from '../options';
import { ContentParseError } from '../parseError';
import { createEditorSchema } from '../schema/createSchema';
import { mdxToDoc } from './parse';
import { docToMdx } from './serialize';

/** Props kept as given, in the order given: enough to see attributes travel both ways. */
const passThrough: PropsCodec = {
  defaultValue: () => ({}),
  parse: (attributes) => ({ ...attributes }),
  serialize: (value) => ({ ...value }),
  validate: () => null,
  label: (key) => key,
};

function component(name: string, kind: EditorComponent['kind']): EditorComponent {
  return testComponent(name, kind, { hasProps: true, props: passThrough });
}

const editorSchema = createEditorSchema(defaultEditorOptions, [
  component('Note', 'wrapper'),
  component('Video', 'block'),
  component('Badge', 'inline'),
  component('Highlight', 'mark'),
]);

function roundTrip(text: string): string {
  return docToMdx(mdxToDoc(text, editorSchema)).text;
}

function problems(text: string): string[] {
  try {
    mdxToDoc(text, editorSchema);
  } catch (error) {
    if (error instanceof ContentParseError) return error.problems.map((p) => `${p.line}:${p.message}`);
    throw error;
  }
  return [];
}

describe('writes as Keystatic does', () => {
  it.each([
    ['empty document', '', ''],
    ['paragraphs', 'a\n\n\n\nb', 'a\n\nb\n'],
    ['marks', '_a_ __b__ ~~c~~ `d`', '*a* **b** ~~c~~ `d`\n'],
    ['headings', '# a\n\n###### b', '# a\n\n###### b\n'],
    ['bullets become stars', '- a\n- b', '* a\n* b\n'],
    ['ordered lists count up', '5. a\n1. b', '5. a\n6. b\n'],
    ['nested lists stay tight', '- a\n  - b\n- c', '* a\n  * b\n* c\n'],
    ['divider', 'a\n\n***\n\nb', 'a\n\n---\n\nb\n'],
    ['code with info', '```js title="a.js"\nx\n```', '```js title="a.js"\nx\n```\n'],
    ['an undefined reference is text', '[a][nowhere]', '\\[a]\\[nowhere]\n'],
    ['reference links resolve', '[a][b]\n\n[b]: https://example.com', '[a](https://example.com)\n'],
    ['link titles are dropped', '[a](/b "t")', '[a](/b)\n'],
    ['hard break', 'a\\\nb', 'a\\\nb\n'],
    ['table', '| a | b |\n| - | - |\n| c | d |', '| a | b |\n| - | - |\n| c | d |\n'],
    ['wrapper element', '<Note kind="info">\n  Hi\n</Note>', '<Note kind="info">\n  Hi\n</Note>\n'],
    ['block element with expressions', '<Video id="x" start={3} tags={["a","b"]} loop />', '<Video id="x" start={3} tags={["a","b"]} loop />\n'],
    ['inline element', 'a <Badge text="new" /> b', 'a <Badge text="new" /> b\n'],
    ['mark element', 'a <Highlight tone="warm">b</Highlight> c', 'a <Highlight tone="warm">b</Highlight> c\n'],
  ])('%s', (_name, text, written) => {
    expect(roundTrip(text)).toBe(written);
  });
});

describe('refuses what Keystatic refuses', () => {
  it.each([
    ['ESM', 'import x from "y"\n\na', ['1:Unhandled type mdxjsEsm']],
    ['expressions', '{1 + 1}', ['1:Unhandled type mdxFlowExpression']],
    ['code in props', '<Video id={name} />', ['1:mdxJsxFlowElement has unexpected attributes']],
    ['syntax errors', '<Note', ['1:Unexpected end of file in name, expected a name character such as letters, digits, `$`, or `_`; whitespace before attributes; or the end of the tag']],
  ])('%s', (_name, text, expected) => {
    expect(problems(text)).toEqual(expected);
  });
});

describe('an element in text the field does not define (Keystatic refuses the whole document)', () => {
  it.each([
    ['HTML in text', 'Press <u>twice</u> to **stop <span class="x">now</span>**.\n'],
    ['a void element', 'One<br />two\n'],
    ['an unknown component', 'a <Callout tone="warm">b</Callout> c\n'],
  ])('%s is kept as written, shown as its text, and written back untouched', (_name, text) => {
    const doc = mdxToDoc(text, editorSchema);
    const kept: string[] = [];
    doc.descendants((node) => void (node.type.name === 'missing_inline' && kept.push(node.attrs.text as string)));
    expect(kept.length).toBeGreaterThan(0);
    for (const source of kept) expect(text).toContain(source);
    expect(docToMdx(doc).text).toBe(text);
  });
});

describe('a block element the field does not define', () => {
  const text = '<Gallery size={3} title="Trips">\n  * a\n</Gallery>\n\nAfter\n';

  it('is kept as written, and written back untouched', () => {
    const doc = mdxToDoc(text, editorSchema);
    expect(doc.firstChild?.type.name).toBe('missing_block');
    expect(doc.firstChild?.attrs).toMatchObject({ name: 'Gallery', props: { size: '{3}', title: 'Trips' } });
    expect(doc.firstChild?.attrs.text).toBe('<Gallery size={3} title="Trips">\n  * a\n</Gallery>');
    expect(docToMdx(doc).text).toBe(text);
  });
});
