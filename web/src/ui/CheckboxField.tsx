/** A labelled checkbox with an optional description. */
import { Checkbox } from 'react-aria-components';

export function CheckboxField(props: {
  label: string;
  description?: string | null;
  isSelected: boolean;
  onChange(isSelected: boolean): void;
  onBlur?(): void;
}) {
  const { label, description, isSelected, onChange, onBlur } = props;
  return (
    <div className="field">
      <Checkbox className="checkbox" isSelected={isSelected} onChange={onChange} onBlur={onBlur}>
        <span className="checkbox-box" aria-hidden="true">
          <svg viewBox="0 0 18 18">
            <polyline points="3.5 9.5 7.5 13 14.5 5" />
          </svg>
        </span>
        <span className="checkbox-label">{label}</span>
      </Checkbox>
      {description && <p className="field-description checkbox-description"><bdi>{description}</bdi></p>}
    </div>
  );
}
