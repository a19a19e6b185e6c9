// @vitest-environment happy-dom
/** Keyboard shortcuts of spec §9 and the registry commands behind the toolbar. */
import { CellSelection } from 'prosemirror-tables';
import { describe, expect, it } from 'vitest';
import { applyLink, linkDialogKey, openLinkDialog } from '../../src/editor/link/linkDialog';
import { defaultEditorOptions } from '../../src/editor/options';
import { createEditorSchema } from '../../src/editor/schema/createSchema';
import { builders } from './builder';
import { testComponent } from './components';
import { expected, open } from './harness';

const { schema } = createEditorSchema({ ...defaultEditorOptions, underline: true, alignment: true }, []);
const { doc, p, alignedP, h, blockquote, ul, ol, li, codeBlock, hr, table, tr, th, td, bold, italic, underline, strike, code, link } =
  builders(schema);

describe('marks', () => {
  it.each([
    ['Mod-b', bold],
    ['Mod-i', italic],
    ['Mod-u', underline],
    ['Mod-Shift-s', strike],
    ['Mod-e', code],
  ])('%s toggles its mark on the selection', (keys, mark) => {
    const editor = open(doc(p('a <anchor>word<head> b')));
    editor.press(keys);
    expect(editor.print()).toBe(expected(doc(p('a ', mark('<anchor>word<head>'), ' b'))));
    editor.press(keys);
    expect(editor.print()).toBe(expected(doc(p('a <anchor>word<head> b'))));
  });

  it('Mod-b with a cursor makes the next typed text bold', () => {
    const editor = open(doc(p('a <cursor>')));
    editor.press('Mod-b');
    editor.type('b');
    expect(editor.print()).toBe(expected(doc(p('a ', bold('b'), '<cursor>'))));
  });

  it('Mod-\\ clears formatting but keeps links', () => {
    const editor = open(doc(p('<anchor>', bold('a', italic('b')), link('/x')(bold('c')), '<head>')));
    editor.press('Mod-\\');
    expect(editor.print()).toBe(expected(doc(p('<anchor>ab', link('/x')('c'), '<head>'))));
  });
});

describe('links', () => {
  it('Mod-k opens the dialog for the selection', () => {
    const editor = open(doc(p('a <anchor>word<head>')));
    editor.press('Mod-k');
    expect(linkDialogKey.getState(editor.state)).toEqual({ from: 3, to: 7, href: null });
  });

  it('the dialog wraps the selection in the link', () => {
    const editor = open(doc(p('a <anchor>word<head>')));
    editor.press('Mod-k');
    applyLink('/docs')(editor.state, editor.view.dispatch);
    expect(editor.print()).toBe(expected(doc(p('a ', link('/docs')('<anchor>word<head>')))));
    expect(linkDialogKey.getState(editor.state)).toBeNull();
  });

  it('with a cursor the address becomes the link text', () => {
    const editor = open(doc(p('see <cursor>')));
    editor.press('Mod-k');
    applyLink('https://example.com')(editor.state, editor.view.dispatch);
    expect(editor.print()).toBe(expected(doc(p('see ', link('https://example.com')('https://example.com'), '<cursor>'))));
  });

  it('editing a link changes the address of the whole link', () => {
    const editor = open(doc(p(link('/a')('on', bold('e<cursor>')), ' x')));
    openLinkDialog(editor.state, editor.view.dispatch);
    expect(linkDialogKey.getState(editor.state)).toEqual({ from: 1, to: 4, href: '/a' });
    applyLink('/b')(editor.state, editor.view.dispatch);
    expect(editor.print()).toBe(expected(doc(p(link('/b')('on', bold('e<cursor>')), ' x'))));
  });

  it('Mod-k on a link removes it', () => {
    const editor = open(doc(p('a ', link('/x')('wo<cursor>rd'), ' b')));
    editor.press('Mod-k');
    expect(editor.print()).toBe(expected(doc(p('a wo<cursor>rd b'))));
  });
});

describe('lists', () => {
  it('Tab indents an item under the previous one; Shift-Tab outdents it', () => {
    const editor = open(doc(ul(li(p('a')), li(p('b<cursor>')))));
    editor.press('Tab');
    expect(editor.print()).toBe(expected(doc(ul(li(p('a'), ul(li(p('b<cursor>'))))))));
    editor.press('Shift-Tab');
    expect(editor.print()).toBe(expected(doc(ul(li(p('a')), li(p('b<cursor>'))))));
  });

  it('Enter splits an item', () => {
    const editor = open(doc(ul(li(p('ab<cursor>cd')))));
    editor.press('Enter');
    expect(editor.print()).toBe(expected(doc(ul(li(p('ab')), li(p('<cursor>cd'))))));
  });

  it('Enter on an empty item lifts it out of the list', () => {
    const editor = open(doc(ul(li(p('a')), li(p('<cursor>'))), p()));
    editor.press('Enter');
    expect(editor.print()).toBe(expected(doc(ul(li(p('a'))), p('<cursor>'), p())));
  });

  it('Backspace at the start of an item lifts it out of the list', () => {
    const editor = open(doc(ol()(li(p('a')), li(p('<cursor>b'))), p()));
    editor.press('Backspace');
    expect(editor.print()).toBe(expected(doc(ol()(li(p('a'))), p('<cursor>b'), p())));
  });

  it('toggling the same list type unwraps it; the other type converts it', () => {
    const editor = open(doc(ul(li(p('a<cursor>'))), p()));
    editor.run('orderedList');
    expect(editor.print()).toBe(expected(doc(ol()(li(p('a<cursor>'))), p())));
    editor.run('orderedList');
    expect(editor.print()).toBe(expected(doc(p('a<cursor>'), p())));
    editor.run('bulletList');
    expect(editor.print()).toBe(expected(doc(ul(li(p('a<cursor>'))), p())));
  });
});

describe('quotes, headings and code blocks', () => {
  it('Enter on an empty line leaves a quote', () => {
    const editor = open(doc(blockquote(p('a'), p('<cursor>')), p()));
    editor.press('Enter');
    expect(editor.print()).toBe(expected(doc(blockquote(p('a')), p('<cursor>'), p())));
  });

  it('Backspace at the start of a quote leaves it', () => {
    const editor = open(doc(blockquote(p('<cursor>a')), p()));
    editor.press('Backspace');
    expect(editor.print()).toBe(expected(doc(p('<cursor>a'), p())));
  });

  it('the quote command wraps and unwraps', () => {
    const editor = open(doc(p('a<cursor>'), p()));
    editor.run('blockquote');
    expect(editor.print()).toBe(expected(doc(blockquote(p('a<cursor>')), p())));
    editor.run('blockquote');
    expect(editor.print()).toBe(expected(doc(p('a<cursor>'), p())));
  });

  it('Enter at the end of a heading makes a paragraph', () => {
    const editor = open(doc(h(2)('Title<cursor>'), p()));
    editor.press('Enter');
    expect(editor.print()).toBe(expected(doc(h(2)('Title'), p('<cursor>'), p())));
  });

  it('Enter in a code block adds a line; on an empty last line it leaves the block', () => {
    const editor = open(doc(codeBlock('js')('a<cursor>'), p()));
    editor.press('Enter');
    expect(editor.print()).toBe(expected(doc(codeBlock('js')('a\n<cursor>'), p())));
    editor.press('Enter');
    expect(editor.print()).toBe(expected(doc(codeBlock('js')('a'), p('<cursor>'), p())));
  });

  it('the code block command toggles', () => {
    const editor = open(doc(p('a<cursor>'), p()));
    editor.run('codeBlock');
    expect(editor.print()).toBe(expected(doc(codeBlock()('a<cursor>'), p())));
    editor.run('codeBlock');
    expect(editor.print()).toBe(expected(doc(p('a<cursor>'), p())));
  });

  it('headings are set from the block type commands', () => {
    const editor = open(doc(p('a<cursor>'), p()));
    editor.run('heading3');
    expect(editor.print()).toBe(expected(doc(h(3)('a<cursor>'), p())));
    editor.run('paragraph');
    expect(editor.print()).toBe(expected(doc(p('a<cursor>'), p())));
  });

  it('Shift-Enter inserts a hard break', () => {
    const editor = open(doc(p('a<cursor>b')));
    editor.press('Shift-Enter');
    expect(editor.print()).toBe(`doc(\n  paragraph("ahard_break<cursor>b")\n)`);
  });

  it('alignment is set on the selected blocks', () => {
    const editor = open(doc(p('a<cursor>')));
    editor.run('alignCenter');
    expect(editor.print()).toBe(expected(doc(alignedP('center')('a<cursor>'))));
    editor.run('alignStart');
    expect(editor.print()).toBe(expected(doc(p('a<cursor>'))));
  });
});

describe('inserting', () => {
  it('a divider in an empty paragraph replaces it and adds a paragraph after', () => {
    const editor = open(doc(p('a'), p('<cursor>'), p('b')));
    editor.run('divider');
    expect(editor.print()).toBe(expected(doc(p('a'), hr(), p('<cursor>'), p('b'))));
  });

  it('a divider at the end of a paragraph goes after it', () => {
    const editor = open(doc(p('a<cursor>'), p('b')));
    editor.run('divider');
    expect(editor.print()).toBe(expected(doc(p('a'), hr(), p('<cursor>'), p('b'))));
  });

  it('a divider in the middle of a paragraph splits it', () => {
    const editor = open(doc(p('ab<cursor>cd')));
    editor.run('divider');
    expect(editor.print()).toBe(expected(doc(p('ab'), hr(), p('<cursor>cd'))));
  });

  it('a divider at the start of a paragraph goes before it', () => {
    const editor = open(doc(p('a'), p('<cursor>b')));
    editor.run('divider');
    expect(editor.print()).toBe(expected(doc(p('a'), hr(), p('<cursor>b'))));
  });

  it('a table has a header row and two rows of three cells', () => {
    const editor = open(doc(p('<cursor>')));
    editor.run('table');
    const row = (cell: typeof td, first = '') => tr(cell(p(first)), cell(p()), cell(p()));
    expect(editor.print()).toBe(expected(doc(table(row(th, '<cursor>'), row(td), row(td)), p())));
  });
});

describe('tables', () => {
  const cells = (first: string, second: string) => table(tr(th(p(first)), th(p(second))), tr(td(p('c')), td(p('d'))));

  it('Tab and Shift-Tab move between cells', () => {
    const editor = open(doc(cells('a<cursor>', 'b')));
    editor.press('Tab');
    expect(editor.state.selection.$from.parent.textContent).toBe('b');
    editor.press('Shift-Tab');
    expect(editor.state.selection.$from.parent.textContent).toBe('a');
  });

  it('Mod-a selects the whole table', () => {
    const editor = open(doc(cells('a<cursor>', 'b')));
    editor.press('Mod-a');
    const selection = editor.state.selection;
    expect(selection instanceof CellSelection && selection.isRowSelection() && selection.isColSelection()).toBe(true);
  });
});

describe('the document always ends with a paragraph', () => {
  it('after opening', () => {
    const editor = open(doc(hr()));
    expect(editor.state.doc.lastChild?.type.name).toBe('paragraph');
  });

  it('after an edit', () => {
    const editor = open(doc(p('a'), p('<cursor>')));
    editor.run('divider');
    expect(editor.state.doc.lastChild?.type.name).toBe('paragraph');
  });
});

describe('table tools', () => {
  const grid = (first: string) => table(tr(th(p(first)), th(p('b'))), tr(td(p('c')), td(p('d'))));

  it('the header row toggles between header cells and cells', () => {
    const editor = open(doc(grid('a<cursor>'), p()));
    editor.run('tableHeaderRow');
    expect(editor.print()).toBe(expected(doc(table(tr(td(p('a<cursor>')), td(p('b'))), tr(td(p('c')), td(p('d')))), p())));
    editor.run('tableHeaderRow');
    expect(editor.print()).toBe(expected(doc(grid('a<cursor>'), p())));
  });

  it('rows and columns are inserted after the cell and deleted with it', () => {
    const editor = open(doc(grid('a<cursor>'), p()));
    editor.run('tableInsertRowBelow');
    editor.run('tableInsertColumnRight');
    expect(editor.state.doc.firstChild!.childCount).toBe(3);
    expect(editor.state.doc.firstChild!.firstChild!.childCount).toBe(3);
    editor.run('tableDeleteRow');
    editor.run('tableDeleteColumn');
    expect(editor.state.doc.firstChild!.childCount).toBe(2);
    expect(editor.state.doc.firstChild!.firstChild!.childCount).toBe(2);
  });

  it('Remove deletes the table; outside a table the tools do not apply', () => {
    const editor = open(doc(p('x'), grid('a<cursor>'), p()));
    editor.run('tableRemove');
    expect(editor.state.doc.childCount).toBe(2);
    expect(editor.run('tableInsertRowBelow')).toBe(false);
  });
});

describe('mark components', () => {
  const highlight = testComponent('highlight', 'mark', {
    label: 'Highlight',
    hasProps: true,
    props: { defaultValue: () => ({ tone: 'warm' }), parse: (a) => a, serialize: (v) => ({ ...v }), validate: () => null, label: (key) => key },
  });
  const withMarks = createEditorSchema(defaultEditorOptions, [highlight]);
  const b = builders(withMarks.schema);

  it('toggle from the registry with their default props', () => {
    const editor = open(b.doc(b.p('a <anchor>word<head>')));
    expect(editor.run('component:highlight')).toBe(true);
    const word = editor.state.doc.firstChild!.child(1);
    expect(word.marks.map((mark) => [mark.type.name, mark.attrs.props])).toEqual([['highlight', { tone: 'warm' }]]);
  });
});
