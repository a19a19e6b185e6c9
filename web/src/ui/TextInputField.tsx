/** A labelled single- or multi-line text input with description and error message. */
import type { ClipboardEventHandler, ReactNode } from 'react';
import { Input, TextArea, TextField } from 'react-aria-components';
import type { TextFieldProps } from 'react-aria-components';
import { FieldHeader, FieldMessage } from './FieldParts';

export type TextInputFieldProps = {
  label: string;
  description?: string | null;
  value: string;
  onChange(value: string): void;
  onBlur?(): void;
  /** Shown below the input once the form decides the user should see it. */
  error?: string | null;
  isRequired?: boolean;
  multiline?: boolean;
  monospace?: boolean;
  type?: 'text' | 'url' | 'search' | 'email' | 'password';
  inputMode?: TextFieldProps['inputMode'];
  /** What the browser may fill in (`email`, `current-password`, `new-password`…). */
  autoComplete?: string;
  /** Shown to read and copy (a link handed out), not to change. */
  isReadOnly?: boolean;
  /** Controls placed after the input on the same row (the slug's Regenerate button). */
  trailing?: ReactNode;
  /** Reads pasted text (a cloud image's URL input understands JSON and Markdown). Single-line only. */
  onPaste?: ClipboardEventHandler<HTMLInputElement>;
  /** Takes the focus as it appears (the search of a picker that opens for it). */
  autoFocus?: boolean;
};

export function TextInputField(props: TextInputFieldProps) {
  const { label, description, value, onChange, onBlur, error, isRequired, multiline, monospace, type, inputMode, autoComplete, isReadOnly } =
    props;
  const { trailing, onPaste, autoFocus } = props;
  const inputClass = `input${monospace ? ' input-mono' : ''}${multiline ? ' input-multiline' : ''}`;
  return (
    <TextField
      className="field"
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      isInvalid={error != null}
      isRequired={isRequired}
      validationBehavior="aria"
      type={type}
      inputMode={inputMode}
      autoComplete={autoComplete}
      isReadOnly={isReadOnly}
      autoFocus={autoFocus}
    >
      <FieldHeader label={label} description={description} isRequired={isRequired} />
      <div className="field-row">
        {multiline ? <TextArea className={inputClass} rows={monospace ? 16 : 3} /> : <Input className={inputClass} onPaste={onPaste} />}
        {trailing}
      </div>
      <FieldMessage error={error} />
    </TextField>
  );
}
