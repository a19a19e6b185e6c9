/**
 * The account page's passkeys: those of the account, newest first, each of which may be removed,
 * and a form that has the browser make a new one under a name the person gives. A cloud reached
 * at an IP address cannot offer passkeys (WebAuthn needs a domain name): a note then stands in
 * for the form, as it does in a browser without WebAuthn.
 */
import { useId } from 'react';
import { Button } from '../ui/Button';
import { TextInputField } from '../ui/TextInputField';
import { accountPasskeys, addPasskey, passkeyOptions, removePasskey } from './api';
import type { Passkey } from './api';
import { ct, formatMoment } from './messages';
import { ActionError, FormActions, Loading, useAction, useForm, useLoaded } from './Page';
import { createPasskey, passkeysSupported } from './passkeys';

/** Loaded apart from the rest of the page, so that adding or removing one reloads only the list. */
export function Passkeys() {
  const loaded = useLoaded(accountPasskeys);
  return (
    <Loading loaded={loaded}>
      {({ available, passkeys }) => (
        <>
          <p className="cloud-muted">{ct('account.passkeysHelp')}</p>
          {passkeys.length === 0 ? (
            <p className="cloud-muted">{ct('account.noPasskeys')}</p>
          ) : (
            <ul className="cloud-list">
              {passkeys.map((passkey) => (
                <PasskeyRow key={passkey.id} passkey={passkey} removed={loaded.reload} />
              ))}
            </ul>
          )}
          {!available ? (
            <p className="cloud-muted">{ct('account.passkeysUnavailable')}</p>
          ) : !passkeysSupported() ? (
            <p className="cloud-muted">{ct('account.passkeysUnsupported')}</p>
          ) : (
            <AddPasskey added={loaded.reload} />
          )}
        </>
      )}
    </Loading>
  );
}

function PasskeyRow({ passkey, removed }: { passkey: Passkey; removed(): void }) {
  const action = useAction();
  const nameId = useId();
  const errorId = useId();
  return (
    <li className="cloud-session cloud-passkey">
      <div className="cloud-session-who">
        <span className="cloud-passkey-name" id={nameId}>
          <bdi>{passkey.name}</bdi>
        </span>
        <span className="cloud-muted">{ct('account.passkeyAdded', { date: formatMoment(passkey.createdAt) })}</span>
        <span className="cloud-muted">
          {passkey.lastUsedAt === null
            ? ct('account.passkeyNeverUsed')
            : ct('account.passkeyLastUsed', { date: formatMoment(passkey.lastUsedAt) })}
        </span>
      </div>
      <Button
        onPress={() => void action.run(() => removePasskey(passkey.id)).then((done) => done && removed())}
        isPending={action.isPending}
        aria-describedby={action.error === null ? nameId : `${nameId} ${errorId}`}
      >
        {ct('account.removePasskey')}
      </Button>
      <ActionError id={errorId} error={action.error} />
    </li>
  );
}

function AddPasskey({ added }: { added(): void }) {
  const form = useForm({ name: '' }, async ({ name }, { reset }) => {
    const { ceremony, publicKey } = await passkeyOptions();
    const credential = await createPasskey(publicKey);
    await addPasskey(ceremony, name.trim(), credential);
    reset();
    added();
  });
  return (
    <form className="cloud-form" noValidate onSubmit={form.submit}>
      <TextInputField
        label={ct('account.passkeyName')}
        description={ct('account.passkeyNameHelp')}
        autoComplete="off"
        {...form.field('name')}
      />
      <FormActions form={form} savedText={ct('account.passkeySaved')}>
        {ct('account.addPasskey')}
      </FormActions>
    </form>
  );
}
