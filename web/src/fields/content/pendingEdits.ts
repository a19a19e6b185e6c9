/**
 * Writing a long document as text takes a while, too long to do on every keystroke. A content field
 * therefore writes its text when an edit starts (so the form knows at once that something changed),
 * then after a pause in typing, and at least every so often while typing goes on. Whatever reads the
 * form's values to keep them (a save, a draft, a copy) first has every field write what it holds
 * still: `flushContentEdits`.
 */

/** No keystroke for this long ends a run of typing: the text is written. */
export const QUIET_MS = 300;
/** While typing goes on, the text is written at least this often (drafts keep up). */
export const MAX_WAIT_MS = 2000;

/**
 * Writes values through `write` at the start of a run of changes and after it (see above), never
 * more often than needed: a value is written once, the last one of its run.
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
    if (this.quiet === null) {
      // The first change of a run is written at once.
      this.write(value);
    } else {
      clearTimeout(this.quiet);
      this.pending = { value };
      this.longest ??= setTimeout(() => this.flush(true), this.maxWaitMs);
    }
    this.quiet = setTimeout(() => this.flush(), this.quietMs);
  }

  /** Forgets the value not written yet (the field was given other values). */
  discard(): void {
    this.pending = null;
    this.flush();
  }

  /**
   * Writes the value not written yet, if any; answers whether there was one. Afterwards the next
   * change starts a new run (it is written at once), unless `keepRun` (typing still goes on).
   */
  flush(keepRun = false): boolean {
    if (this.longest !== null) clearTimeout(this.longest);
    this.longest = null;
    if (!keepRun) {
      if (this.quiet !== null) clearTimeout(this.quiet);
      this.quiet = null;
    }
    const pending = this.pending;
    this.pending = null;
    if (pending === null) return false;
    this.write(pending.value);
    return true;
  }
}

const flushes = new Set<() => boolean>();

/** Lets `flushContentEdits` reach a mounted field's `flush`; answers the function that stops it. */
export function onFlushContentEdits(flush: () => boolean): () => void {
  flushes.add(flush);
  return () => flushes.delete(flush);
}

/** Has every content field on screen write the edits it holds still; answers whether any did. */
export function flushContentEdits(): boolean {
  let any = false;
  for (const flush of [...flushes]) any = flush() || any;
  return any;
}
