/**
 * The 'Add item' / 'Edit item' dialog: edits a copy of one item, which reaches the list only when it
 * validates (a refused confirm shows every message and focuses the first invalid input).
 */
import { useRef, useState } from 'react';
import type { Field } from '../../api/config';
import { t } from '../../lib/messages/format';
import { FormDialog } from '../../ui/FormDialog';
import { flushContentEdits } from '../content/pendingEdits';
import { FieldView } from '../FieldView';
import type { FieldContext } from '../FieldProps';
import type { ValidationContext } from '../kind';
import { useKindOf } from '../KindsContext';
import { ObjectFields } from '../object/ObjectFields';
import type { ObjectState } from '../object/schema';
import { firstStoredValue } from '../stored';

type ItemDialogProps = {
  isNew: boolean;
  /** The block kind being added or edited, for blocks. */
  subtitle?: string | null;
  field: Field;
  initial: unknown;
  /** The form's context; the dialog keeps its own `forced`. */
  context: FieldContext;
  validation: ValidationContext;
  onConfirm(value: unknown): void;
  onCancel(): void;
};

export function ItemDialog({ isNew, subtitle, field, initial, context, validation, onConfirm, onCancel }: ItemDialogProps) {
  const [state, setState] = useState(initial);
  // The value as last changed, ahead of the next render: content fields write the text they hold
  // when the dialog confirms (flushContentEdits), and that must be in what the list receives.
  const latest = useRef(initial);
  const change = (value: unknown) => {
    latest.current = value;
    setState(value);
  };
  const [forced, setForced] = useState(false);
  const [touched, setTouched] = useState(false);
  const body = useRef<HTMLDivElement>(null);
  // An item holding a value kept as stored shows every message from the start, as the form does.
  const shown = forced || firstStoredValue(state) !== null;
  const itemContext: FieldContext = { ...context, isNew, forced: shown, slugRules: validation.slugRules };
  const { schema } = useKindOf()(field);
  const message = schema.validate(field, state, validation);

  const confirm = () => {
    flushContentEdits();
    if (schema.validate(field, latest.current, validation) === null) {
      onConfirm(latest.current);
      return;
    }
    setForced(true);
    requestAnimationFrame(() => body.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };

  return (
    <FormDialog
      title={t(isNew ? 'item.addTitle' : 'item.editTitle')}
      subtitle={subtitle}
      cancelLabel={t('item.cancel')}
      confirmLabel={t(isNew ? 'item.add' : 'item.done')}
      onCancel={onCancel}
      onConfirm={confirm}
    >
      <div ref={body} className="dialog-fields">
        {field.kind === 'object' ? (
          <ObjectFields
            fields={field.fields}
            layout={field.layout}
            state={state as ObjectState}
            onChange={change}
            onBlur={() => setTouched(true)}
            context={itemContext}
          />
        ) : (
          <FieldView
            field={field}
            state={state}
            onChange={change}
            onBlur={() => setTouched(true)}
            error={shown || touched ? message : null}
            context={itemContext}
          />
        )}
      </div>
    </FormDialog>
  );
}
