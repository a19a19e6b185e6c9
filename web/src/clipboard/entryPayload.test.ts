// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { entryFromHtml, entryPayload } from './entryPayload';

const encoder = new TextEncoder();

describe('entryPayload', () => {
  const files = new Map([
    ['hello.mdoc', encoder.encode('---\ntitle: "Hello" & <more>\n---\nBody\n')],
    ['hello/cover.png', new Uint8Array([0xfb, 0xff, 0])],
  ]);

  it('puts the data file as text and every file in the attribute', () => {
    const { html, plain } = entryPayload({ slug: 'hello', files }, 'hello.mdoc');
    expect(plain).toBe('---\ntitle: "Hello" & <more>\n---\nBody\n');
    expect(html.startsWith('<pre data-keystatic-entry="{&quot;slug&quot;:&quot;hello&quot;')).toBe(true);
    expect(html.endsWith('>---\ntitle: &quot;Hello&quot; &amp; &lt;more&gt;\n---\nBody\n</pre>')).toBe(true);
  });

  it('reads back what it wrote', () => {
    const { html } = entryPayload({ slug: 'hello', files }, 'hello.mdoc');
    expect(entryFromHtml(html)).toEqual({ slug: 'hello', files });
    const singleton = entryPayload({ slug: undefined, files: new Map([['entry.yaml', encoder.encode('a: 1\n')]]) }, 'entry.yaml');
    expect(entryFromHtml(singleton.html)).toEqual({ slug: undefined, files: new Map([['entry.yaml', encoder.encode('a: 1\n')]]) });
  });

  it('refuses an entry without its data file', () => {
    expect(() => entryPayload({ slug: 'x', files: new Map() }, 'x.yaml')).toThrow('No main entry file found');
  });
});

describe('entryFromHtml', () => {
  it('finds nothing in other HTML', () => {
    expect(entryFromHtml('<p>Hello</p>')).toBeNull();
    expect(entryFromHtml('<pre>code</pre>')).toBeNull();
    expect(entryFromHtml('<pre data-keystatic-entry="nope">x</pre>')).toBeNull();
    expect(entryFromHtml('<pre data-keystatic-entry=\'{"files":{"a":"***"}}\'>x</pre>')).toBeNull();
  });
});
