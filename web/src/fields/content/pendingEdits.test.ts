/** When a content field writes its text: after a pause in typing, every so often while it goes on, and when asked. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DeferredWrite, flushContentEdits, hasContentEdits, MAX_WAIT_MS, QUIET_MS, subscribeContentEdits } from './pendingEdits';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  flushContentEdits();
  vi.useRealTimers();
});

function deferred() {
  const written: string[] = [];
  return { written, write: new DeferredWrite<string>((value) => written.push(value)) };
}

describe('a deferred write', () => {
  it('writes the last change of a run of typing after a pause', () => {
    const { written, write } = deferred();
    write.change('a');
    write.change('ab');
    vi.advanceTimersByTime(QUIET_MS - 1);
    write.change('abc');
    vi.advanceTimersByTime(QUIET_MS - 1);
    expect(written).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(written).toEqual(['abc']);
    vi.advanceTimersByTime(MAX_WAIT_MS);
    expect(written).toEqual(['abc']);
  });

  it('writes at least every so often while typing goes on', () => {
    const { written, write } = deferred();
    let text = '';
    for (let elapsed = 0; elapsed < MAX_WAIT_MS; elapsed += 100) {
      text += 'x';
      write.change(text);
      vi.advanceTimersByTime(100);
    }
    expect(written).toEqual(['x'.repeat(MAX_WAIT_MS / 100)]);
    write.change(`${text}y`);
    vi.advanceTimersByTime(QUIET_MS);
    expect(written.at(-1)).toBe(`${text}y`);
  });

  it('writes what it holds when flushed, and answers whether it held anything', () => {
    const { written, write } = deferred();
    expect(write.flush()).toBe(false);
    write.change('a');
    write.change('ab');
    expect(write.flush()).toBe(true);
    expect(written).toEqual(['ab']);
    expect(write.flush()).toBe(false);
    vi.advanceTimersByTime(MAX_WAIT_MS);
    expect(written).toEqual(['ab']);
  });

  it('forgets what it holds when discarded', () => {
    const { written, write } = deferred();
    write.change('a');
    write.discard();
    vi.advanceTimersByTime(MAX_WAIT_MS);
    expect(written).toEqual([]);
  });
});

describe('content edits not written yet', () => {
  it('are written at once by flushContentEdits', () => {
    const first = deferred();
    const second = deferred();
    first.write.change('a');
    first.write.change('ab');
    second.write.change('x');
    expect(flushContentEdits()).toBe(true);
    expect(first.written).toEqual(['ab']);
    expect(second.written).toEqual(['x']);
    expect(flushContentEdits()).toBe(false);
    vi.advanceTimersByTime(MAX_WAIT_MS);
    expect(first.written).toEqual(['ab']);
  });

  it('are held by one field at a time: typing in another writes them', () => {
    const first = deferred();
    const second = deferred();
    first.write.change('a');
    second.write.change('x');
    expect(first.written).toEqual(['a']);
    expect(second.written).toEqual([]);
    expect(flushContentEdits()).toBe(true);
    expect(second.written).toEqual(['x']);
  });

  it('are told while there are any, and when they end', () => {
    const told: boolean[] = [];
    const stop = subscribeContentEdits(() => told.push(hasContentEdits()));
    const { write } = deferred();
    expect(hasContentEdits()).toBe(false);
    write.change('a');
    write.change('ab');
    expect(hasContentEdits()).toBe(true);
    vi.advanceTimersByTime(QUIET_MS);
    expect(hasContentEdits()).toBe(false);
    write.change('abc');
    write.discard();
    expect(told).toEqual([true, false, true, false]);
    stop();
  });
});
