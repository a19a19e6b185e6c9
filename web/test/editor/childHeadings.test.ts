// @vitest-environment happy-dom
/**
 * A component block's child field with heading levels of its own (Keystatic's `formatting:
 * { headingLevels: [2] }`): inside it, the block commands, the typed shortcuts and paste offer only
 * those levels; outside it, the field's.
 */
import { describe, expect, it } from 'vitest';
import { defaultEditorOptions } from '../../src/editor/options';
import { createEditorSchema } from '../../src/editor/schema/createSchema';
import { builders } from './builder';
import { testComponent } from './components';
import { expected, open } from './harness';

const aside = testComponent('aside', 'wrapper', { headingLevels: [2, 5] });
const { schema } = createEditorSchema({ ...defaultEditorOptions, heading: [1, 2, 3] }, [aside]);
const { doc, p, h, component } = builders(schema);

describe('a child field with heading levels of its own', () => {
  it('offers only those of its field’s levels in the block commands', () => {
    const editor = open(doc(component('aside')(p('Hi<cursor>')), p()));
    expect(editor.run('heading3')).toBe(false);
    expect(editor.run('heading1')).toBe(false);
    expect(editor.run('heading2')).toBe(true);
    expect(editor.print()).toBe(expected(doc(component('aside')(h(2)('Hi<cursor>')), p())));
  });

  it('leaves the field’s levels to the text around it', () => {
    const editor = open(doc(component('aside')(p('In')), p('Out<cursor>')));
    expect(editor.run('heading3')).toBe(true);
    expect(editor.print()).toBe(expected(doc(component('aside')(p('In')), h(3)('Out<cursor>'))));
  });

  it('makes a heading of a typed shortcut only for its levels', () => {
    const editor = open(doc(component('aside')(p('<cursor>')), p()));
    editor.type('### ');
    expect(editor.print()).toBe(expected(doc(component('aside')(p('### <cursor>')), p())));
    const other = open(doc(component('aside')(p('<cursor>')), p()));
    other.type('## ');
    expect(other.print()).toBe(expected(doc(component('aside')(h(2)('<cursor>')), p())));
  });

  it('takes pasted headings of other levels as paragraphs, Markdown and HTML alike', () => {
    const editor = open(doc(component('aside')(p('<cursor>')), p()));
    editor.paste('### Deep\n\n## Kept');
    expect(editor.print()).toBe(expected(doc(component('aside')(p('Deep'), h(2)('Kept<cursor>')), p())));
    const html = open(doc(component('aside')(p('<cursor>')), p()));
    html.pasteHTML('<h1>Top</h1><h2>Kept</h2>');
    expect(html.print()).toBe(expected(doc(component('aside')(p('Top'), h(2)('Kept<cursor>')), p())));
  });
});
