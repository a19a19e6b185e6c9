// @vitest-environment happy-dom
import { Schema } from 'prosemirror-model';
import { describe, expect, it } from 'vitest';
import { initProseMirrorDoc, ySyncPlugin } from 'y-prosemirror';
import * as Y from 'yjs';
import { EditorState, TextSelection } from 'prosemirror-state';
import { EditorView } from 'prosemirror-view';
import { Awareness } from 'y-protocols/awareness';
import { editorNoticeKey, editorNoticePlugin } from '../editor/notice/notice';
import { sharedState } from '../editor/state/shared';
import { caretKeptPlugin, isShareable, seed, shareableOnlyPlugin, sharedTextOf } from './richText';
import type { SharedRoom } from './room';

const schema = new Schema({
  nodes: {
    doc: { content: 'block+' },
    paragraph: { group: 'block', content: 'text*', toDOM: () => ['p', 0] },
    figure: { group: 'block', attrs: { src: {}, source: { default: null } }, toDOM: () => ['figure'] },
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

/** An editor bound to `doc`'s shared text, as the admin binds one, with its caret at the end. */
function boundEditor(doc: Y.Doc): EditorView {
  const fragment = doc.getXmlFragment('content:body');
  const { doc: start, mapping } = initProseMirrorDoc(fragment, schema);
  const state = EditorState.create({ doc: start, plugins: [ySyncPlugin(fragment, { mapping }), caretKeptPlugin()] });
  const view = new EditorView(document.createElement('div'), { state });
  view.dispatch(view.state.tr.setSelection(TextSelection.atEnd(view.state.doc)));
  return view;
}

/** Two copies of a shared document that exchange every change as it is made. */
function connect(a: Y.Doc, b: Y.Doc): void {
  const relay = (to: Y.Doc) => (update: Uint8Array, origin: unknown) => origin !== 'relay' && Y.applyUpdate(to, update, 'relay');
  a.on('update', relay(b));
  b.on('update', relay(a));
}

describe('typing where someone else types', () => {
  it("keeps each person's letters together when both type at the very same spot", () => {
    const [ada, grace] = [new Y.Doc(), new Y.Doc()];
    seed(ada, 'content:body', docOf('Hello'));
    exchange(ada, grace);
    connect(ada, grace);
    const [adaView, graceView] = [boundEditor(ada), boundEditor(grace)];
    for (const [a, g] of [['x', '1'], ['y', '2'], ['z', '3']] as const) {
      adaView.dispatch(adaView.state.tr.insertText(a));
      graceView.dispatch(graceView.state.tr.insertText(g));
    }
    expect(adaView.state.doc.textContent).toBe(graceView.state.doc.textContent);
    expect(['Hello123xyz', 'Helloxyz123']).toContain(adaView.state.doc.textContent);
    adaView.destroy();
    graceView.destroy();
  });
});

/**
 * An editor that opened `start` and joined the shared text of `doc`, as a content field joins it;
 * `savedUnder`: the saved text, when `start` is a draft that changed it.
 */
function joined(doc: Y.Doc, start: string, savedUnder?: string): EditorView {
  const room = { doc, awareness: new Awareness(doc), whenSynced: (ready: () => void) => (ready(), () => {}), onRefused: () => () => {} };
  const view = new EditorView(document.createElement('div'), { state: EditorState.create({ doc: docOf(...start.split('\n')), plugins: [editorNoticePlugin] }) });
  const draftOver = savedUnder === undefined ? undefined : docOf(...savedUnder.split('\n'));
  sharedTextOf(room as unknown as SharedRoom, 'body').join((binding) => view.updateState(sharedState(view.state, binding, 'shared')), draftOver);
  return view;
}

/** The text of each editor (its paragraphs on lines) once the changes they start with went out. */
async function textsOf(...views: EditorView[]): Promise<string[]> {
  await Promise.resolve();
  return views.map((view) => {
    const lines: string[] = [];
    view.state.doc.forEach((block) => void lines.push(block.textContent));
    return lines.join('\n');
  });
}

const paragraphsOf = (text: string) => text.split('\n');

describe('a draft of this browser joining the others', () => {
  it('goes to everyone while their text is the saved one it changed', async () => {
    const [ada, grace] = [new Y.Doc(), new Y.Doc()];
    connect(ada, grace);
    const graceView = joined(grace, 'As saved');
    const adaView = joined(ada, 'As drafted', 'As saved');
    expect(await textsOf(adaView, graceView)).toEqual(['As drafted', 'As drafted']);
    expect(editorNoticeKey.getState(adaView.state)).toBe(null);
  });

  it('is put together with unsaved writing of theirs, and says so', async () => {
    const [ada, grace] = [new Y.Doc(), new Y.Doc()];
    connect(ada, grace);
    const graceView = joined(grace, 'Intro\nAs saved');
    graceView.dispatch(graceView.state.tr.insertText(' and changed', graceView.state.doc.content.size - 1));
    const adaView = joined(ada, 'Intro drafted\nAs saved', 'Intro\nAs saved');
    const both = ['Intro drafted', 'As saved and changed'];
    expect((await textsOf(adaView, graceView)).map((text) => paragraphsOf(text))).toEqual([both, both]);
    expect(editorNoticeKey.getState(adaView.state)).toMatch(/your draft is put together with what they wrote/);
  });

  it("keeps another person's draft in the text beside this one, and a field the draft left alone takes both", async () => {
    const [ada, grace, mei] = [new Y.Doc(), new Y.Doc(), new Y.Doc()];
    connect(ada, grace);
    connect(grace, mei);
    connect(ada, mei);
    // Grace came first with her draft: it is the text; Ada's draft of the same paragraph joins it.
    const graceView = joined(grace, 'Grace drafted', 'As saved');
    const adaView = joined(ada, 'Ada drafted', 'As saved');
    const meiView = joined(mei, 'As saved');
    const both = ['Grace drafted', 'Ada drafted'];
    expect((await textsOf(graceView, adaView, meiView)).map((text) => paragraphsOf(text))).toEqual([both, both, both]);
    expect(editorNoticeKey.getState(meiView.state)).toBe(null);
  });

  it('without a draft, takes the text as the others have it', async () => {
    const [ada, grace] = [new Y.Doc(), new Y.Doc()];
    connect(ada, grace);
    const graceView = joined(grace, 'As Grace opened it');
    const adaView = joined(ada, 'As Ada opened it');
    expect(await textsOf(adaView, graceView)).toEqual(['As Grace opened it', 'As Grace opened it']);
  });
});

describe('a change the server does not take', () => {
  it('is said in the editor of the person who made it', async () => {
    const doc = new Y.Doc();
    const refused = new Set<() => void>();
    const room = {
      doc,
      awareness: new Awareness(doc),
      whenSynced: (ready: () => void) => (ready(), () => {}),
      onRefused: (listener: () => void) => (refused.add(listener), () => refused.delete(listener)),
    };
    const view = new EditorView(document.createElement('div'), { state: EditorState.create({ doc: docOf('Long text'), plugins: [editorNoticePlugin] }) });
    sharedTextOf(room as unknown as SharedRoom, 'body').join((binding) => view.updateState(sharedState(view.state, binding, 'shared')));
    await Promise.resolve();
    expect(editorNoticeKey.getState(view.state)).toBe(null);
    for (const listener of refused) listener();
    expect(editorNoticeKey.getState(view.state)).toMatch(/grown beyond what the server shares/);
    view.destroy();
    expect(refused.size).toBe(0);
  });
});
