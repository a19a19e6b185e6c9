/**
 * Pasting: plain text is read as Markdown (through Markdoc), so that pasted notes keep their
 * headings, lists and emphasis, falling back to plain paragraphs when the field cannot hold what the
 * text says; a lone URL links the selected text, or is inserted as a link. HTML from other editors
 * and web pages goes through the schema's own parse rules; where the field has no links, a pasted
 * link keeps its address as text after it, `text (url)`, rather than losing it.
 */
import { Fragment, Slice } from 'prosemirror-model';
import type { Node, Schema } from 'prosemirror-model';
import { Plugin } from 'prosemirror-state';
import { markdocToDoc } from '../markdoc/parse';
import { headingLevelsAt, withHeadingLevels } from '../schema/childHeadings';
import { editorSchemaOf } from '../schema/createSchema';

const loneUrl = /^https?:\/\/\S+$/;

function plainParagraphs(schema: Schema, text: string): Slice {
  const paragraphs = text
    .split(/\r?\n/)
    .map((line) => schema.nodes.paragraph!.create(null, line === '' ? null : schema.text(line)));
  return Slice.maxOpen(Fragment.from(paragraphs));
}

/** The URL a slice consists of, if it is one line of unformatted text that is an http(s) URL. */
function urlOf(slice: Slice): string | null {
  const { content } = slice;
  if (content.childCount !== 1) return null;
  let single: Node | null = content.firstChild;
  while (single !== null && !single.isText && single.childCount === 1) single = single.firstChild;
  if (single === null || !single.isText || single.marks.length > 0) return null;
  const text = single.text ?? '';
  return loneUrl.test(text) ? text : null;
}

/**
 * `html` with each link to a web or mail address unwrapped and followed by that address in brackets,
 * unless its text is the address already. Other links (`#cite-1`, `/wiki/x`) keep just their text.
 */
export function flattenLinks(html: string): string {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  const links = body.querySelectorAll('a[href]');
  // Parsed as a whole page, a fragment of table rows would lose its rows: leave what has no links.
  if (links.length === 0) return html;
  for (const link of links) {
    const href = link.getAttribute('href') ?? '';
    const shown = /^(https?|mailto):/i.test(href) && link.textContent?.trim() !== href;
    link.replaceWith(...link.childNodes, ...(shown ? [` (${href})`] : []));
  }
  return body.innerHTML;
}

export const pastePlugin = new Plugin({
  props: {
    // Pasted into a component block's child field that holds fewer heading levels than its field,
    // a heading of another level is a paragraph there, as one the field has no level for is.
    transformPasted(slice, view) {
      return withHeadingLevels(slice, headingLevelsAt(view.state.selection.$from));
    },
    transformPastedHTML(html, view) {
      return view.state.schema.marks.link === undefined ? flattenLinks(html) : html;
    },
    clipboardTextParser(text, _context, plain, view) {
      const { schema } = view.state;
      if (plain) return plainParagraphs(schema, text);
      try {
        return Slice.maxOpen(markdocToDoc(text, editorSchemaOf(schema)).content);
      } catch (error) {
        // Text the field cannot hold is pasted as it is, line by line.
        console.info('Pasted text read as plain text:', error);
        return plainParagraphs(schema, text);
      }
    },
    handlePaste(view, _event, slice) {
      const link = view.state.schema.marks.link;
      const url = urlOf(slice);
      if (link === undefined || url === null) return false;
      const { from, to, empty } = view.state.selection;
      const mark = link.create({ href: url });
      const tr = empty ? view.state.tr.replaceSelectionWith(view.state.schema.text(url, [mark]), false) : view.state.tr.addMark(from, to, mark);
      view.dispatch(tr.scrollIntoView());
      return true;
    },
  },
});
