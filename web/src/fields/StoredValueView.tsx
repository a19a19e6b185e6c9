/**
 * A field whose stored value it cannot hold (see stored.ts): its control starts empty (FieldView),
 * and below it the field's message and the text the file holds, which stays as it is until the
 * control is set.
 */
import type { Field } from '../api/config';
import { t } from '../lib/messages/format';
import { Icon } from '../ui/icons';
import type { StoredValue } from './stored';
import { textOnly } from './content/images';

/** Kinds whose control shows the field's message itself. */
const SHOWS_MESSAGE: ReadonlySet<Field['kind']> = new Set([
  'text',
  'integer',
  'number',
  'date',
  'datetime',
  'url',
  'relationship',
  'pathReference',
]);

type StoredValueViewProps = { field: Field; error: string | null; stored: StoredValue };

/** What shows below the emptied control: the message (unless the control shows it) and the stored text. */
export function StoredValueView({ field, error, stored }: StoredValueViewProps) {
  return (
    <>
      {error !== null && !SHOWS_MESSAGE.has(field.kind) && (
        <p className="field-error" role="alert">
          <Icon name="warning" size={16} />
          {error}
        </p>
      )}
      <p className="field-stored-text">
        {t('field.storedText')} <code>{stored.text}</code>
      </p>
    </>
  );
}

/** The state a control shows while the stored value stands: nothing chosen, nothing typed. */
export function emptyState(field: Field): unknown {
  switch (field.kind) {
    case 'text':
    case 'select':
      return '';
    case 'checkbox':
      return false;
    case 'multiselect':
    case 'multiRelationship':
      return [];
    // Only inline content fields keep their text in the data file, where a value can be wrong.
    case 'markdoc':
    case 'mdx':
      return textOnly('');
    default:
      return null;
  }
}
