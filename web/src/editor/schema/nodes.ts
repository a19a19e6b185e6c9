/**
 * The built-in node kinds of a content document, one spec each. Which of them a field's schema holds
 * is decided in `createSchema.ts` from the field's options.
 */
import type { DOMOutputSpec, NodeSpec } from 'prosemirror-model';
import { tableNodes } from 'prosemirror-tables';
import { encodeBase64 } from '../../lib/base64';
import { et } from '../messages';
import type { HeadingLevel } from '../options';

/** `start` is the default; it is stored as null so documents compare equal whatever was typed. */
export type TextAlign = 'center' | 'end' | null;

function readAlign(dom: HTMLElement): TextAlign {
  const align = dom.style.textAlign;
  return align === 'center' ? 'center' : align === 'end' || align === 'right' ? 'end' : null;
}

function alignAttrs(textAlign: TextAlign): Record<string, string> {
  return textAlign === null ? {} : { style: `text-align: ${textAlign}` };
}

export const docSpec: NodeSpec = { content: 'block+' };

export const textSpec: NodeSpec = { group: 'inline' };

export const paragraphSpec: NodeSpec = {
  content: 'inline*',
  group: 'block',
  attrs: { textAlign: { default: null } },
  parseDOM: [{ tag: 'p', getAttrs: (dom) => ({ textAlign: readAlign(dom) }) }],
  toDOM: (node) => ['p', alignAttrs(node.attrs.textAlign as TextAlign), 0],
};

export const hardBreakSpec: NodeSpec = {
  inline: true,
  group: 'inline',
  selectable: false,
  parseDOM: [{ tag: 'br' }],
  toDOM: () => ['br'],
};

export function headingSpec(levels: readonly HeadingLevel[]): NodeSpec {
  return {
    content: 'inline*',
    group: 'block',
    defining: true,
    // `props`: the heading schema's props, when the field's options give one (null: none yet).
    attrs: { level: { default: levels[0] ?? 1 }, textAlign: { default: null }, props: { default: null } },
    parseDOM: levels.map((level) => ({
      tag: `h${level}`,
      getAttrs: (dom: HTMLElement) => ({ level, textAlign: readAlign(dom) }),
    })),
    toDOM: (node) => [`h${node.attrs.level as number}`, alignAttrs(node.attrs.textAlign as TextAlign), 0],
  };
}

export const blockquoteSpec: NodeSpec = {
  content: 'block+',
  group: 'block',
  defining: true,
  parseDOM: [{ tag: 'blockquote' }],
  toDOM: () => ['blockquote', 0],
};

const codeDOM: DOMOutputSpec = ['pre', { spellcheck: 'false' }, ['code', 0]];

export const codeBlockSpec: NodeSpec = {
  content: 'text*',
  group: 'block',
  marks: '',
  code: true,
  defining: true,
  // '' is plain text: Markdoc writes no language after the fence then.
  attrs: { language: { default: '' }, props: { default: null } },
  parseDOM: [
    {
      tag: 'pre',
      preserveWhitespace: 'full',
      getAttrs: (dom) => ({ language: dom.getAttribute('data-language') ?? '' }),
    },
  ],
  toDOM: (node) => {
    const language = node.attrs.language as string;
    return language === '' ? codeDOM : ['pre', { spellcheck: 'false', 'data-language': language }, ['code', 0]];
  },
};

export const dividerSpec: NodeSpec = {
  group: 'block',
  parseDOM: [{ tag: 'hr' }],
  toDOM: () => ['hr'],
};

export const orderedListSpec: NodeSpec = {
  content: 'list_item+',
  group: 'block',
  attrs: { start: { default: 1 } },
  parseDOM: [
    {
      tag: 'ol',
      getAttrs: (dom) => {
        const start = Number(dom.getAttribute('start') ?? 1);
        return { start: Number.isInteger(start) && start >= 0 ? start : 1 };
      },
    },
  ],
  toDOM: (node) => (node.attrs.start === 1 ? ['ol', 0] : ['ol', { start: node.attrs.start as number }, 0]),
};

export const unorderedListSpec: NodeSpec = {
  content: 'list_item+',
  group: 'block',
  parseDOM: [{ tag: 'ul' }],
  toDOM: () => ['ul', 0],
};

// Any blocks, as Markdoc allows: an item may start with a code block or a nested list.
export const listItemSpec: NodeSpec = {
  content: 'block+',
  defining: true,
  parseDOM: [{ tag: 'li' }],
  toDOM: () => ['li', 0],
};

/**
 * A block whose component the field does not define (any more), kept as it was read: `source` is
 * the Markdoc or MDX node itself, written back untouched on save; `props` and `text` (its source
 * text) are what the box shows until the writer removes it.
 */
export const missingBlockSpec: NodeSpec = {
  group: 'block',
  atom: true,
  selectable: true,
  draggable: true,
  attrs: { name: {}, props: {}, text: {}, source: {} },
  toDOM: (node) => ['div', { class: 'editor-missing-block', 'data-name': node.attrs.name as string }],
};

/**
 * An element in text that the field has no component for (raw `<u>`, `<span>`, `<br />` in MDX):
 * kept as it was read, `source` being the MDX node written back untouched, and shown as its
 * source text, which the editor can delete but not change.
 */
export const missingInlineSpec: NodeSpec = {
  group: 'inline',
  inline: true,
  atom: true,
  selectable: true,
  attrs: { name: {}, text: {}, source: {} },
  toDOM: (node) => {
    const name = node.attrs.name as string;
    const title = et('component.keptInline', { component: name });
    return ['span', { class: 'editor-missing-inline', 'data-name': name, title }, node.attrs.text as string];
  },
};

/**
 * Columns side by side (the legacy document field's layouts): `layout` holds the columns' relative
 * widths, one area per column (see plugins/layoutAreas.ts).
 */
export const layoutSpec: NodeSpec = {
  content: 'layout_area+',
  group: 'block',
  defining: true,
  attrs: { layout: { default: [1, 1] } },
  parseDOM: [
    {
      tag: 'div[data-layout]',
      getAttrs: (dom) => {
        const layout = readLayout(dom.getAttribute('data-layout'));
        return layout === null ? false : { layout };
      },
    },
  ],
  toDOM: (node) => {
    const layout = node.attrs.layout as number[];
    return [
      'div',
      {
        class: 'editor-layout',
        'data-layout': JSON.stringify(layout),
        style: `grid-template-columns: ${layout.map((ratio) => `minmax(0, ${ratio}fr)`).join(' ')}`,
      },
      0,
    ];
  },
};

export const layoutAreaSpec: NodeSpec = {
  content: 'block+',
  isolating: true,
  parseDOM: [{ tag: 'div[data-layout-area]' }],
  toDOM: () => ['div', { class: 'editor-layout-area', 'data-layout-area': '' }, 0],
};

function readLayout(text: string | null): number[] | null {
  try {
    const layout: unknown = JSON.parse(text ?? '');
    return Array.isArray(layout) && layout.length > 0 && layout.every((ratio) => typeof ratio === 'number' && ratio > 0)
      ? (layout as number[])
      : null;
  } catch {
    return null;
  }
}

/** Table, row, header cell and cell; cells hold blocks, as Markdoc's list-item cells do. */
export const tableSpecs = tableNodes({ tableGroup: 'block', cellContent: 'block+', cellAttributes: {} });

/**
 * An image written into the content: the file's bytes travel with the node so that copy, paste and
 * undo keep them, and they are written beside the content on save.
 */
export const imageSpec: NodeSpec = {
  inline: true,
  group: 'inline',
  draggable: true,
  attrs: { src: {}, filename: {}, alt: { default: '' }, title: { default: '' } },
  parseDOM: [
    {
      tag: 'img[data-filename]',
      getAttrs: (dom) => {
        const src = dom.getAttribute('src') ?? '';
        const filename = dom.getAttribute('data-filename');
        const base64 = /^data:[^;,]*;base64,(.*)$/.exec(src)?.[1];
        if (!filename || base64 === undefined) return false;
        return {
          src: Uint8Array.from(atob(base64), (char) => char.charCodeAt(0)),
          filename,
          alt: dom.getAttribute('alt') ?? '',
          title: dom.getAttribute('title') ?? '',
        };
      },
    },
  ],
  toDOM: (node) => {
    const filename = node.attrs.filename as string;
    const type = filename.endsWith('.svg') ? 'image/svg+xml' : 'application/octet-stream';
    return [
      'img',
      {
        src: `data:${type};base64,${encodeBase64(node.attrs.src as Uint8Array)}`,
        alt: node.attrs.alt as string,
        title: node.attrs.title as string,
        'data-filename': filename,
      },
    ];
  },
};
