/**
 * An entry open with others: its room (`entry:{branch}:{location}`), whose document holds each
 * content field's text, loaded with Yjs and y-prosemirror only when such an entry opens.
 */
import type { SharedText } from '../fields/FieldProps';
import { sharedTextOf } from './richText';
import { SharedRoom } from './room';
import type { CollabSocket } from './socket';

export type SharedEntry = {
  room: SharedRoom;
  /** The shared text of the content field `key` (the same object each time). */
  textOf(key: string): SharedText;
  close(): void;
};

export const entryRoomName = (branch: string, location: string) => `entry:${branch}:${location}`;

export function openSharedEntry(socket: CollabSocket, branch: string, location: string): SharedEntry {
  const room = new SharedRoom(socket, entryRoomName(branch, location));
  // Cursors are fields of this state (the server adds who this is).
  room.awareness.setLocalState({});
  const texts = new Map<string, SharedText>();
  return {
    room,
    textOf(key) {
      let text = texts.get(key);
      if (text === undefined) {
        text = sharedTextOf(room, key);
        texts.set(key, text);
      }
      return text;
    },
    close: () => room.destroy(),
  };
}
