/**
 * Writing a long document as text takes a while, too long to do on every keystroke. A content field
 * therefore writes its text after a pause in typing, and at least every so often while typing goes
 * on. Meanwhile the form counts as changed (`hasContentEdits`), and whatever reads the form's values
 * to keep them (a save, a draft, a copy) first has every field write what it holds still
 * (`flushContentEdits`), so that no keystroke is lost.
 */

/** No keystroke for this long ends a run of typing: the text is written. */
export const QUIET_MS = 300;
/** While typing goes on, the text is written at least this often (drafts keep up). */
export const MAX_WAIT_MS = 2000;

// The writes holding a value not written yet, and who wants to know when that set changes.
const pendingWrites = new Set<{ flush(): boolean }>();
const listeners = new Set<() => void>();

function setPending(write: { flush(): boolean }, isPending: boolean): void {
  const had = pendingWrites.size > 0;
  if (isPending) pendingWrites.add(write);
  else pendingWrites.delete(write);
  if (had !== pendingWrites.size > 0) for (const listener of [...listeners]) listener();
}

/**
 * Writes the last of a run of values through `write` after a pause (`quietMs`), or once the run has
 * lasted `maxWaitMs`, or when flushed.
 */
export class DeferredWrite<T> {
  private pending: { value: T } | null = null;
  private quiet: ReturnType<typeof setTimeout> | null = null;
  private longest: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private write: (value: T) => void,
    private readonly quietMs = QUIET_MS,
    private readonly maxWaitMs = MAX_WAIT_MS,
  ) {}

  /** Writes through `write` from now on (a component's, with its props of the moment). */
  setWrite(write: (value: T) => void): void {
    this.write = write;
  }

  change(value: T): void {
    // One field holds edits at a time: typing in another writes them first. Fields inside a list or
    // an object write through their parent's value as rendered, which must include the first write.
    for (const other of [...pendingWrites]) if (other !== this) other.flush();
    if (this.quiet !== null) clearTimeout(this.quiet);
    this.quiet = setTimeout(() => this.flush(), this.quietMs);
    this.longest ??= setTimeout(() => this.flush(), this.maxWaitMs);
    this.pending = { value };
    setPending(this, true);
  }

  /** Writes the value not written yet, if any; answers whether there was one. */
  flush(): boolean {
    const pending = this.stop();
    if (pending === null) return false;
    this.write(pending.value);
    return true;
  }

  /** Forgets the value not written yet (the field was given other values). */
  discard(): void {
    this.stop();
  }

  private stop(): { value: T } | null {
    if (this.quiet !== null) clearTimeout(this.quiet);
    if (this.longest !== null) clearTimeout(this.longest);
    this.quiet = null;
    this.longest = null;
    const pending = this.pending;
    this.pending = null;
    setPending(this, false);
    return pending;
  }
}

/** Has every content field write the edits it holds still; answers whether any did. */
export function flushContentEdits(): boolean {
  let any = false;
  for (const write of [...pendingWrites]) any = write.flush() || any;
  return any;
}

/** Whether a content field holds edits it has not written yet (for useSyncExternalStore). */
export function hasContentEdits(): boolean {
  return pendingWrites.size > 0;
}

export function subscribeContentEdits(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
