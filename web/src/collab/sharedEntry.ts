/**
 * An entry open with others: its room (`entry:{branch}:{location}`), loaded with Yjs and
 * y-prosemirror only when such an entry opens. Its document holds each content field's text (a
 * fragment per field, edited together), the other fields' values as someone last left them (a map,
 * set when a field loses focus: those are edited by one person at a time), and the last save, so
 * that the others learn that what they see is saved.
 */
import type * as Y from 'yjs';
import type { SharedText } from '../fields/FieldProps';
import { isData } from './data';
import { sharedTextOf } from './richText';
import { SharedRoom } from './room';
import type { CollabSocket } from './socket';

export type SharedEntry = {
  room: SharedRoom;
  /** The shared text of the content field at `path` (the same object each time). */
  textAt(path: readonly string[]): SharedText;
  /** Gives the others `value` of the field `key`, when it is plain data (text, numbers, lists…). */
  publishField(key: string, value: unknown): void;
  /**
   * Gives the others every one of `values` (the form's, put in from outside: a reset, a paste), in
   * one change; a field whose value is not plain data (it holds files) is taken out of the room, so
   * that what someone left there before does not come back.
   */
  publishFields(values: Readonly<Record<string, unknown>>): void;
  /** Calls `listener` with the fields others set: all of them once the room is known, then each change. */
  onFields(listener: (values: Record<string, unknown>) => void): () => void;
  /** Tells the others the entry was saved as it is now. */
  announceSaved(): void;
  /** Calls `listener` when someone else saved the entry. */
  onSaved(listener: () => void): () => void;
  close(): void;
};

export const entryRoomName = (branch: string, location: string) => `entry:${branch}:${location}`;

export function openSharedEntry(socket: CollabSocket, branch: string, location: string): SharedEntry {
  const room = new SharedRoom(socket, entryRoomName(branch, location));
  // Cursors are fields of this state (the server adds who this is).
  room.awareness.setLocalState({});
  const fields = room.doc.getMap<unknown>('fields');
  const saves = room.doc.getMap<number>('saved');
  const texts = new Map<string, SharedText>();
  /** Puts `value` (plain data) in the room unless it holds that already. */
  const setField = (key: string, value: unknown) => {
    if (JSON.stringify(fields.get(key)) !== JSON.stringify(value)) fields.set(key, value);
  };
  return {
    room,
    textAt(path) {
      const key = path.join('.');
      let text = texts.get(key);
      if (text === undefined) {
        text = sharedTextOf(room, key);
        texts.set(key, text);
      }
      return text;
    },
    publishField(key, value) {
      // Values holding files (bytes) wait for the save.
      if (isData(value)) setField(key, value);
    },
    publishFields(values) {
      room.doc.transact(() => {
        for (const [key, value] of Object.entries(values)) {
          if (isData(value)) setField(key, value);
          else fields.delete(key);
        }
      });
    },
    onFields(listener) {
      let joined = false;
      const stopSync = room.whenSynced(() => {
        if (joined) return;
        joined = true;
        if (fields.size > 0) listener(Object.fromEntries(fields.entries()));
      });
      const observe = (event: Y.YMapEvent<unknown>) => {
        if (event.transaction.local) return;
        listener(Object.fromEntries([...event.keysChanged].filter((key) => fields.has(key)).map((key) => [key, fields.get(key)])));
      };
      fields.observe(observe);
      return () => {
        stopSync();
        fields.unobserve(observe);
      };
    },
    announceSaved() {
      saves.set('at', Date.now());
    },
    onSaved(listener) {
      const observe = (event: Y.YMapEvent<number>) => {
        if (!event.transaction.local) listener();
      };
      saves.observe(observe);
      return () => saves.unobserve(observe);
    },
    close: () => room.destroy(),
  };
}
