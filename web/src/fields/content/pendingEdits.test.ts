/** When a content field writes its text: at the start of a run of typing, after a pause, and when asked. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DeferredWrite, flushContentEdits, MAX_WAIT_MS, onFlushContentEdits, QUIET_MS } from './pendingEdits';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function deferred() {
  const written: string[] = [];
  return { written, write: new DeferredWrite<string>((value) => written.push(value)) };
}

describe('a deferred write', () => {
  it('writes the first change at once, then the last one after a pause', () => {
    const { written, write } = deferred();
    write.change('a');
    expect(written).toEqual(['a']);
    write.change('ab');
    write.change('abc');
    vi.advanceTimersByTime(QUIET_MS - 1);
    expect(written).toEqual(['a']);
    vi.advanceTimersByTime(1);
    expect(written).toEqual(['a', 'abc']);
    // A pause ends the run: the next change is written at once again.
    write.change('abcd');
    expect(written).toEqual(['a', 'abc', 'abcd']);
    vi.advanceTimersByTime(QUIET_MS);
    expect(written).toEqual(['a', 'abc', 'abcd']);
  });

  it('writes at least every so often while typing goes on', () => {
    const { written, write } = deferred();
    let text = '';
    for (let elapsed = 0; elapsed <= MAX_WAIT_MS; elapsed += 100) {
      text += 'x';
      write.change(text);
      vi.advanceTimersByTime(100);
    }
    expect(written.map((value) => value.length)).toEqual([1, MAX_WAIT_MS / 100 + 1]);
    // The run goes on: the next keystroke waits for the pause.
    write.change(`${text}y`);
    expect(written).toHaveLength(2);
    vi.advanceTimersByTime(QUIET_MS);
    expect(written.at(-1)).toBe(`${text}y`);
  });

  it('writes what it holds when flushed, and answers whether it held anything', () => {
    const { written, write } = deferred();
    expect(write.flush()).toBe(false);
    write.change('a');
    write.change('ab');
    expect(write.flush()).toBe(true);
    expect(written).toEqual(['a', 'ab']);
    expect(write.flush()).toBe(false);
    vi.advanceTimersByTime(MAX_WAIT_MS);
    expect(written).toEqual(['a', 'ab']);
    // After a flush (a save) the next change is written at once, so the form sees it.
    write.change('abc');
    expect(written).toEqual(['a', 'ab', 'abc']);
  });

  it('forgets what it holds when discarded', () => {
    const { written, write } = deferred();
    write.change('a');
    write.change('ab');
    write.discard();
    vi.advanceTimersByTime(MAX_WAIT_MS);
    expect(written).toEqual(['a']);
  });
});

describe('flushContentEdits', () => {
  it('has every field that registered write what it holds, until it leaves', () => {
    const first = deferred();
    const second = deferred();
    const stopFirst = onFlushContentEdits(() => first.write.flush());
    const stopSecond = onFlushContentEdits(() => second.write.flush());
    first.write.change('a');
    first.write.change('ab');
    second.write.change('x');
    expect(flushContentEdits()).toBe(true);
    expect(first.written).toEqual(['a', 'ab']);
    expect(second.written).toEqual(['x']);
    expect(flushContentEdits()).toBe(false);
    stopFirst();
    first.write.change('abc');
    first.write.change('abcd');
    flushContentEdits();
    expect(first.written).toEqual(['a', 'ab', 'abc']);
    stopSecond();
  });
});
