/**
 * Component blocks of a document field whose content is a child field, as the server hands them over
 * (component_blocks.rs): opened and written with the bytes Keystatic writes for the same blocks.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { normalizeField } from '../../../test/normalized';
import type { ContentField } from '../../api/config';
import { openContent, writeContent } from './document';
import { textOnly } from './images';
import { loadFormat } from './formats';
import { kindOf } from '../registry';

// The formats load on demand in the admin.
beforeAll(() => Promise.all([loadFormat('markdoc'), loadFormat('mdx')]));

const field = normalizeField({
  kind: 'document',
  label: 'Body',
  formatting: true,
  componentBlocks: {
    quote: { label: 'Quote', schema: { content: { kind: 'child', content: 'block' }, attribution: { kind: 'text', label: 'Attribution' } } },
    note: { label: 'Note', schema: { tone: { kind: 'text', label: 'Tone' }, text: { kind: 'child', content: 'inline' } } },
    faq: {
      label: 'Questions',
      schema: {
        items: {
          kind: 'array',
          asChildTag: 'question',
          validation: { length: { min: 1 } },
          element: { kind: 'object', label: 'Question', fields: { question: { kind: 'text', label: 'Question' }, answer: { kind: 'child', content: 'block' } } },
        },
      },
    },
    tabs: { label: 'Tabs', schema: { items: { kind: 'array', asChildTag: 'tab', element: { kind: 'child', content: 'inline' } } } },
  },
}) as ContentField;

function roundTrip(text: string): string {
  const opened = openContent(field, textOnly(text), kindOf);
  if (!opened.ok) throw new Error(opened.problems.map((problem) => `${problem.line}: ${problem.message}`).join('\n'));
  return writeContent(field, opened.state, '').text;
}

function problems(text: string): string[] {
  const opened = openContent(field, textOnly(text), kindOf);
  return opened.ok ? [] : opened.problems.map((problem) => `${problem.line}: ${problem.message}`);
}

describe('component blocks with a child field', () => {
  it.each([
    ['block content inside the tag', '{% quote attribution="Ada" %}\nSome *words*.\n\n- a list\n{% /quote %}\n'],
    ['a line of text on the tag’s line', 'Before\n\n{% note tone="warm" %}Mind **the** gap{% /note %}\n\nAfter\n'],
    ['an empty line of text', '{% note tone="warm" /%}\n'],
    [
      'items as child tags, each with blocks',
      '{% faq %}\n{% question question="Why?" %}\nBecause.\n{% /question %}\n\n{% question question="How?" %}\nLike this.\n{% /question %}\n{% /faq %}\n',
    ],
    ['items as child tags, each a line of text', '{% tabs %}\n{% tab %}One{% /tab %}\n\n{% tab %}Two{% /tab %}\n{% /tabs %}\n'],
  ])('%s keeps its bytes', (_, text) => {
    expect(roundTrip(text)).toBe(text);
  });

  it('writes a line of text set on lines of its own on the tag’s line, as Keystatic does', () => {
    expect(roundTrip('{% note tone="warm" %}\nMind the gap\n{% /note %}\n')).toBe('{% note tone="warm" %}Mind the gap{% /note %}\n');
  });

  it('reads one-line tags written one under the other, and writes them apart', () => {
    expect(roundTrip('{% note %}One{% /note %}\n{% note %}Two{% /note %}\n')).toBe('{% note %}One{% /note %}\n\n{% note %}Two{% /note %}\n');
    expect(roundTrip('{% tabs %}\n{% tab %}A{% /tab %}\n{% tab %}B{% /tab %}\n{% /tabs %}\n')).toBe(
      '{% tabs %}\n{% tab %}A{% /tab %}\n\n{% tab %}B{% /tab %}\n{% /tabs %}\n',
    );
  });

  it('refuses what the child field cannot hold', () => {
    expect(problems('{% note %}\nOne\n\nTwo\n{% /note %}\n')).toEqual(['1: tag has unexpected children']);
    expect(problems('{% faq %}\nNot a question\n{% /faq %}\n')).toEqual(['2: expected tag question, found type: paragraph']);
    expect(problems('{% faq %}\n{% note /%}\n{% /faq %}\n')).toEqual(['2: expected tag question, found tag: note']);
    // Written on one line, an empty tag is text to Markdoc, which a paragraph cannot hold.
    expect(problems('{% faq %}{% /faq %}\n')).toEqual(['1: paragraph has unexpected children']);
  });

  it('words problems of the text as Keystatic’s document field did', () => {
    expect(problems('Some {% shout %}text{% /shout %}.\n')).toEqual(['1: Unknown tag: shout']);
  });

  it('gives a fresh block an empty child to write in', () => {
    const opened = openContent(field, textOnly('{% quote /%}\n\n{% faq %}\n{% question /%}\n{% /faq %}\n'), kindOf);
    if (!opened.ok) throw new Error('does not open');
    const [quote, faq] = opened.state.doc.children;
    expect(quote?.firstChild?.type.name).toBe('paragraph');
    expect(faq?.firstChild?.firstChild?.type.name).toBe('paragraph');
    expect(writeContent(field, opened.state, '').text).toBe('{% quote /%}\n\n{% faq %}\n{% question /%}\n{% /faq %}\n');
  });
});

describe('component blocks with several child fields', () => {
  const regions = normalizeField({
    kind: 'document',
    label: 'Body',
    formatting: true,
    componentBlocks: {
      quote: {
        label: 'Quote',
        schema: {
          content: { kind: 'child', content: 'block', placeholder: 'Quote...' },
          tone: { kind: 'text', label: 'Tone' },
          attribution: { kind: 'child', label: 'Said by', content: 'inline' },
        },
      },
    },
  }) as ContentField;
  const open = (text: string) => openContent(regions, textOnly(text), kindOf);
  const text =
    '{% quote tone="warm" %}\n{% component-block-prop propPath=["content"] %}\nSome *words*.\n\n- a list\n{% /component-block-prop %}\n\n{% component-inline-prop propPath=["attribution"] %}Ada **L**{% /component-inline-prop %}\n{% /quote %}\n';

  it('open as one region per field, in order, and keep their bytes', () => {
    const opened = open(text);
    if (!opened.ok) throw new Error(opened.problems.map((problem) => problem.message).join('\n'));
    const quote = opened.state.doc.firstChild!;
    expect(quote.type.name).toBe('quote');
    expect([...Array(quote.childCount).keys()].map((index) => quote.child(index).type.name)).toEqual(['quote.content', 'quote.attribution']);
    expect(quote.child(1).textContent).toBe('Ada L');
    expect(writeContent(regions, opened.state, '').text).toBe(text);
  });

  it('are written for a block inserted fresh, each region empty', () => {
    const opened = open('');
    if (!opened.ok) throw new Error('the empty text opens');
    const { state } = opened;
    const quote = state.schema.nodes.quote!.createAndFill()!;
    const inserted = state.apply(state.tr.replaceWith(0, state.doc.content.size, quote));
    expect(writeContent(regions, inserted, '').text).toBe(
      '{% quote %}\n{% component-block-prop propPath=["content"] /%}\n\n{% component-inline-prop propPath=["attribution"] /%}\n{% /quote %}\n',
    );
  });

  it('refuse regions missing, out of order or named otherwise, saying which was expected', () => {
    const messages = (written: string) => {
      const opened = open(written);
      return opened.ok ? [] : opened.problems.map((problem) => problem.message);
    };
    expect(messages('{% quote %}\n{% component-block-prop propPath=["content"] %}\nA\n{% /component-block-prop %}\n{% /quote %}\n')).toEqual([
      'quote has unexpected children',
    ]);
    expect(
      messages('{% quote %}\n{% component-inline-prop propPath=["attribution"] %}Ada{% /component-inline-prop %}\n{% /quote %}\n'),
    ).toEqual(['expected tag component-block-prop propPath=["content"], found tag: component-inline-prop']);
    expect(messages('{% quote %}\n{% component-block-prop propPath=["body"] %}\nA\n{% /component-block-prop %}\n{% /quote %}\n')).toEqual([
      'expected tag component-block-prop propPath=["content"], found tag: component-block-prop',
    ]);
  });
});

describe('child fields inside an object', () => {
  const nested = normalizeField({
    kind: 'document',
    label: 'Body',
    formatting: true,
    componentBlocks: {
      card: {
        label: 'Card',
        schema: {
          title: { kind: 'child', content: 'inline' },
          meta: {
            kind: 'object',
            label: 'Meta',
            fields: {
              tone: {
                kind: 'select',
                label: 'Tone',
                options: [
                  { label: 'Calm', value: 'calm' },
                  { label: 'Loud', value: 'loud' },
                ],
                defaultValue: 'calm',
              },
              body: { kind: 'child', content: 'block' },
            },
          },
        },
      },
      aside: { label: 'Aside', schema: { meta: { kind: 'object', label: 'Meta', fields: { text: { kind: 'child', content: 'block' } } } } },
    },
  }) as ContentField;
  const open = (text: string) => openContent(nested, textOnly(text), kindOf);
  const text =
    '{% card meta={tone: "loud"} %}\n{% component-inline-prop propPath=["title"] %}Hi{% /component-inline-prop %}\n\n{% component-block-prop propPath=["meta", "body"] %}\nSome *words*.\n{% /component-block-prop %}\n{% /card %}\n\n{% aside meta={} %}\nAlone, the child field is the tag\'s content.\n{% /aside %}\n';

  it('open with the object as a prop without them, each region named by its path, and keep their bytes', () => {
    const opened = open(text);
    if (!opened.ok) throw new Error(opened.problems.map((problem) => problem.message).join('\n'));
    const card = opened.state.doc.firstChild!;
    expect(card.attrs.props).toEqual({ meta: { tone: 'loud' } });
    expect([...Array(card.childCount).keys()].map((index) => card.child(index).type.name)).toEqual(['card.title', 'card.meta.body']);
    expect(card.child(1).textContent).toBe('Some words.');
    expect(opened.state.doc.child(1).textContent).toBe("Alone, the child field is the tag's content.");
    expect(writeContent(nested, opened.state, '').text).toBe(text);
  });

  it('are written for blocks inserted fresh as Keystatic writes them', () => {
    const opened = open('');
    if (!opened.ok) throw new Error('the empty text opens');
    const { state } = opened;
    const blocks = [state.schema.nodes.card!.createAndFill()!, state.schema.nodes.aside!.createAndFill()!];
    const inserted = state.apply(state.tr.replaceWith(0, state.doc.content.size, blocks));
    expect(writeContent(nested, inserted, '').text).toBe(
      '{% card meta={tone: "calm"} %}\n{% component-inline-prop propPath=["title"] /%}\n\n{% component-block-prop propPath=["meta", "body"] /%}\n{% /card %}\n\n{% aside meta={} /%}\n',
    );
  });
});
