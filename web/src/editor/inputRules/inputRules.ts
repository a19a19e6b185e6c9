/** The input rules of a field's editor: only those whose nodes and marks the field allows. */
import { inputRules } from 'prosemirror-inputrules';
import type { Plugin } from 'prosemirror-state';
import type { EditorSchema } from '../schema/createSchema';
import { blockRules } from './blockRules';
import { inlineRules } from './inlineRules';
import { textReplacementRules } from './textReplacements';

export function inputRulesPlugin(editorSchema: EditorSchema): Plugin {
  return inputRules({ rules: [...textReplacementRules, ...blockRules(editorSchema), ...inlineRules(editorSchema)] });
}
