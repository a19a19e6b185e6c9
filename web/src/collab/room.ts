/**
 * A shared document on the collaboration socket: a Y.Doc and its awareness, kept in step with the
 * server's copy of the room by the y-sync protocol (sync step 1 and 2, then updates) and the
 * awareness protocol.
 */
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import { Awareness, applyAwarenessUpdate, encodeAwarenessUpdate, removeAwarenessStates } from 'y-protocols/awareness';
import { readSyncMessage, writeSyncStep1, writeUpdate } from 'y-protocols/sync';
import * as Y from 'yjs';
import type { CollabSocket } from './socket';

const MESSAGE_SYNC = 0;
const MESSAGE_AWARENESS = 1;
const MESSAGE_QUERY_AWARENESS = 3;

type AwarenessChange = { added: number[]; updated: number[]; removed: number[] };

export class SharedRoom {
  readonly awareness: Awareness;
  /** Whether the server's copy has been received since the socket last opened. */
  synced = false;
  private readonly syncListeners = new Set<() => void>();
  private readonly refusedListeners = new Set<() => void>();

  constructor(
    private readonly socket: CollabSocket,
    readonly name: string,
    readonly doc: Y.Doc = new Y.Doc(),
  ) {
    this.awareness = new Awareness(doc);
    doc.on('update', this.onUpdate);
    this.awareness.on('update', this.onAwareness);
    socket.join(name, {
      onOpen: () => {
        this.synced = false;
        const encoder = encoding.createEncoder();
        encoding.writeVarUint(encoder, MESSAGE_SYNC);
        writeSyncStep1(encoder, doc);
        this.send(encoder);
        if (this.awareness.getLocalState() !== null) this.sendAwareness([doc.clientID]);
      },
      onMessage: (message) => this.receive(message),
      onRefused: () => {
        for (const listener of this.refusedListeners) listener();
      },
      onClose: () => {
        this.synced = false;
        const others = [...this.awareness.getStates().keys()].filter((client) => client !== doc.clientID);
        removeAwarenessStates(this.awareness, others, this);
      },
    });
  }

  /** Calls `listener` once the server's copy has arrived (now, when it has). */
  whenSynced(listener: () => void): () => void {
    if (this.synced) listener();
    this.syncListeners.add(listener);
    return () => this.syncListeners.delete(listener);
  }

  /** Calls `listener` whenever the server did not take this tab's change to the room. */
  onRefused(listener: () => void): () => void {
    this.refusedListeners.add(listener);
    return () => this.refusedListeners.delete(listener);
  }

  destroy(): void {
    removeAwarenessStates(this.awareness, [this.doc.clientID], 'local');
    this.doc.off('update', this.onUpdate);
    this.awareness.off('update', this.onAwareness);
    this.awareness.destroy();
    this.socket.leave(this.name);
  }

  private readonly onUpdate = (update: Uint8Array, origin: unknown) => {
    if (origin === this) return;
    const encoder = encoding.createEncoder();
    encoding.writeVarUint(encoder, MESSAGE_SYNC);
    writeUpdate(encoder, update);
    this.send(encoder);
  };

  private readonly onAwareness = ({ added, updated, removed }: AwarenessChange, origin: unknown) => {
    if (origin === this) return;
    const mine = [...added, ...updated, ...removed].filter((client) => client === this.doc.clientID);
    if (mine.length > 0) this.sendAwareness(mine);
  };

  private sendAwareness(clients: number[]): void {
    const encoder = encoding.createEncoder();
    encoding.writeVarUint(encoder, MESSAGE_AWARENESS);
    encoding.writeVarUint8Array(encoder, encodeAwarenessUpdate(this.awareness, clients));
    this.send(encoder);
  }

  private receive(message: Uint8Array): void {
    const decoder = decoding.createDecoder(message);
    switch (decoding.readVarUint(decoder)) {
      case MESSAGE_SYNC: {
        const encoder = encoding.createEncoder();
        encoding.writeVarUint(encoder, MESSAGE_SYNC);
        const kind = readSyncMessage(decoder, encoder, this.doc, this);
        if (encoding.length(encoder) > 1) this.send(encoder);
        // Sync step 2 carries the server's copy.
        if (kind === 1 && !this.synced) {
          this.synced = true;
          for (const listener of this.syncListeners) listener();
        }
        return;
      }
      case MESSAGE_AWARENESS:
        applyAwarenessUpdate(this.awareness, decoding.readVarUint8Array(decoder), this);
        return;
      case MESSAGE_QUERY_AWARENESS:
        this.sendAwareness([this.doc.clientID]);
        return;
    }
  }

  private send(encoder: encoding.Encoder): void {
    this.socket.send(this.name, encoding.toUint8Array(encoder));
  }
}
