import type { UnsupportedField } from '../../api/config';
import { t } from '../../lib/messages/format';
import { Notice } from '../../ui/Notice';
import type { FieldProps } from '../FieldProps';

/** Names the kind that cannot be edited; its stored value passes through saves untouched. */
export function UnsupportedFieldView({ field }: FieldProps<UnsupportedField, unknown>) {
  return (
    <div className="field">
      <span className="field-label">{field.label}</span>
      <Notice tone="caution" title={t('unsupported.notice', { kind: field.kind })} />
    </div>
  );
}
