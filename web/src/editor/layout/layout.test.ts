// @vitest-environment happy-dom
/** Layouts: read from and written to Markdoc, fitted to their columns, inserted, switched, unwrapped. */
import { describe, expect, it } from 'vitest';
import { builders } from '../../../test/editor/builder';
import { expected, open } from '../../../test/editor/harness';
import { docToMarkdoc } from '../markdoc/serialize';
import { markdocToDoc } from '../markdoc/parse';
import { defaultEditorOptions } from '../options';
import { ContentParseError } from '../parseError';
import { createEditorSchema } from '../schema/createSchema';
import { setLayout, removeLayout } from './layoutCommands';

const withLayouts = createEditorSchema({ ...defaultEditorOptions, layouts: [[1, 1], [1, 2, 1]] }, []);
const without = createEditorSchema(defaultEditorOptions, []);
const { doc, p, layout, area } = builders(withLayouts.schema);

const twoColumns = '{% layout layout=[1, 1] %}\n{% layout-area %}\nLeft\n{% /layout-area %}\n\n{% layout-area %}\nRight\n{% /layout-area %}\n{% /layout %}\n';

function problems(text: string): string[] {
  try {
    markdocToDoc(text, withLayouts);
    return [];
  } catch (error) {
    if (error instanceof ContentParseError) return error.problems.map((problem) => problem.message);
    throw error;
  }
}

describe('layouts in Markdoc', () => {
  it('read and write back as the layout tag around one area per column', () => {
    const read = markdocToDoc(twoColumns, withLayouts);
    expect(read.firstChild?.type.name).toBe('layout_grid');
    expect(read.firstChild?.attrs.layout).toEqual([1, 1]);
    expect(docToMarkdoc(read).text).toBe(twoColumns);
  });

  it('get an empty area per missing column, and extra areas merge into the last', () => {
    const one = markdocToDoc('{% layout layout=[1, 2, 1] %}\n{% layout-area %}\nA\n{% /layout-area %}\n{% /layout %}\n', withLayouts);
    expect(one.firstChild?.childCount).toBe(3);
    const three = markdocToDoc(
      '{% layout layout=[1, 1] %}\n{% layout-area %}\nA\n{% /layout-area %}\n{% layout-area %}\nB\n{% /layout-area %}\n{% layout-area %}\nC\n{% /layout-area %}\n{% /layout %}\n',
      withLayouts,
    );
    expect(three.firstChild?.childCount).toBe(2);
    expect(three.firstChild?.lastChild?.textContent).toBe('BC');
  });

  it('are blocks the field does not know where it has no layouts, kept as written', () => {
    const read = markdocToDoc(twoColumns, without);
    expect(read.firstChild?.type.name).toBe('missing_block');
    expect(docToMarkdoc(read).text).toBe(twoColumns);
  });

  it('need the widths of their columns', () => {
    expect(problems('{% layout %}\n{% layout-area %}\nA\n{% /layout-area %}\n{% /layout %}\n')).toEqual([
      'The attribute "layout" must list the widths of the columns',
    ]);
  });
});

describe('layout commands', () => {
  it('insert the first layout at an empty paragraph, with the cursor in its first area', () => {
    const editor = open(doc(p('<cursor>')));
    expect(editor.run('layout')).toBe(true);
    expect(editor.print()).toBe(expected(doc(layout([1, 1])(area(p('<cursor>')), area(p())), p())));
  });

  it('unwrap the layout the cursor is in, its areas one after the other', () => {
    const editor = open(doc(layout([1, 1])(area(p('A<cursor>')), area(p('B'))), p()));
    expect(editor.run('layout')).toBe(true);
    expect(editor.print()).toBe(expected(doc(p('A<cursor>'), p('B'), p())));
  });

  it('switch columns, adding areas or merging them into the last', () => {
    const editor = open(doc(layout([1, 1])(area(p('A<cursor>')), area(p('B'))), p()));
    setLayout([1, 2, 1])(editor.state, editor.view.dispatch);
    expect(editor.state.doc.firstChild?.childCount).toBe(3);
    setLayout([1, 1])(editor.state, editor.view.dispatch);
    expect(editor.state.doc.firstChild?.attrs.layout).toEqual([1, 1]);
    expect(editor.state.doc.firstChild?.childCount).toBe(2);
    expect(docToMarkdoc(editor.state.doc).text).toBe(twoColumns.replace('Left', 'A').replace('Right', 'B'));
  });

  it('remove the layout with its content', () => {
    const editor = open(doc(p('Before'), layout([1, 1])(area(p('A<cursor>')), area(p('B'))), p('After')));
    expect(removeLayout(editor.state, editor.view.dispatch)).toBe(true);
    expect(editor.state.doc.textContent).toBe('BeforeAfter');
  });

  it('keep one area per column after an area is deleted', () => {
    const editor = open(doc(layout([1, 1])(area(p('A<cursor>')), area(p('B'))), p()));
    const second = editor.state.doc.firstChild!.child(0).nodeSize + 1;
    editor.view.dispatch(editor.state.tr.delete(second, second + editor.state.doc.firstChild!.child(1).nodeSize));
    expect(editor.state.doc.firstChild?.childCount).toBe(2);
  });
});
