/**
 * The frame of a field made of several controls (lists, uploads, groups of inputs): its label names
 * the group for assistive technology, and its message shows below.
 */
import { useId } from 'react';
import type { ReactNode } from 'react';
import { Icon } from './icons';

export type FieldGroupProps = {
  label: string;
  description?: string | null;
  error?: string | null;
  isRequired?: boolean;
  children: ReactNode;
};

export function FieldGroup({ label, description, error, isRequired, children }: FieldGroupProps) {
  const id = useId();
  return (
    <div
      className="field"
      role="group"
      aria-labelledby={`${id}-label`}
      aria-describedby={description ? `${id}-description` : undefined}
      data-invalid={error ? true : undefined}
    >
      <span id={`${id}-label`} className="field-label">
        {label}
        {isRequired && <span className="field-required" aria-hidden="true">*</span>}
      </span>
      {description && (
        <p id={`${id}-description`} className="field-description">
          {/* The site's own text: isolated, it keeps its punctuation in place in a right-to-left admin. */}
          <bdi>{description}</bdi>
        </p>
      )}
      {children}
      {error && (
        <p className="field-error" role="alert">
          <Icon name="warning" size={16} />
          {namedMessage(label, error)}
        </p>
      )}
    </div>
  );
}

/**
 * A group's message shows below all its content (a list's items), away from its label, and is read
 * out alone: it names the field unless it does already ('Page builder: Must have at least 1 item(s).').
 */
function namedMessage(label: string, message: string): string {
  return message.startsWith(label) ? message : `${label}: ${message}`;
}
