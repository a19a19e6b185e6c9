/**
 * Highlights code blocks whose language is known (by name or alias), with lowlight over the
 * highlight.js grammars of the languages the language field offers. Highlighting is decoration
 * only: it never touches the document. Each code block's highlighting is kept per node, so typing
 * in one block does not highlight the others again.
 */
import type { Element, ElementContent, Root } from 'hast';
import arduino from 'highlight.js/lib/languages/arduino';
import bash from 'highlight.js/lib/languages/bash';
import c from 'highlight.js/lib/languages/c';
import cpp from 'highlight.js/lib/languages/cpp';
import csharp from 'highlight.js/lib/languages/csharp';
import css from 'highlight.js/lib/languages/css';
import diff from 'highlight.js/lib/languages/diff';
import go from 'highlight.js/lib/languages/go';
import ini from 'highlight.js/lib/languages/ini';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import kotlin from 'highlight.js/lib/languages/kotlin';
import less from 'highlight.js/lib/languages/less';
import lua from 'highlight.js/lib/languages/lua';
import makefile from 'highlight.js/lib/languages/makefile';
import markdown from 'highlight.js/lib/languages/markdown';
import objectivec from 'highlight.js/lib/languages/objectivec';
import perl from 'highlight.js/lib/languages/perl';
import php from 'highlight.js/lib/languages/php';
import python from 'highlight.js/lib/languages/python';
import r from 'highlight.js/lib/languages/r';
import ruby from 'highlight.js/lib/languages/ruby';
import rust from 'highlight.js/lib/languages/rust';
import scss from 'highlight.js/lib/languages/scss';
import sql from 'highlight.js/lib/languages/sql';
import swift from 'highlight.js/lib/languages/swift';
import typescript from 'highlight.js/lib/languages/typescript';
import yaml from 'highlight.js/lib/languages/yaml';
import { createLowlight } from 'lowlight';
import type { Node } from 'prosemirror-model';
import { Plugin } from 'prosemirror-state';
import { Decoration, DecorationSet } from 'prosemirror-view';
import { canonicalLanguage } from './languages';

const lowlight = createLowlight({
  arduino,
  bash,
  c,
  cpp,
  csharp,
  css,
  diff,
  go,
  ini,
  java,
  javascript,
  json,
  kotlin,
  less,
  lua,
  makefile,
  markdown,
  objectivec,
  perl,
  php,
  python,
  r,
  ruby,
  rust,
  scss,
  sql,
  swift,
  typescript,
  yaml,
});

/** Canonical languages highlighted with another's grammar. */
const grammarOf: Record<string, string> = { jsx: 'javascript', tsx: 'typescript', sass: 'scss' };

/** A highlighted range inside a code block: offsets into its text, and the token's classes. */
type Token = { from: number; to: number; className: string };

function tokens(tree: Root): Token[] {
  const found: Token[] = [];
  let offset = 0;
  const walk = (nodes: ElementContent[], classes: string[]) => {
    for (const node of nodes) {
      if (node.type === 'text') {
        if (classes.length > 0) found.push({ from: offset, to: offset + node.value.length, className: classes.join(' ') });
        offset += node.value.length;
      } else if (node.type === 'element') {
        walk(node.children, [...classes, ...classNames(node)]);
      }
    }
  };
  walk(tree.children as ElementContent[], []);
  return found;
}

function classNames(element: Element): string[] {
  const className = element.properties.className;
  return Array.isArray(className) ? className.map(String) : [];
}

const cache = new WeakMap<Node, Token[]>();

function blockTokens(block: Node): Token[] {
  let found = cache.get(block);
  if (found === undefined) {
    const language = canonicalLanguage(block.attrs.language as string, '');
    const grammar = grammarOf[language] ?? language;
    found = lowlight.registered(grammar) ? tokens(lowlight.highlight(grammar, block.textContent)) : [];
    cache.set(block, found);
  }
  return found;
}

function decorations(doc: Node): DecorationSet {
  const all: Decoration[] = [];
  doc.descendants((node, pos) => {
    if (node.type.name !== 'code_block') return true;
    for (const token of blockTokens(node)) {
      all.push(Decoration.inline(pos + 1 + token.from, pos + 1 + token.to, { class: token.className }));
    }
    return false;
  });
  return DecorationSet.create(doc, all);
}

export const highlightPlugin = new Plugin<DecorationSet>({
  state: {
    init: (_config, state) => decorations(state.doc),
    apply: (tr, value) => (tr.docChanged ? decorations(tr.doc) : value),
  },
  props: {
    decorations(state) {
      return this.getState(state);
    },
  },
});
