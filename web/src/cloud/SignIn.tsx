/**
 * `/sign-in`: email and password. An authorization request's query (`client_id`…) is kept, and
 * signing in goes on to `/oauth/authorize` with it; `next` brings the person back to the page that
 * sent them here; else the account.
 */
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '../ui/Button';
import { TextInputField } from '../ui/TextInputField';
import { signIn } from './api';
import { ct } from './messages';
import { ActionError, Page, goTo, useForm } from './Page';

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
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const form = useForm({ email, password }, async () => {
    await signIn(email, password);
    const { href, full } = afterSignIn(search);
    if (full) goTo(href);
    else await navigate(href, { replace: true });
  });
  return (
    <Page title={ct('signIn.title')}>
      <p className="cloud-intro">{ct('signIn.intro')}</p>
      <form className="cloud-form" noValidate onSubmit={form.submit}>
        <TextInputField
          label={ct('form.email')}
          type="email"
          autoComplete="username"
          value={email}
          onChange={(value) => {
            setEmail(value);
            form.edited('email');
          }}
          error={form.errorOf('email')}
          isRequired
        />
        <TextInputField
          label={ct('form.password')}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(value) => {
            setPassword(value);
            form.edited('password');
          }}
          error={form.errorOf('password')}
          isRequired
        />
        <ActionError id={form.errorId} error={form.action.error} />
        <div className="cloud-actions">
          <Button
            tone="primary"
            type="submit"
            isPending={form.action.isPending}
            aria-describedby={form.action.error === null ? undefined : form.errorId}
          >
            {ct('signIn.submit')}
          </Button>
        </div>
      </form>
      <p className="cloud-aside">{ct('signIn.noAccount')}</p>
    </Page>
  );
}
