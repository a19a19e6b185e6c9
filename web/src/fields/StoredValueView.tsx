/**
 * A field whose stored value it cannot hold (see stored.ts): its control starts empty, and below it
 * the field's message and the text the file holds, which stays as it is until the control is set.
 */
import type { ReactNode } from 'react';
import type { Field } from '../api/config';
import { t } from '../lib/messages/format';
import { Icon } from '../ui/icons';
import type { FieldProps } from './FieldProps';
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

type StoredValueViewProps = FieldProps<Field, unknown> & {
  stored: StoredValue;
  /** Renders the field's control with another state. */
  renderControl(props: FieldProps<Field, unknown>): ReactNode;
};

export function StoredValueView({ stored, renderControl, ...props }: StoredValueViewProps) {
  const { field, error } = props;
  return (
    <div className="field-stored">
      {renderControl({ ...props, state: emptyState(field) })}
      {error !== null && !SHOWS_MESSAGE.has(field.kind) && (
        <p className="field-error" role="alert">
          <Icon name="warning" size={16} />
          {error}
        </p>
      )}
      <p className="field-stored-text">
        {t('field.storedText')} <code>{stored.text}</code>
      </p>
    </div>
  );
}

/** The state a control shows while the stored value stands: nothing chosen, nothing typed. */
function emptyState(field: Field): unknown {
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
