/**
 * `/sign-in`: email and password, or a passkey where the browser has them. An authorization
 * request's query (`client_id`…) is kept, and signing in goes on to `/oauth/authorize` with it;
 * `next` brings the person back to the page that sent them here; else the account.
 */
import { useId } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '../ui/Button';
import { TextInputField } from '../ui/TextInputField';
import { passkeySignInOptions, signIn, signInWithPasskey } from './api';
import { ct } from './messages';
import { ActionError, FormActions, Page, goTo, useAction, useForm } from './Page';
import { getPasskey, passkeysSupported } from './passkeys';

/** Where signing in leads from `search`: a full navigation when the server answers the address. */
export function afterSignIn(search: string): { href: string; full: boolean } {
  const query = new URLSearchParams(search);
  if (query.has('client_id')) return { href: `/oauth/authorize?${search.replace(/^\?/, '')}`, full: true };
  const next = query.get('next');
  // Only a page of this origin: `//host` and `/\host` would leave it.
  if (next !== null && /^\/(?![/\\])/.test(next)) return { href: next, full: false };
  return { href: '/account', full: false };
}

export function SignInPage() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const signedIn = async () => {
    const { href, full } = afterSignIn(search);
    if (full) goTo(href);
    else await navigate(href, { replace: true });
  };
  const form = useForm({ email: '', password: '' }, async ({ email, password }) => {
    await signIn(email, password);
    await signedIn();
  });
  return (
    <Page title={ct('signIn.title')}>
      <p className="cloud-intro">{ct('signIn.intro')}</p>
      <form className="cloud-form" noValidate onSubmit={form.submit}>
        <TextInputField
          label={ct('form.email')}
          type="email"
          autoComplete="username"
          {...form.field('email')}
        />
        <TextInputField
          label={ct('form.password')}
          type="password"
          autoComplete="current-password"
          {...form.field('password')}
        />
        <FormActions form={form}>{ct('signIn.submit')}</FormActions>
      </form>
      {passkeysSupported() && <PasskeySignIn signedIn={signedIn} />}
      <p className="cloud-aside">{ct('signIn.noAccount')}</p>
    </Page>
  );
}

/** Signing in with a passkey the person picks in the browser's own dialog: no email asked. */
function PasskeySignIn({ signedIn }: { signedIn(): Promise<void> }) {
  const action = useAction();
  const errorId = useId();
  const start = () =>
    void action.run(async () => {
      const { ceremony, publicKey } = await passkeySignInOptions();
      const credential = await getPasskey(publicKey);
      await signInWithPasskey(ceremony, credential);
      await signedIn();
    });
  return (
    <div className="cloud-passkey-sign-in">
      <ActionError id={errorId} error={action.error} />
      <div className="cloud-actions">
        <Button onPress={start} isPending={action.isPending} aria-describedby={action.error === null ? undefined : errorId}>
          {ct('signIn.passkey')}
        </Button>
      </div>
    </div>
  );
}
