/**
 * What every react-aria field of the admin shows around its control: its label (with the required
 * mark), the site's description (isolated: it keeps its punctuation in a right-to-left admin), and
 * its message. Rendered inside the react-aria field, whose contexts wire them to the control.
 */
import { FieldError, Label, Text } from 'react-aria-components';
import { Icon } from './icons';

type FieldHeaderProps = {
  label: string;
  description?: string | null;
  isRequired?: boolean;
  /** Read by assistive technology only, where the control's place says what it is (a row's role). */
  isLabelHidden?: boolean;
};

export function FieldHeader({ label, description, isRequired, isLabelHidden = false }: FieldHeaderProps) {
  return (
    <>
      <Label className={isLabelHidden ? 'visually-hidden' : 'field-label'}>
        {label}
        {isRequired && <span className="field-required" aria-hidden="true">*</span>}
      </Label>
      {description && (
        <Text slot="description" className="field-description">
          <bdi>{description}</bdi>
        </Text>
      )}
    </>
  );
}

export function FieldMessage({ error }: { error?: string | null }) {
  return (
    <FieldError className="field-error">
      <Icon name="warning" size={16} />
      {error}
    </FieldError>
  );
}
