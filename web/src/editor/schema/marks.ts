/**
 * The built-in inline marks. Their order is their nesting order when written out (the first opens
 * outermost), the order Keystatic's schema has, so that nested marks come back as they were written.
 */
import type { MarkSpec } from 'prosemirror-model';

export const linkSpec: MarkSpec = {
  attrs: { href: {}, title: { default: '' } },
  inclusive: false,
  parseDOM: [
    {
      tag: 'a[href]',
      getAttrs: (dom) => {
        const href = dom.getAttribute('href');
        return href ? { href, title: dom.getAttribute('title') ?? '' } : false;
      },
    },
  ],
  toDOM: (mark) => [
    'a',
    { href: mark.attrs.href as string, ...(mark.attrs.title === '' ? {} : { title: mark.attrs.title as string }) },
    0,
  ],
};

export const italicSpec: MarkSpec = {
  parseDOM: [
    { tag: 'i' },
    { tag: 'em' },
    { style: 'font-style=italic' },
    { style: 'font-style=normal', clearMark: (mark) => mark.type.name === 'italic' },
  ],
  toDOM: () => ['em', 0],
};

export const boldSpec: MarkSpec = {
  parseDOM: [
    { tag: 'strong' },
    // Google Docs wraps whole documents in <b style="font-weight: normal">.
    { tag: 'b', getAttrs: (dom) => dom.style.fontWeight !== 'normal' && null },
    { style: 'font-weight=400', clearMark: (mark) => mark.type.name === 'bold' },
    { style: 'font-weight', getAttrs: (value) => /^(bold(er)?|[5-9]\d{2,})$/.test(value) && null },
  ],
  toDOM: () => ['strong', 0],
};

export const strikethroughSpec: MarkSpec = {
  parseDOM: [{ tag: 's' }, { tag: 'del' }, { tag: 'strike' }, { style: 'text-decoration=line-through' }],
  toDOM: () => ['s', 0],
};

export const codeSpec: MarkSpec = {
  parseDOM: [{ tag: 'code' }],
  toDOM: () => ['code', 0],
};

export const underlineSpec: MarkSpec = {
  parseDOM: [{ tag: 'u' }, { style: 'text-decoration=underline' }],
  toDOM: () => ['u', 0],
};

export const superscriptSpec: MarkSpec = {
  excludes: 'subscript',
  parseDOM: [{ tag: 'sup' }],
  toDOM: () => ['sup', 0],
};

export const subscriptSpec: MarkSpec = {
  excludes: 'superscript',
  parseDOM: [{ tag: 'sub' }],
  toDOM: () => ['sub', 0],
};

export const keyboardSpec: MarkSpec = {
  parseDOM: [{ tag: 'kbd' }],
  toDOM: () => ['kbd', 0],
};
