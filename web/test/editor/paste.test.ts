// @vitest-environment happy-dom
/** Pasting plain text: Markdown becomes structure, a lone URL becomes a link. */
import { describe, expect, it, vi } from 'vitest';
import { defaultEditorOptions } from '../../src/editor/options';
import { createEditorSchema } from '../../src/editor/schema/createSchema';
import { builders } from './builder';
import { expected, open } from './harness';

const { schema } = createEditorSchema({ ...defaultEditorOptions, heading: [1, 2] }, []);
const { doc, p, h, ul, li, bold, italic, link } = builders(schema);

describe('pasting text', () => {
  it('reads Markdown', () => {
    const editor = open(doc(p('<cursor>')));
    editor.paste('## Title\n\n- **one**\n- two');
    expect(editor.print()).toBe(expected(doc(h(2)('Title'), ul(li(p(bold('one'))), li(p('two<cursor>'))))));
  });

  it('pastes one line of text into the paragraph', () => {
    const editor = open(doc(p('a <cursor>b')));
    editor.paste('*x*');
    expect(editor.print()).toBe(expected(doc(p('a ', italic('x'), '<cursor>b'))));
  });

  it('keeps text the field cannot hold as plain paragraphs', () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const editor = open(doc(p('<cursor>')));
    editor.paste('#### Deep\nline');
    expect(editor.print()).toBe(expected(doc(p('#### Deep'), p('line<cursor>'))));
    expect(info).toHaveBeenCalledOnce();
    info.mockRestore();
  });

  it('links the selected text to a pasted URL', () => {
    const editor = open(doc(p('see <anchor>docs<head>')));
    editor.paste('https://example.com/docs');
    expect(editor.print()).toBe(expected(doc(p('see ', link('https://example.com/docs')('<anchor>docs<head>')))));
  });

  it('inserts a lone URL as a link', () => {
    const editor = open(doc(p('see <cursor>')));
    editor.paste('https://example.com');
    expect(editor.print()).toBe(expected(doc(p('see ', link('https://example.com')('https://example.com'), '<cursor>'))));
  });
});

describe('pasting HTML', () => {
  it('keeps structure and marks the field has', () => {
    const editor = open(doc(p('<cursor>')));
    editor.pasteHTML('<h2>Title</h2><p>Some <strong>bold</strong> and <a href="https://example.com">a link</a></p>');
    expect(editor.print()).toBe(expected(doc(h(2)('Title'), p('Some ', bold('bold'), ' and ', link('https://example.com')('a link<cursor>')))));
  });

  it('keeps the address of a link where the field has no links', () => {
    const { schema } = createEditorSchema({ ...defaultEditorOptions, link: false }, []);
    const { doc, p } = builders(schema);
    const editor = open(doc(p('<cursor>')));
    editor.pasteHTML('<p>Read <a href="https://example.com/docs">the docs</a> first</p>');
    expect(editor.print()).toBe(expected(doc(p('Read the docs (https://example.com/docs) first<cursor>'))));
  });

  it('does not repeat an address shown as the text, nor add addresses that lead nowhere outside', () => {
    const { schema } = createEditorSchema({ ...defaultEditorOptions, link: false }, []);
    const { doc, p } = builders(schema);
    const editor = open(doc(p('<cursor>')));
    editor.pasteHTML('<p>See <a href="https://example.com">https://example.com</a> and a note<a href="#cite-1">[1]</a></p>');
    expect(editor.print()).toBe(expected(doc(p('See https://example.com and a note[1]<cursor>'))));
  });
});
