/**
 * A field whose stored value it cannot hold (see stored.ts): its control starts empty (FieldView),
 * and below it the field's message and the text the file holds, which stays as it is until the
 * control is set. How each kind's control stands meanwhile is its entry's `stored` in the table of kinds.
 */
import { t } from '../lib/messages/format';
import { Icon } from '../ui/icons';
import type { StoredValue } from './stored';

type StoredValueViewProps = {
  /** The control shows the field's message itself. */
  showsMessage: boolean;
  error: string | null;
  stored: StoredValue;
};

/** What shows below the emptied control: the message (unless the control shows it) and the stored text. */
export function StoredValueView({ showsMessage, error, stored }: StoredValueViewProps) {
  return (
    <>
      {error !== null && !showsMessage && (
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
