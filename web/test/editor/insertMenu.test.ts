// @vitest-environment happy-dom
/** The insert ("/") menu: when it opens and closes, filtering, moving with wrap, inserting. */
import { TextSelection } from 'prosemirror-state';
import { describe, expect, it } from 'vitest';
import { commandsFor } from '../../src/editor/commands/registry';
import { filterItems, insertItems } from '../../src/editor/insertMenu/insertItems';
import { insertMenuKey } from '../../src/editor/insertMenu/insertMenuPlugin';
import { defaultEditorOptions } from '../../src/editor/options';
import { createEditorSchema } from '../../src/editor/schema/createSchema';
import { builders } from './builder';
import { testComponent } from './components';
import { expected, open } from './harness';

const note = testComponent('note', 'wrapper', { label: 'Note' });
const editorSchema = createEditorSchema(defaultEditorOptions, [note]);
const { doc, p, h, hr, component } = builders(editorSchema.schema);
const items = insertItems(editorSchema, commandsFor(editorSchema));
const menu = (editor: ReturnType<typeof open>) => insertMenuKey.getState(editor.state);

describe('opening and closing', () => {
  it.each([
    ['at the start of a block', doc(p('<cursor>'))],
    ['after whitespace', doc(p('a <cursor>'))],
  ])('opens %s', (_name, start) => {
    const editor = open(start).type('/');
    expect(menu(editor)).toMatchObject({ query: '', index: 0 });
  });

  it('does not open inside a word', () => {
    expect(menu(open(doc(p('a<cursor>'))).type('/'))).toBeNull();
  });

  it('follows the query, spaces included, and closes on a space that ends a query nothing matches', () => {
    const editor = open(doc(p('<cursor>'))).type('/hea');
    expect(menu(editor)?.query).toBe('hea');
    editor.type('ding 2');
    expect(menu(editor)?.query).toBe('heading 2');
    editor.type('x');
    expect(menu(editor)?.query).toBe('heading 2x');
    editor.type(' ');
    expect(menu(editor)).toBeNull();
  });

  it('closes on a space right after the slash', () => {
    const editor = open(doc(p('<cursor>'))).type('/ ');
    expect(menu(editor)).toBeNull();
  });

  it('closes when the slash is deleted', () => {
    const editor = open(doc(p('<cursor>'))).type('/');
    editor.view.dispatch(editor.state.tr.delete(1, 2));
    expect(menu(editor)).toBeNull();
  });

  it('closes when the cursor leaves the query', () => {
    const editor = open(doc(p('ab <cursor>'))).type('/he');
    editor.view.dispatch(editor.state.tr.setSelection(TextSelection.create(editor.state.doc, 2)));
    expect(menu(editor)).toBeNull();
  });

  it('closes on Escape and leaves the text', () => {
    const editor = open(doc(p('<cursor>'))).type('/di');
    expect(editor.press('Escape')).toBe(true);
    expect(menu(editor)).toBeNull();
    expect(editor.print()).toBe(expected(doc(p('/di<cursor>'))));
  });
});

describe('results', () => {
  it('lists components first, then headings, blocks and lists in the menu order', () => {
    expect(items.map((item) => item.label)).toEqual([
      'Note',
      'Heading 1',
      'Heading 2',
      'Heading 3',
      'Heading 4',
      'Heading 5',
      'Heading 6',
      'Blockquote',
      'Code block',
      'Image',
      'Table',
      'Divider',
      'Numbered List',
      'Bullet List',
    ]);
  });

  it('keeps the menu order when some features are off', () => {
    const few = createEditorSchema({ ...defaultEditorOptions, heading: [2], image: null, codeBlock: false }, []);
    expect(insertItems(few, commandsFor(few)).map((item) => item.label)).toEqual([
      'Heading 2',
      'Blockquote',
      'Table',
      'Divider',
      'Numbered List',
      'Bullet List',
    ]);
  });

  it('filters by label, ignoring case', () => {
    const { state } = open(doc(p('<cursor>')));
    expect(filterItems(items, 'LIST', state).map((item) => item.label)).toEqual(['Numbered List', 'Bullet List']);
    expect(filterItems(items, 'nothing', state)).toEqual([]);
  });

  it('offers only what can go where it opened: in a child field, its own heading levels', () => {
    const aside = testComponent('aside', 'wrapper', { label: 'Aside', headingLevels: [2] });
    const narrow = createEditorSchema({ ...defaultEditorOptions, heading: [1, 2, 3] }, [aside]);
    const { doc, p, component } = builders(narrow.schema);
    const all = insertItems(narrow, commandsFor(narrow));
    const { state } = open(doc(component('aside')(p('<cursor>')), p()));
    expect(filterItems(all, 'heading', state).map((item) => item.label)).toEqual(['Heading 2']);
    const outside = open(doc(component('aside')(p()), p('<cursor>'))).state;
    expect(filterItems(all, 'heading', outside).map((item) => item.label)).toEqual(['Heading 1', 'Heading 2', 'Heading 3']);
  });

  it('Up and Down move through the results with wrap', () => {
    const editor = open(doc(p('<cursor>'))).type('/list');
    editor.press('ArrowDown');
    expect(menu(editor)?.index).toBe(1);
    editor.press('ArrowDown');
    expect(menu(editor)?.index).toBe(0);
    editor.press('ArrowUp');
    expect(menu(editor)?.index).toBe(1);
  });

  it('Enter replaces the slash and query with the item', () => {
    const editor = open(doc(p('<cursor>'))).type('/heading2');
    editor.press('Enter');
    expect(editor.print()).toBe(expected(doc(h(2)('<cursor>'))));
  });

  it('Enter inserts a divider with a paragraph after it', () => {
    const editor = open(doc(p('<cursor>'))).type('/div');
    editor.press('Enter');
    expect(editor.print()).toBe(expected(doc(hr(), p('<cursor>'))));
  });

  it('Enter inserts a component', () => {
    const editor = open(doc(p('<cursor>'))).type('/note');
    editor.press('Enter');
    expect(editor.print()).toBe(expected(doc(component('note')(p('<cursor>')), p())));
  });
});
