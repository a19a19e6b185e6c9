/** Asks for the name shown to collaborators (storage without sign-in), kept in this browser. */
import { useState } from 'react';
import { Input, Label, Text, TextField } from 'react-aria-components';
import { t } from '../../lib/messages/format';
import { FormDialog } from '../../ui/FormDialog';
import { useCollab } from './CollabProvider';
import { storeCollabName, storedCollabName } from './collabName';

export function CollabNameDialog({ onClose }: { onClose(): void }) {
  const { session } = useCollab();
  const [name, setName] = useState(storedCollabName);
  return (
    <FormDialog
      title={t('collab.nameTitle')}
      cancelLabel={t('collab.nameCancel')}
      confirmLabel={t('collab.nameSave')}
      onCancel={onClose}
      onConfirm={() => {
        storeCollabName(name);
        // The server names the person when the socket authenticates: it does so again.
        session?.socket.rename();
        onClose();
      }}
    >
      <TextField className="field" value={name} onChange={setName} maxLength={64} autoFocus>
        <Label className="field-label">{t('collab.nameLabel')}</Label>
        <Text slot="description" className="field-description">
          {t('collab.nameDescription')}
        </Text>
        <div className="field-row">
          <Input className="input" placeholder={t('collab.anonymous')} />
        </div>
      </TextField>
    </FormDialog>
  );
}
