/**
 * A labelled searchable picker of one choice out of a long list: typing filters the choices (by
 * substring, ignoring case) and at most `limit` matches show, so lists of thousands stay quick.
 */
import { useState } from 'react';
import { Button, ComboBox, Input, ListBox, ListBoxItem, Popover } from 'react-aria-components';
import { FieldHeader, FieldMessage } from './FieldParts';
import { Icon } from './icons';
import { Spinner } from './Spinner';
import { useDelayedFlag } from './useDelayedFlag';

/** The spec's wait before a combobox shows that it is loading. */
const SPINNER_DELAY_MS = 500;

export type ComboBoxFieldProps = {
  label: string;
  description?: string | null;
  choices: readonly string[];
  value: string | null;
  onChange(value: string | null): void;
  onBlur?(): void;
  error?: string | null;
  isRequired?: boolean;
  /** Shown in the popover when nothing matches (or the choices are still loading). */
  emptyText: string;
  /** Names the spinner in the input while choices are asked for (shown once the wait passes 500 ms); none when null. */
  loadingLabel?: string | null;
  /** The picker is focused or opened: the time to load choices not loaded yet. */
  onOpen?(): void;
  /** What is typed to filter the choices ('' while the input shows the chosen value): for pickers that search elsewhere. */
  onSearch?(term: string): void;
  limit?: number;
  /** For pickers that add to a list: the input empties after each choice, ready for the next. */
  clearsAfterChoice?: boolean;
};

export function ComboBoxField(props: ComboBoxFieldProps) {
  const { label, description, choices, value, onChange, onBlur, error, isRequired, emptyText, loadingLabel = null, onOpen, onSearch } = props;
  const { limit = 50, clearsAfterChoice } = props;
  const showSpinner = useDelayedFlag(loadingLabel !== null, SPINNER_DELAY_MS);
  const [inputValue, setInputValue] = useState(value ?? '');
  // The input shows the chosen value until the user types something else: only then does it filter.
  const term = inputValue === (value ?? '') ? '' : inputValue.toLowerCase();
  const matches = choices.filter((choice) => choice.toLowerCase().includes(term)).slice(0, limit);
  // A stored value that is no longer among the choices still shows as chosen.
  const items = value !== null && !matches.includes(value) && term === '' ? [value, ...matches] : matches;
  return (
    <ComboBox
      className="field"
      items={items.map((choice) => ({ id: choice }))}
      selectedKey={value}
      inputValue={inputValue}
      onInputChange={(text) => {
        setInputValue(text);
        onSearch?.(text === (value ?? '') ? '' : text);
        if (text === '') onChange(null);
      }}
      onSelectionChange={(key) => {
        const next = key === null ? null : String(key);
        setInputValue(clearsAfterChoice ? '' : (next ?? ''));
        onSearch?.('');
        onChange(next);
      }}
      onBlur={onBlur}
      onFocus={onOpen}
      onOpenChange={(isOpen) => isOpen && onOpen?.()}
      menuTrigger="focus"
      allowsEmptyCollection
      isInvalid={error != null}
      isRequired={isRequired}
      validationBehavior="aria"
    >
      <FieldHeader label={label} description={description} isRequired={isRequired} />
      <div className="combobox-row">
        <Input className="input combobox-input" />
        {showSpinner && loadingLabel !== null && (
          <span className="combobox-spinner">
            <Spinner label={loadingLabel} />
          </span>
        )}
        <Button className="combobox-button">
          <span className="select-chevron">
            <Icon name="chevronRight" size={16} />
          </span>
        </Button>
      </div>
      <FieldMessage error={error} />
      <Popover className="popover combobox-popover">
        <ListBox className="listbox" renderEmptyState={() => <p className="listbox-empty">{emptyText}</p>}>
          {(item: { id: string }) => (
            <ListBoxItem className="listbox-item" id={item.id} textValue={item.id}>
              {item.id}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
