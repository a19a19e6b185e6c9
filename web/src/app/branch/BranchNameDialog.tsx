/**
 * A dialog asking for a new branch's name, shown after the configured prefix (which the name always
 * gets). Names git refuses are refused here with the spec's messages; whatever the server answers
 * when creating (a name that exists, say) shows under the name as it is.
 */
import { useState } from 'react';
import { FieldError, Input, Label, Text, TextField } from 'react-aria-components';
import { t } from '../../lib/messages/format';
import { FormDialog } from '../../ui/FormDialog';
import { Icon } from '../../ui/icons';
import { useCapabilities } from '../data/ConfigProvider';
import { errorMessage } from '../data/useAsync';
import { branchNameError } from './branchName';

type BranchNameDialogProps = {
  title: string;
  /** Why a branch is asked for, or where it starts. */
  description: string;
  confirmLabel: string;
  onCancel(): void;
  /**
   * Creates the branch named `name` (prefix included) and what follows; an error keeps the dialog
   * open, and so does an answer of false (nothing was done), ready for another try.
   */
  onSubmit(name: string): Promise<boolean | void>;
};

export function BranchNameDialog({ title, description, confirmLabel, onCancel, onSubmit }: BranchNameDialogProps) {
  const prefix = useCapabilities().branches?.prefix ?? '';
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isPending, setPending] = useState(false);

  const submit = async () => {
    const fullName = `${prefix}${name}`;
    const problem = branchNameError(fullName);
    if (problem !== null) {
      setError(problem);
      return;
    }
    setPending(true);
    try {
      // On success the caller closes the dialog (it navigates away).
      if ((await onSubmit(fullName)) === false) setPending(false);
    } catch (failure) {
      setError(errorMessage(failure));
      setPending(false);
    }
  };

  return (
    <FormDialog
      title={title}
      cancelLabel={t('branch.cancel')}
      confirmLabel={confirmLabel}
      onCancel={onCancel}
      onConfirm={() => void submit()}
      isPending={isPending}
    >
      <TextField
        className="field"
        value={name}
        onChange={(value) => {
          setName(value);
          setError(null);
        }}
        isInvalid={error !== null}
        isDisabled={isPending}
        validationBehavior="aria"
        autoFocus
      >
        <Label className="field-label">{t('branch.name')}</Label>
        <Text slot="description" className="field-description">
          {description}
        </Text>
        <div className="input branch-name-input">
          {prefix !== '' && <span className="branch-name-prefix">{prefix}</span>}
          <Input className="branch-name-control" />
        </div>
        <FieldError className="field-error">
          <Icon name="warning" size={16} />
          {error}
        </FieldError>
      </TextField>
    </FormDialog>
  );
}
