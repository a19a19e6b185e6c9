/**
 * Inline markdoc and mdx fields (`inline: true`, Keystatic's `fields.markdoc.inline`): the markup is
 * a string in the data file, written even when empty (`''`), as Keystatic writes it. The form holds
 * it as a content state without images (an inline field has no folder for them) and edits it with
 * the same editor; a string the editor did not change is written back exactly as it was read.
 */
import type { ContentField, InlineContentField } from '../../api/config';
import { t } from '../../lib/messages/format';
import type { FieldSchema } from '../kind';
import { keepStored, StoredValue } from '../stored';
import { textOnly } from './images';
import type { ContentState } from './images';

export const inlineContentSchema: FieldSchema<InlineContentField, ContentState | StoredValue> = {
  defaultState: () => textOnly(''),
  parse(_field, value, context) {
    if (value === undefined) return textOnly('');
    if (typeof value !== 'string') return keepStored(value, t('value.mustBeString'), context);
    return textOnly(value);
  },
  validate: (_field, state) => (state instanceof StoredValue ? state.message : null),
  serialize(_field, state) {
    return state instanceof StoredValue ? state.value : state.text;
  },
};

/** The field as the editor takes it: its kind's format, with images off. */
export function editorFieldOf(field: InlineContentField): ContentField {
  const { kind, label, description, options, components } = field;
  return { kind, label, description, extension: kind === 'mdx' ? 'mdx' : 'mdoc', options: { ...options, image: false }, components };
}
