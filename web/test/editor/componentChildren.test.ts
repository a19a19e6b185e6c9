// @vitest-environment happy-dom
/** Children of components: adding and removing a repeating component's children within its bounds, and one-line components. */
import { describe, expect, it } from 'vitest';
import { addChildComponent, removeComponent } from '../../src/editor/componentEditing/componentDialog';
import { defaultEditorOptions } from '../../src/editor/options';
import { createEditorSchema } from '../../src/editor/schema/createSchema';
import { builders } from './builder';
import { testComponent } from './components';
import { expected, open } from './harness';

const question = testComponent('question', 'wrapper', { forSpecificLocations: true });
const marker = testComponent('marker', 'block', { forSpecificLocations: true });
const faq = testComponent('faq', 'repeating', { children: ['question'], min: 1, max: 2 });
const stops = testComponent('stops', 'repeating', { children: ['marker'] });
const note = testComponent('note', 'inlineWrapper');
const { schema } = createEditorSchema({ ...defaultEditorOptions, alignment: true }, [question, marker, faq, stops, note]);
const { doc, p, component } = builders(schema);

describe('a repeating component', () => {
  it('takes another child up to its maximum, with the cursor in the new one', () => {
    const editor = open(doc(component('faq')(component('question')(p('Why?<cursor>'))), p()));
    expect(addChildComponent(0, question)(editor.state, editor.view.dispatch)).toBe(true);
    expect(editor.print()).toBe(expected(doc(component('faq')(component('question')(p('Why?')), component('question')(p('<cursor>'))), p())));
    expect(addChildComponent(0, question)(editor.state, editor.view.dispatch)).toBe(false);
  });

  it('selects a new child that has no text of its own', () => {
    const editor = open(doc(component('stops')(component('marker')()), p('<cursor>')));
    addChildComponent(0, marker)(editor.state, editor.view.dispatch);
    expect(editor.print()).toBe(expected(doc(component('stops')(component('marker')(), '<node>', component('marker')()), p())));
  });

  it('keeps the children it cannot do without', () => {
    const editor = open(doc(component('faq')(component('question')(p('Why?<cursor>'))), p()));
    expect(removeComponent(1)(editor.state, editor.view.dispatch)).toBe(false);
  });
});

describe('a one-line component', () => {
  it('cannot be split or aligned', () => {
    const editor = open(doc(component('note')(p('Mind<cursor> the gap')), p()));
    editor.press('Enter');
    expect(editor.run('alignCenter')).toBe(false);
    expect(editor.print()).toBe(expected(doc(component('note')(p('Mind<cursor> the gap')), p())));
  });
});
