// @vitest-environment happy-dom
/** The table tools' commands where the cursor is not in the first row. */
import { describe, expect, it } from 'vitest';
import { builders } from '../../../test/editor/builder';
import { expected, open } from '../../../test/editor/harness';
import { defaultEditorOptions } from '../options';
import { createEditorSchema } from '../schema/createSchema';

const { schema } = createEditorSchema(defaultEditorOptions, []);
const { doc, p, table, tr, th, td } = builders(schema);

describe('the Header row toggle', () => {
  it('turns the first row into cells with the cursor in a later row', () => {
    const editor = open(doc(table(tr(th(p('a')), th(p('b'))), tr(td(p('c<cursor>')), td(p('d')))), p()));
    expect(editor.run('tableHeaderRow')).toBe(true);
    expect(editor.print()).toBe(expected(doc(table(tr(td(p('a')), td(p('b'))), tr(td(p('c<cursor>')), td(p('d')))), p())));
  });

  it('turns the first row into header cells with the cursor in a later row, never the cursor’s row', () => {
    const editor = open(doc(table(tr(td(p('a')), td(p('b'))), tr(td(p('c<cursor>')), td(p('d')))), p()));
    editor.run('tableHeaderRow');
    expect(editor.print()).toBe(expected(doc(table(tr(th(p('a')), th(p('b'))), tr(td(p('c<cursor>')), td(p('d')))), p())));
  });

  it('makes a partly header first row a whole header row', () => {
    const editor = open(doc(table(tr(th(p('a<cursor>')), td(p('b'))), tr(td(p('c')), td(p('d')))), p()));
    editor.run('tableHeaderRow');
    expect(editor.print()).toBe(expected(doc(table(tr(th(p('a<cursor>')), th(p('b'))), tr(td(p('c')), td(p('d')))), p())));
  });
});
