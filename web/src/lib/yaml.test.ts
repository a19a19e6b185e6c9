import { dump, load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { loadYaml, timestampSource, timestampTime, writtenPlain } from './yaml';

const read = (text: string) => (loadYaml(`a: ${text}\n`).value as { a: unknown }).a;

describe('loadYaml', () => {
  it('reads real timestamps as js-yaml does', () => {
    for (const text of ['2024-06-26', '2024-02-29', '2024-06-26T18:30:00.000Z', '2024-06-26 18:30:00 +02:00', '2001-12-14t21:59:43.10-05:00']) {
      expect(read(text)).toEqual((load(`a: ${text}\n`) as { a: unknown }).a);
    }
  });

  it('reads a timestamp-shaped text that names no real day or time as its text', () => {
    for (const text of [
      '2024-13-45',
      '2023-02-29',
      '2024-02-30',
      '2024-00-10',
      '2024-06-00',
      '2024-01-01T25:61:00Z',
      '2024-01-01T24:00:00Z',
      '2024-01-01T10:60:00Z',
      '2024-01-01T10:00:60Z',
      '2024-01-01T10:00:00+24:00',
      '2024-01-01T10:00:00+02:60',
      '2023-02-29 10:00:00',
    ]) {
      // js-yaml alone rolls them over into another day.
      expect((load(`a: ${text}\n`) as { a: unknown }).a).toBeInstanceOf(Date);
      expect(read(text)).toBe(text);
    }
  });

  it('reads the years 0000 to 0099 as written, not as 1900 to 1999', () => {
    expect((read('0024-03-01') as Date).toISOString()).toBe('0024-03-01T00:00:00.000Z');
    expect((read('0099-12-31T23:00:00Z') as Date).toISOString()).toBe('0099-12-31T23:00:00.000Z');
  });

  it('lists the refused texts written plain, not the quoted ones', () => {
    const loaded = loadYaml("a: 2024-13-45\nb: '2023-02-30'\nc: [2024-02-30]\nd: 2024-06-26\n");
    expect(loaded.value).toEqual({ a: '2024-13-45', b: '2023-02-30', c: ['2024-02-30'], d: new Date('2024-06-26T00:00:00Z') });
    expect([...loaded.plainTimestampTexts].sort()).toEqual(['2024-02-30', '2024-13-45']);
  });

  it('refuses an explicit timestamp tag on an impossible day', () => {
    expect(() => loadYaml('a: !!timestamp 2024-13-45\n')).toThrow(/cannot resolve/);
  });

  it('remembers how each timestamp was written', () => {
    expect(timestampSource(read('2024-06-26 18:30:00 +02:00') as Date)).toBe('2024-06-26 18:30:00 +02:00');
    expect(timestampSource(new Date('2024-06-26T00:00:00Z'))).toBe('2024-06-26T00:00:00.000Z');
  });
});

describe('writtenPlain', () => {
  it('is dumped unquoted, as written', () => {
    expect(dump({ a: writtenPlain('2024-13-45'), b: writtenPlain('2024-06-26 18:30:00 +02:00'), c: '2024-13-45' })).toBe(
      "a: 2024-13-45\nb: 2024-06-26 18:30:00 +02:00\nc: '2024-13-45'\n",
    );
  });
});

describe('timestampTime', () => {
  it('applies the zone', () => {
    expect(timestampTime('2024-06-26T18:30:00+02:00')).toBe(Date.UTC(2024, 5, 26, 16, 30));
    expect(timestampTime('2024-06-26T18:30:00.5-01:30')).toBe(Date.UTC(2024, 5, 26, 20, 0, 0, 500));
    expect(timestampTime('hello')).toBeNull();
  });
});
