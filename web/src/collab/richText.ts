/**
 * Content fields edited together: each field's document is an XML fragment of the entry's shared
 * document, bound to the editor by y-prosemirror (the text, everyone's cursors and selections with
 * their names, and an undo history of one's own changes).
 *
 * The first person to open an entry puts its document into the empty fragment. Two people opening
 * it at the same moment would both do so: the document goes in as the changes of a client named by
 * a hash of its content, so the same document put in twice is one (Yjs keeps a change once), while
 * different documents both show rather than mix.
 */
import type { Fragment, Node, Slice } from 'prosemirror-model';
import type { EditorView } from 'prosemirror-view';
import { Plugin, TextSelection } from 'prosemirror-state';
import type { Transaction } from 'prosemirror-state';
import {
  absolutePositionToRelativePosition,
  initProseMirrorDoc,
  prosemirrorToYXmlFragment,
  updateYFragment,
  redoCommand,
  undoCommand,
  yCursorPlugin,
  ySyncPlugin,
  ySyncPluginKey,
  yUndoPlugin,
  yUndoPluginKey,
} from 'y-prosemirror';
import * as Y from 'yjs';
import { setEditorNotice } from '../editor/notice/notice';
import type { SharedBinding } from '../editor/state/shared';
import { t } from '../lib/messages/format';
import type { SharedText } from '../fields/FieldProps';
import { personColour } from './colour';
import { isData } from './data';
import { mergeDraft } from './mergeDraft';
import type { SharedRoom } from './room';
import type { CollabUser } from './socket';

/** The fragment of the shared document that holds the content field `key`. */
export const fragmentName = (key: string) => `content:${key}`;

/** A client id for a seed of `doc` into `name`: the same for the same document. */
export function seedClientOf(name: string, doc: Node): number {
  const text = `${name}\n${JSON.stringify(doc.toJSON())}`;
  // FNV-1a, 32 bits; kept clear of 0.
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash || 1;
}

/** Puts `own` into the empty fragment `name` of `doc`. */
export function seed(doc: Y.Doc, name: string, own: Node): void {
  const seedDoc = new Y.Doc();
  seedDoc.clientID = seedClientOf(name, own);
  prosemirrorToYXmlFragment(own, seedDoc.getXmlFragment(name));
  Y.applyUpdate(doc, Y.encodeStateAsUpdate(seedDoc));
  seedDoc.destroy();
}

/** Each person's cursor: a caret in their colour with their name above it. */
function cursor(user: CollabUser & { color?: string }): HTMLElement {
  const caret = document.createElement('span');
  caret.className = 'collab-caret';
  caret.style.borderColor = personColour(user.id);
  const label = document.createElement('span');
  label.className = 'collab-caret-name';
  label.style.backgroundColor = personColour(user.id);
  label.textContent = user.name;
  caret.append(label);
  return caret;
}

function selection(user: CollabUser) {
  return { style: `background-color: ${personColour(user.id)}33`, class: 'collab-selection' };
}

type Mapping = Map<Y.AbstractType<unknown>, Node | Node[]>;

/** Whether a value can be an attribute in the shared document: data, unset, or bytes (an image's). */
const isAttribute = (value: unknown) => isData(value, (v) => v === undefined || v instanceof Uint8Array);

/**
 * Whether every node's and mark's attributes of `doc` are data. A block whose component the field no
 * longer defines keeps its parsed source, which the shared document cannot hold: such a field is
 * edited alone.
 */
export function isShareable(doc: Node | Fragment): boolean {
  let shareable = true;
  doc.descendants((node) => {
    if (!shareable) return false;
    shareable = Object.values(node.attrs).every(isAttribute) && node.marks.every((mark) => Object.values(mark.attrs).every(isAttribute));
    return shareable;
  });
  return shareable;
}

/**
 * Refuses, with a notice, a change that would put into the shared text what it cannot hold (a
 * pasted block the field does not define), which would otherwise break the binding.
 */
export function shareableOnlyPlugin(): Plugin {
  let view: EditorView | null = null;
  return new Plugin({
    view(editorView) {
      view = editorView;
      return { destroy: () => void (view = null) };
    },
    filterTransaction(tr) {
      if (tr.getMeta(ySyncPluginKey) !== undefined) return true;
      const fits = tr.steps.every((step) => {
        const slice = (step as { slice?: Slice }).slice;
        return slice === undefined || isShareable(slice.content);
      });
      if (!fits) queueMicrotask(() => view && setEditorNotice(view, t('collab.notShareable')));
      return fits;
    },
  });
}

/**
 * `mapping` (from shared types to the nodes of `from`) onto the same nodes of `to`, an equal
 * document: the editor keeps its own document objects, and with them its caret and DOM.
 */
export function remap(mapping: Mapping, from: Node, to: Node): Mapping {
  const pairs = new Map<Node, Node>();
  const walk = (a: Node, b: Node) => {
    pairs.set(a, b);
    a.forEach((child, _offset, index) => walk(child, b.child(index)));
  };
  walk(from, to);
  const mapped: Mapping = new Map();
  for (const [type, value] of mapping) {
    mapped.set(type, Array.isArray(value) ? value.map((node) => pairs.get(node) ?? node) : (pairs.get(value) ?? value));
  }
  return mapped;
}

/** What of y-prosemirror's binding the caret's keeping reads and sets. */
type Binding = {
  doc: Y.Doc;
  type: Y.XmlFragment;
  mapping: Mapping;
  prosemirrorView: EditorView | null;
  beforeTransactionSelection: { type: string; anchor: Y.RelativePosition; head: Y.RelativePosition } | null;
};

/**
 * Keeps one's caret before what others type at the very same spot. The binding puts the caret back
 * after each change from elsewhere at a place anchored to the character after it, so text typed
 * there by someone else would push it along and the two people's letters would interleave;
 * anchored to the character before it, each person's words stay together.
 */
export function caretKeptPlugin(): Plugin {
  return new Plugin({
    view(view) {
      const binding = (ySyncPluginKey.getState(view.state) as { binding?: Binding } | undefined)?.binding;
      if (binding === undefined) return {};
      // Runs after the binding's own listener (added when its view started, before this one), which
      // records the selection to put back.
      const keepLeft = () => {
        const selection = binding.prosemirrorView?.state.selection;
        if (!(selection instanceof TextSelection) || !selection.empty) return;
        const $caret = selection.$head;
        if ($caret.parentOffset === 0 || $caret.nodeBefore?.isText !== true) return;
        const before = absolutePositionToRelativePosition($caret.pos - 1, binding.type, binding.mapping) as Y.RelativePosition;
        if (before.item === null) return;
        const caret = new Y.RelativePosition(before.type, before.tname, before.item, -1);
        binding.beforeTransactionSelection = { type: 'text', anchor: caret, head: caret };
      };
      binding.doc.on('beforeAllTransactions', keepLeft);
      return { destroy: () => binding.doc.off('beforeAllTransactions', keepLeft) };
    },
  });
}

/** Changes further apart than this are undone one by one (prosemirror-history's newGroupDelay). */
const NEW_GROUP_DELAY = 500;

/** The positions a transaction's last step touched (prosemirror-history's `rangesFor`). */
function rangesOf(tr: Transaction): number[] {
  const ranges: number[] = [];
  const maps = tr.mapping.maps;
  for (let i = maps.length - 1; i >= 0 && ranges.length === 0; i--) maps[i]!.forEach((_from, _to, from, to) => void ranges.push(from, to));
  return ranges;
}

/**
 * Undo takes back what it takes back on one's own: the shared history starts a new step where the
 * editor's own would (a pause, or a change away from the last one, such as a mark), rather than
 * gathering everything typed within half a second.
 */
type LastChange = { time: number; ranges: number[] | null };

function undoStepsPlugin(): Plugin<LastChange> {
  return new Plugin<LastChange>({
    state: {
      init: () => ({ time: 0, ranges: null }),
      apply(tr, last, oldState) {
        const remote = tr.getMeta(ySyncPluginKey)?.isChangeOrigin === true;
        if (!tr.docChanged || remote || tr.getMeta('addToHistory') === false) return last;
        let adjacent = false;
        tr.mapping.maps[0]?.forEach((start, end) => {
          const ranges = last.ranges ?? [];
          for (let i = 0; i < ranges.length; i += 2) if (start <= ranges[i + 1]! && end >= ranges[i]!) adjacent = true;
        });
        // Before the view hands the change to the shared document, which records it.
        if (last.time === 0 || tr.time - last.time >= NEW_GROUP_DELAY || !adjacent) yUndoPluginKey.getState(oldState)?.undoManager?.stopCapturing();
        return { time: tr.time, ranges: rangesOf(tr) };
      },
    },
  });
}

/**
 * Hands the editor's document to the shared text at once: the binding writes it on the view's next
 * change, which a document put in from outside might otherwise wait for until someone types.
 * `undoable`: the change is one of the person's (a reset, a paste) that Undo takes back; a draft
 * going in is not.
 */
function sendOnStart(undoable: boolean): Plugin {
  return onceOnStart((view) => view.dispatch(undoable ? view.state.tr : view.state.tr.setMeta('addToHistory', false)));
}

/** Says in the editor when the server did not take a change to the shared text (it grew too large). */
function refusedNotice(room: SharedRoom): Plugin {
  return new Plugin({
    view(view) {
      const stop = room.onRefused(() => !view.isDestroyed && setEditorNotice(view, t('collab.notTaken')));
      return { destroy: stop };
    },
  });
}

/** Shows `message` in the editor once it starts. */
function noticeOnStart(message: string): Plugin {
  return onceOnStart((view) => setEditorNotice(view, message));
}

/** Runs `action` on the first view the plugin starts in (not again when the editor is drawn anew). */
function onceOnStart(action: (view: EditorView) => void): Plugin {
  let done = false;
  return new Plugin({
    view(view) {
      if (!done) {
        done = true;
        queueMicrotask(() => !view.isDestroyed && action(view));
      }
      return {};
    },
  });
}

/** The shared text of the content field `key` in `room`. */
export function sharedTextOf(room: SharedRoom, key: string): SharedText {
  const name = fragmentName(key);
  const fragment = room.doc.getXmlFragment(name);
  /** `draftOver`: see `SharedText.join`. */
  const bindingOver =
    (draftOver: Node | undefined): SharedBinding =>
    (current, prefer) => {
      if (!isShareable(current)) return null;
      if (fragment.length === 0) seed(room.doc, name, current);
      let { doc, mapping } = initProseMirrorDoc(fragment, current.type.schema);
      let own = prefer === 'own';
      const told: Plugin[] = [];
      if (!own && draftOver !== undefined && !doc.eq(current)) {
        // A draft meets the others' text: its changes since the saved text go in beside theirs.
        const merged = mergeDraft(draftOver, current, doc);
        if (merged === null) told.push(noticeOnStart(t('collab.draftGaveWay')));
        else if (merged.eq(current)) own = true;
        else if (!merged.eq(doc)) {
          room.doc.transact(() => updateYFragment(room.doc, fragment, merged, { mapping: new Map(), isOMark: new Map() }));
          ({ doc, mapping } = initProseMirrorDoc(fragment, current.type.schema));
          told.push(noticeOnStart(t('collab.draftMerged')));
        }
      }
      const same = doc.eq(current);
      // The same document is kept as the editor has it; otherwise the shared copy is drawn in the
      // editor (joining), or the editor's goes to everyone (a document put in from outside, a draft).
      const options = same ? { mapping: remap(mapping as Mapping, doc, current) } : own ? { mapping: new Map() } : {};
      const sent = own && !same ? [sendOnStart(prefer === 'own')] : [];
      return [
        ...told,
        refusedNotice(room),
        shareableOnlyPlugin(),
        ySyncPlugin(fragment, options),
        ...sent,
        caretKeptPlugin(),
        yCursorPlugin(room.awareness, { cursorBuilder: cursor, selectionBuilder: selection }),
        yUndoPlugin(),
        undoStepsPlugin(),
        new Plugin({ history: { undo: undoCommand, redo: redoCommand } } as ConstructorParameters<typeof Plugin>[0]),
      ];
    };
  return {
    join(ready, draftOver) {
      let joined = false;
      return room.whenSynced(() => {
        if (joined) return;
        joined = true;
        ready(bindingOver(draftOver));
      });
    },
  };
}
