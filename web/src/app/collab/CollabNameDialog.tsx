/**
 * Asks for the name shown to collaborators (storage without sign-in), kept in this browser. Where
 * saves are commits it asks for an email too: with both, the person authors the commits they save.
 */
import { useState } from 'react';
import { Input, Label, Text, TextField } from 'react-aria-components';
import { t } from '../../lib/messages/format';
import { FormDialog } from '../../ui/FormDialog';
import { TextInputField } from '../../ui/TextInputField';
import { useCapabilities, useConfig } from '../data/ConfigProvider';
import { useCollab } from './CollabProvider';
import { isAuthorEmail, storeAuthorEmail, storeCollabName, storedAuthorEmail, storedCollabName } from './collabName';

export function CollabNameDialog({ onClose }: { onClose(): void }) {
  const { session } = useCollab();
  const { collaboration } = useConfig();
  const authors = useCapabilities().namedAuthors;
  const [name, setName] = useState(storedCollabName);
  const [email, setEmail] = useState(storedAuthorEmail);
  const [emailChecked, setEmailChecked] = useState(false);
  const emailError = authors && emailChecked && email.trim() !== '' && !isAuthorEmail(email) ? t('collab.emailInvalid') : null;
  const description = !authors
    ? t('collab.nameDescription')
    : !collaboration
      ? t('collab.nameDescriptionAuthor')
      : t('collab.nameDescriptionCommits');
  return (
    <FormDialog
      title={t('collab.nameTitle')}
      cancelLabel={t('collab.nameCancel')}
      confirmLabel={t('collab.nameSave')}
      onCancel={onClose}
      onConfirm={() => {
        if (authors && email.trim() !== '' && !isAuthorEmail(email)) {
          setEmailChecked(true);
          return;
        }
        storeCollabName(name);
        if (authors) storeAuthorEmail(email);
        // The server names the person when the socket authenticates: it does so again.
        session?.socket.rename();
        onClose();
      }}
    >
      <div className="dialog-fields">
        <TextField className="field" value={name} onChange={setName} maxLength={64} autoFocus>
          <Label className="field-label">{t('collab.nameLabel')}</Label>
          <Text slot="description" className="field-description">
            {description}
          </Text>
          <div className="field-row">
            <Input className="input" placeholder={t('collab.anonymous')} />
          </div>
        </TextField>
        {authors && (
          <TextInputField
            label={t('collab.emailLabel')}
            description={t('collab.emailDescription')}
            type="email"
            value={email}
            onChange={setEmail}
            onBlur={() => setEmailChecked(true)}
            error={emailError}
          />
        )}
      </div>
    </FormDialog>
  );
}
