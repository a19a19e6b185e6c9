/** A labelled picker of one option out of a list. */
import { Button, ListBox, ListBoxItem, Popover, Select, SelectValue } from 'react-aria-components';
import { FieldHeader } from './FieldParts';
import { Icon } from './icons';

export type SelectOption = { label: string; value: string };

export function SelectField(props: {
  label: string;
  description?: string | null;
  options: SelectOption[];
  value: string;
  onChange(value: string): void;
  onBlur?(): void;
  isLabelHidden?: boolean;
  isDisabled?: boolean;
}) {
  const { label, description, options, value, onChange, onBlur, isLabelHidden, isDisabled } = props;
  return (
    <Select
      className="field"
      selectedKey={value}
      onSelectionChange={(key) => {
        if (key !== null) onChange(String(key));
      }}
      onBlur={onBlur}
      isDisabled={isDisabled}
    >
      <FieldHeader label={label} description={description} isLabelHidden={isLabelHidden} />
      <Button className="input select-button">
        <SelectValue className="select-value" />
        <span className="select-chevron">
          <Icon name="chevronRight" size={16} />
        </span>
      </Button>
      <Popover className="popover">
        <ListBox className="listbox" items={options.map((option) => ({ id: option.value, ...option }))}>
          {(option) => (
            <ListBoxItem className="listbox-item" id={option.id} textValue={option.label}>
              {option.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </Select>
  );
}
