/**
 * Markdown shortcuts typed at the start of a block: `> ` quote, `1. ` or `1) ` numbered list (with
 * that start), `- ` `+ ` `* ` bullet list, three backticks and a language then a space for a code
 * block, `---` for a divider, and one to six `#` then a space for a heading of an allowed level.
 */
import { InputRule, textblockTypeInputRule, wrappingInputRule } from 'prosemirror-inputrules';
import { insertBlock } from '../commands/insertBlock';
import { headingLevelsAt } from '../schema/childHeadings';
import type { EditorSchema } from '../schema/createSchema';

/** The code block fence: three backticks and an optional language (`c++` and `objective-c` too). */
export const codeFence = /^```([^\s`]*)$/;

export function blockRules({ schema }: EditorSchema): InputRule[] {
  const { blockquote, ordered_list, unordered_list, code_block, divider, heading } = schema.nodes;
  const rules: InputRule[] = [];
  if (blockquote) rules.push(wrappingInputRule(/^\s*>\s$/, blockquote));
  if (ordered_list) {
    rules.push(
      wrappingInputRule(
        /^\s*(\d+)[.)]\s$/,
        ordered_list,
        (match) => ({ start: Number(match[1]) }),
        // Typing the next number under a list continues it rather than starting another.
        (match, node) => node.childCount + (node.attrs.start as number) === Number(match[1]),
      ),
    );
  }
  if (unordered_list) rules.push(wrappingInputRule(/^\s*[-+*]\s$/, unordered_list));
  if (code_block) {
    rules.push(textblockTypeInputRule(/^```([^\s`]*)\s$/, code_block, (match) => ({ language: match[1] ?? '' })));
  }
  if (divider) {
    rules.push(
      new InputRule(/^---$/, (state, _match, start, end) => insertBlock(state.tr.delete(start, end), divider.create())),
    );
  }
  if (heading) {
    rules.push(
      new InputRule(/^(#{1,6})\s$/, (state, match, start, end) => {
        const level = match[1]!.length;
        const $start = state.doc.resolve(start);
        if (!headingLevelsAt($start).includes(level as never)) return null;
        if (!$start.node(-1).canReplaceWith($start.index(-1), $start.indexAfter(-1), heading)) return null;
        return state.tr.delete(start, end).setBlockType(start, start, heading, { level });
      }),
    );
  }
  return rules;
}
