import { Schema } from 'prosemirror-model';
import { describe, expect, it } from 'vitest';
import { initProseMirrorDoc } from 'y-prosemirror';
import * as Y from 'yjs';
import { EditorState } from 'prosemirror-state';
import { isShareable, seed, shareableOnlyPlugin } from './richText';

const schema = new Schema({
  nodes: {
    doc: { content: 'block+' },
    paragraph: { group: 'block', content: 'text*' },
    figure: { group: 'block', attrs: { src: {}, source: { default: null } } },
    text: {},
  },
});

const docOf = (...lines: string[]) => schema.node('doc', null, lines.map((line) => schema.node('paragraph', null, line ? [schema.text(line)] : [])));

/** Two copies of a shared document that have exchanged everything. */
function exchange(a: Y.Doc, b: Y.Doc): void {
  Y.applyUpdate(b, Y.encodeStateAsUpdate(a));
  Y.applyUpdate(a, Y.encodeStateAsUpdate(b));
}

const textOf = (doc: Y.Doc) =>
  initProseMirrorDoc(doc.getXmlFragment('content:body'), schema)
    .doc.content.content.map((node) => node.textContent);

describe('seeding a shared text', () => {
  it('writes the same document once when two people seed it at the same moment', () => {
    const [ada, grace] = [new Y.Doc(), new Y.Doc()];
    seed(ada, 'content:body', docOf('Hello', 'World'));
    seed(grace, 'content:body', docOf('Hello', 'World'));
    exchange(ada, grace);
    expect(textOf(ada)).toEqual(['Hello', 'World']);
    expect(textOf(grace)).toEqual(['Hello', 'World']);
  });

  it('keeps both of two different documents whole rather than mixing them', () => {
    const [ada, grace] = [new Y.Doc(), new Y.Doc()];
    seed(ada, 'content:body', docOf('Old version'));
    seed(grace, 'content:body', docOf('New version'));
    exchange(ada, grace);
    expect(textOf(ada)).toEqual(textOf(grace));
    expect([...textOf(ada)].sort()).toEqual(['New version', 'Old version']);
  });
});

describe('what can be shared', () => {
  it('takes data and bytes as attributes, not objects of classes', () => {
    const image = schema.node('figure', { src: new Uint8Array([1, 2, 3]) });
    expect(isShareable(schema.node('doc', null, [image]))).toBe(true);
    class Parsed {}
    const kept = schema.node('figure', { src: 'x', source: new Parsed() });
    expect(isShareable(schema.node('doc', null, [kept]))).toBe(false);
  });
});

describe('a text others are editing', () => {
  it('refuses what it cannot hold, and takes the rest', () => {
    class Parsed {}
    const state = EditorState.create({ doc: docOf('Hello'), plugins: [shareableOnlyPlugin()] });
    const kept = schema.node('figure', { src: 'x', source: new Parsed() });
    expect(state.applyTransaction(state.tr.insert(state.doc.content.size, kept)).state.doc.childCount).toBe(1);
    const plain = schema.node('figure', { src: 'x' });
    expect(state.applyTransaction(state.tr.insert(state.doc.content.size, plain)).state.doc.childCount).toBe(2);
  });
});
