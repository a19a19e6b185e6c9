import { describe, expect, it } from 'vitest';
import { markdocToDoc } from '../markdoc/parse';
import { defaultEditorOptions } from '../options';
import { createEditorSchema } from '../schema/createSchema';
import { createEditorState } from '../state/createEditorState';
import { highlightPlugin } from './highlight';

const editorSchema = createEditorSchema(defaultEditorOptions, []);

function highlighted(text: string): string[] {
  const state = createEditorState(markdocToDoc(text, editorSchema));
  const set = highlightPlugin.getState(state)!;
  return set.find().map((decoration) => state.doc.textBetween(decoration.from, decoration.to));
}

describe('code highlighting', () => {
  it('marks the tokens of a known language, by alias too', () => {
    expect(highlighted('```ts\nconst a = "x";\n```')).toEqual(['const', '"x"']);
  });

  it('leaves plain and unknown languages alone', () => {
    expect(highlighted('```\nconst a = 1;\n```\n\n```mermaid\ngraph TD\n```')).toEqual([]);
  });
});
