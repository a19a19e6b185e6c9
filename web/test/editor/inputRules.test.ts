// @vitest-environment happy-dom
/** Every Markdown shortcut and text replacement, typed into a document with a cursor. */
import { describe, expect, it } from 'vitest';
import { defaultEditorOptions } from '../../src/editor/options';
import type { EditorOptions } from '../../src/editor/options';
import { createEditorSchema } from '../../src/editor/schema/createSchema';
import { builders } from './builder';
import { expected, open } from './harness';

const { schema } = createEditorSchema(defaultEditorOptions, []);
const { doc, p, h, blockquote, ul, ol, li, codeBlock, hr, bold, italic, strike, code, link } = builders(schema);

describe('block shortcuts at the start of a paragraph', () => {
  it.each([
    ['> ', doc(blockquote(p('<cursor>')))],
    ['1. ', doc(ol()(li(p('<cursor>'))))],
    ['3) ', doc(ol(3)(li(p('<cursor>'))))],
    ['- ', doc(ul(li(p('<cursor>'))))],
    ['+ ', doc(ul(li(p('<cursor>'))))],
    ['* ', doc(ul(li(p('<cursor>'))))],
    ['``` ', doc(codeBlock()('<cursor>'))],
    ['```ts ', doc(codeBlock('ts')('<cursor>'))],
    ['```c++ ', doc(codeBlock('c++')('<cursor>'))],
    ['---', doc(hr(), p('<cursor>'))],
    ['# ', doc(h(1)('<cursor>'))],
    ['### ', doc(h(3)('<cursor>'))],
    ['###### ', doc(h(6)('<cursor>'))],
  ])('%j', (typed, result) => {
    expect(open(doc(p('<cursor>'))).type(typed).print()).toBe(expected(result));
  });

  it('keeps the text after the cursor in the new block', () => {
    expect(open(doc(p('<cursor>quote'))).type('> ').print()).toBe(expected(doc(blockquote(p('<cursor>quote')))));
  });

  it('three backticks, a language and Enter make a code block', () => {
    const editor = open(doc(p('<cursor>')));
    editor.type('```rust');
    editor.press('Enter');
    expect(editor.print()).toBe(expected(doc(codeBlock('rust')('<cursor>'))));
  });

  it('continues a numbered list above when the next number is typed', () => {
    const editor = open(doc(ol()(li(p('a'))), p('<cursor>')));
    expect(editor.type('2. ').print()).toBe(expected(doc(ol()(li(p('a')), li(p('<cursor>'))))));
  });

  it('a divider typed above text leaves the text after it', () => {
    expect(open(doc(p('<cursor>text'))).type('---').print()).toBe(expected(doc(hr(), p('<cursor>text'))));
  });
});

describe('shortcuts follow the field options', () => {
  function typedWith(options: Partial<EditorOptions>, text: string) {
    const editorSchema = createEditorSchema({ ...defaultEditorOptions, ...options }, []);
    const b = builders(editorSchema.schema);
    return open(b.doc(b.p('<cursor>'))).type(text).print();
  }

  it.each([
    [{ heading: [1, 2] as const }, '### '],
    [{ heading: [] }, '# '],
    [{ blockquote: false }, '> '],
    [{ orderedList: false }, '1. '],
    [{ unorderedList: false }, '- '],
    [{ codeBlock: false }, '``` '],
    [{ divider: false }, '---'],
    [{ bold: false }, '**a**'],
    [{ link: false }, '[a](/b)'],
  ])('%j leaves %j as text', (options, text) => {
    const editorSchema = createEditorSchema({ ...defaultEditorOptions, ...options }, []);
    const b = builders(editorSchema.schema);
    expect(typedWith(options, text)).toBe(expected(b.doc(b.p(`${text}<cursor>`))));
  });
});

describe('inline shortcuts when the closing marker is typed', () => {
  it.each([
    ['**bold**', doc(p('a ', bold('bold'), '<cursor>'))],
    ['__bold__', doc(p('a ', bold('bold'), '<cursor>'))],
    ['*it*', doc(p('a ', italic('it'), '<cursor>'))],
    ['_it_', doc(p('a ', italic('it'), '<cursor>'))],
    ['~~gone~~', doc(p('a ', strike('gone'), '<cursor>'))],
    ['`x = 1`', doc(p('a ', code('x = 1'), '<cursor>'))],
    ['[text](https://example.com)', doc(p('a ', link('https://example.com')('text'), '<cursor>'))],
  ])('%j', (typed, result) => {
    expect(open(doc(p('a <cursor>'))).type(typed).print()).toBe(expected(result));
  });

  it('apply inside list items and quotes too', () => {
    const editor = open(doc(ul(li(p('a <cursor>'))), p()));
    editor.type('**b** [c](/d)');
    expect(editor.print()).toBe(expected(doc(ul(li(p('a ', bold('b'), ' ', link('/d')('c'), '<cursor>'))), p())));
    const quoted = open(doc(blockquote(p('<cursor>')), p()));
    expect(quoted.type('_e_').print()).toBe(expected(doc(blockquote(p(italic('e'), '<cursor>')), p())));
  });

  it.each([
    ['an underscore inside a word', 'snake_case_', 'a snake_case_<cursor>'],
    ['a marker around spaces', '** a **', 'a ** a **<cursor>'],
    ['an image', '![alt](x.png)', 'a ![alt](x.png)<cursor>'],
  ])('leaves %s as text', (_name, typed, text) => {
    expect(open(doc(p('a <cursor>'))).type(typed).print()).toBe(expected(doc(p(text))));
  });

  it('does not apply inside code blocks', () => {
    expect(open(doc(codeBlock()('<cursor>'))).type('**a** -> ').print()).toBe(
      expected(doc(codeBlock()('**a** -> <cursor>'))),
    );
  });
});

describe('text replacements when a space is typed', () => {
  it.each([
    ['... ', '… '],
    ['-> ', '→ '],
    ['--> ', '→ '],
    ['<- ', '← '],
    ['<-- ', '← '],
    ['-- ', '– '],
    ['(c) ', '© '],
    ['(r) ', '® '],
    ['(tm) ', '™ '],
  ])('%j', (typed, result) => {
    expect(open(doc(p('a<cursor>'))).type(typed).print()).toBe(expected(doc(p(`a${result}<cursor>`))));
  });

  it('Backspace right after a replacement undoes it', () => {
    const editor = open(doc(p('a<cursor>')));
    editor.type('-> ');
    editor.press('Backspace');
    expect(editor.print()).toBe(expected(doc(p('a-> <cursor>'))));
  });
});
