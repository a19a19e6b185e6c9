/**
 * Collaboration for one tab: the socket and the site's presence room, and a snapshot of both (the
 * socket's state, who this tab is, everyone else's whereabouts) that changes only when they do.
 */
import { PRESENCE_ROOM, peopleIn } from './presence';
import type { Person, Whereabouts } from './presence';
import { SharedRoom } from './room';
import { CollabSocket } from './socket';
import type { CollabUser, SocketState } from './socket';

export type CollabSnapshot = { state: SocketState; me: CollabUser | null; people: Person[] };

export class CollabSession {
  readonly socket: CollabSocket;
  readonly presence: SharedRoom;
  private snapshot: CollabSnapshot;
  private readonly listeners = new Set<() => void>();
  private readonly stop: () => void;

  constructor(url: string, name: () => string) {
    this.socket = new CollabSocket(url, name);
    this.presence = new SharedRoom(this.socket, PRESENCE_ROOM);
    this.snapshot = this.take();
    const changed = () => {
      this.snapshot = this.take();
      for (const listener of this.listeners) listener();
    };
    const unsubscribe = this.socket.subscribe(changed);
    this.presence.awareness.on('change', changed);
    this.stop = () => {
      unsubscribe();
      this.presence.awareness.off('change', changed);
    };
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): CollabSnapshot => this.snapshot;

  /** Tells the others where this tab is. */
  setWhereabouts(whereabouts: Whereabouts): void {
    const current = this.presence.awareness.getLocalState() as Whereabouts | null;
    if (current && current.branch === whereabouts.branch && current.location === whereabouts.location && current.path.join('\0') === whereabouts.path.join('\0')) return;
    this.presence.awareness.setLocalState(whereabouts);
  }

  close(): void {
    this.stop();
    this.presence.destroy();
    this.socket.close();
  }

  private take(): CollabSnapshot {
    return { state: this.socket.state, me: this.socket.user, people: peopleIn(this.presence) };
  }
}
