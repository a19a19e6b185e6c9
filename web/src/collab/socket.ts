/**
 * The collaboration socket: one per tab, shared by every room (the site's presence, each open
 * entry's document). It authenticates with its first message, holds messages the server sends
 * before it confirms and replays them after, splits messages over 1,000,000 bytes into chunks after
 * a count message (and joins the server's), pings every 10 s, treats 30 s of silence as a lost
 * connection (checked every 3 s) and reconnects after 1200 ms times a doubling factor, at most
 * 2500 ms (at once when the browser says the network is back). A room's messages while the socket is down are dropped: each room syncs afresh when it
 * is up again.
 */
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';

export type SocketState = 'connecting' | 'connected' | 'disconnected';

/** The person as the server shows them to others. */
export type CollabUser = { id: string; name: string; avatarUrl?: string | null };

/** A room's side of the socket. */
export type RoomPeer = {
  /** The socket is (again) authenticated: send what the room needs to sync. */
  onOpen(): void;
  /** A message for the room (a y-sync message). */
  onMessage(message: Uint8Array): void;
  /** The socket is down: others' states are no longer known. */
  onClose(): void;
  /** The server did not take this tab's latest change to the room (it would make it too large). */
  onRefused?(reason: string): void;
};

export const CHUNK_SIZE = 1_000_000;
export const RECONNECT_BASE = 1200;
export const RECONNECT_MAX = 2500;
export const SILENCE = 30_000;
export const CHECK_EVERY = 3000;
export const PING_EVERY = 10_000;

/** How long to wait before the next attempt, after `failures` failed ones. */
export function reconnectDelay(failures: number): number {
  return Math.min(RECONNECT_BASE * 2 ** failures, RECONNECT_MAX);
}

/** A binary frame: the room's name, then its message. */
export function encodeFrame(room: string, message: Uint8Array): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarString(encoder, room);
  encoding.writeUint8Array(encoder, message);
  return encoding.toUint8Array(encoder);
}

export function decodeFrame(frame: Uint8Array): { room: string; message: Uint8Array } {
  const decoder = decoding.createDecoder(frame);
  const room = decoding.readVarString(decoder);
  return { room, message: frame.subarray(decoder.pos) };
}

/** What the socket is told to send: text control messages and binary frames. */
type Outgoing = string | Uint8Array;

/** `frame` as the messages that carry it: itself, or a count and its chunks. */
export function chunked(frame: Uint8Array): Outgoing[] {
  if (frame.byteLength <= CHUNK_SIZE) return [frame];
  const parts: Outgoing[] = [];
  for (let start = 0; start < frame.byteLength; start += CHUNK_SIZE) parts.push(frame.subarray(start, start + CHUNK_SIZE));
  return [JSON.stringify({ type: 'chunks', count: parts.length }), ...parts];
}

type Control =
  | { type: 'authenticated'; user: CollabUser }
  | { type: 'permission-denied'; reason: string }
  | { type: 'chunks'; count: number }
  | { type: 'refused'; room: string; reason: string }
  | { type: 'pong' };

export class CollabSocket {
  state: SocketState = 'connecting';
  /** The person as others see them, once the server said. */
  user: CollabUser | null = null;
  private ws: WebSocket | null = null;
  private readonly rooms = new Map<string, RoomPeer>();
  private readonly listeners = new Set<() => void>();
  /** Frames that arrived before `authenticated`. */
  private held: Uint8Array[] = [];
  private chunks: { count: number; parts: Uint8Array[] } | null = null;
  private failures = 0;
  private lastHeard = 0;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private readonly timers: ReturnType<typeof setInterval>[] = [];
  private stopped = false;
  /** Whether the server turned the socket away: it is not tried again. */
  private denied = false;

  constructor(
    private readonly url: string,
    private readonly name: () => string,
  ) {
    this.timers.push(
      setInterval(() => this.state === 'connected' && this.sendNow(JSON.stringify({ type: 'ping' })), PING_EVERY),
      setInterval(() => {
        if (this.ws && Date.now() - this.lastHeard > SILENCE) this.lost();
      }, CHECK_EVERY),
    );
    // The browser knows first when the network goes: the socket counts as down at once, and tries
    // again as soon as the network is back.
    window.addEventListener('offline', this.onOffline);
    window.addEventListener('online', this.onOnline);
    this.connect();
  }

  private readonly onOffline = () => {
    if (this.ws) this.lost();
  };

  private readonly onOnline = () => {
    if (this.state !== 'disconnected' || this.stopped || this.denied) return;
    clearTimeout(this.retry);
    this.failures = 0;
    this.connect();
  };

  /** Calls `listener` whenever the state or the user changes; returns how to stop. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  join(room: string, peer: RoomPeer): void {
    this.rooms.set(room, peer);
    if (this.state === 'connected') peer.onOpen();
  }

  leave(room: string): void {
    if (!this.rooms.delete(room)) return;
    if (this.state === 'connected') this.sendNow(JSON.stringify({ type: 'leave', room }));
  }

  /** Sends a room's message now, or drops it while the socket is down (the room syncs on open). */
  send(room: string, message: Uint8Array): void {
    if (this.state !== 'connected') return;
    for (const part of chunked(encodeFrame(room, message))) this.sendNow(part);
  }

  /** Says the person's name again (after they changed it): the socket reconnects as them. */
  rename(): void {
    if (!this.ws) return;
    this.lost();
    clearTimeout(this.retry);
    this.failures = 0;
    this.connect();
  }

  close(): void {
    this.stopped = true;
    clearTimeout(this.retry);
    window.removeEventListener('offline', this.onOffline);
    window.removeEventListener('online', this.onOnline);
    for (const timer of this.timers) clearInterval(timer);
    this.ws?.close();
  }

  private connect(): void {
    if (this.stopped || this.denied) return;
    this.setState('connecting');
    const ws = new WebSocket(this.url);
    ws.binaryType = 'arraybuffer';
    this.ws = ws;
    this.lastHeard = Date.now();
    ws.onopen = () => {
      this.lastHeard = Date.now();
      ws.send(JSON.stringify({ type: 'auth', name: this.name() }));
    };
    ws.onmessage = (event: MessageEvent<string | ArrayBuffer>) => {
      if (ws !== this.ws) return;
      this.lastHeard = Date.now();
      if (typeof event.data === 'string') this.control(JSON.parse(event.data) as Control);
      else this.binary(new Uint8Array(event.data));
    };
    ws.onclose = () => {
      if (ws === this.ws) this.lost();
    };
  }

  /**
   * The socket is down (closed, silent, or the network gone): rooms forget the others, and the next
   * attempt is scheduled. A socket given up on is closed without waiting for its closing handshake,
   * which a dead network never completes.
   */
  private lost(): void {
    const ws = this.ws;
    this.ws = null;
    ws?.close();
    this.held = [];
    this.chunks = null;
    for (const peer of this.rooms.values()) peer.onClose();
    this.setState('disconnected');
    if (this.stopped || this.denied) return;
    clearTimeout(this.retry);
    this.retry = setTimeout(() => this.connect(), reconnectDelay(this.failures));
    this.failures += 1;
  }

  private control(control: Control): void {
    switch (control.type) {
      case 'authenticated': {
        this.user = control.user;
        this.failures = 0;
        this.setState('connected');
        for (const peer of this.rooms.values()) peer.onOpen();
        const held = this.held;
        this.held = [];
        for (const frame of held) this.deliver(frame);
        return;
      }
      case 'permission-denied':
        // The spec's behaviour: a warning for developers, nothing in the admin.
        console.warn('permission denied', control.reason);
        this.denied = true;
        return;
      case 'chunks':
        this.chunks = { count: control.count, parts: [] };
        return;
      case 'refused':
        console.warn('collaboration: a change was not taken', control.reason);
        this.rooms.get(control.room)?.onRefused?.(control.reason);
        return;
      case 'pong':
        return;
    }
  }

  private binary(bytes: Uint8Array): void {
    if (this.chunks) {
      this.chunks.parts.push(bytes);
      if (this.chunks.parts.length < this.chunks.count) return;
      const whole = new Uint8Array(this.chunks.parts.reduce((size, part) => size + part.byteLength, 0));
      let offset = 0;
      for (const part of this.chunks.parts) {
        whole.set(part, offset);
        offset += part.byteLength;
      }
      this.chunks = null;
      bytes = whole;
    }
    if (this.state !== 'connected') this.held.push(bytes);
    else this.deliver(bytes);
  }

  private deliver(frame: Uint8Array): void {
    const { room, message } = decodeFrame(frame);
    this.rooms.get(room)?.onMessage(message);
  }

  private sendNow(message: Outgoing): void {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(message);
  }

  private setState(state: SocketState): void {
    this.state = state;
    for (const listener of this.listeners) listener();
  }
}
