import { Schema } from 'prosemirror-model';
import { describe, expect, it } from 'vitest';
import { mergeDraft } from './mergeDraft';

const schema = new Schema({
  nodes: { doc: { content: 'block+' }, paragraph: { group: 'block', content: 'text*' }, text: {} },
});
const doc = (...lines: string[]) => schema.node('doc', null, lines.map((line) => schema.node('paragraph', null, line ? [schema.text(line)] : [])));
const lines = (merged: ReturnType<typeof mergeDraft>) => {
  const out: string[] = [];
  merged?.forEach((block) => void out.push(block.textContent));
  return out;
};

describe("a draft merged with the others' changes since the text was saved", () => {
  it('takes each side where only it changed a block', () => {
    expect(lines(mergeDraft(doc('A', 'B', 'C'), doc('A', 'B drafted', 'C'), doc('A', 'B', 'C theirs')))).toEqual(['A', 'B drafted', 'C theirs']);
  });

  it('keeps both versions of a block both changed, theirs first', () => {
    expect(lines(mergeDraft(doc('A', 'B'), doc('A', 'B drafted'), doc('A', 'B theirs')))).toEqual(['A', 'B theirs', 'B drafted']);
  });

  it('keeps blocks added on both sides, and what one side removed stays removed', () => {
    expect(lines(mergeDraft(doc('A'), doc('A', 'Drafted'), doc('Theirs', 'A')))).toEqual(['Theirs', 'A', 'Drafted']);
    expect(lines(mergeDraft(doc('A', 'B', 'C'), doc('A', 'C'), doc('A', 'B', 'C', 'E')))).toEqual(['A', 'C', 'E']);
    expect(lines(mergeDraft(doc('A'), doc('A', 'Drafted'), doc('A', 'Theirs')))).toEqual(['A', 'Theirs', 'Drafted']);
  });

  it('is the draft when the others changed nothing, and theirs when the draft changed nothing', () => {
    expect(lines(mergeDraft(doc('A'), doc('A drafted'), doc('A')))).toEqual(['A drafted']);
    expect(lines(mergeDraft(doc('A'), doc('A'), doc('A theirs')))).toEqual(['A theirs']);
  });

  it('is null when the blocks make no document of the schema', () => {
    const empty = schema.nodes.doc!.create(null, []);
    expect(mergeDraft(doc('A'), empty, empty)).toBe(null);
  });
});
