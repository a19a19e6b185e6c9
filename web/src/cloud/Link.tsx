/**
 * `/link#TOKEN`: an invitation or a password link, handed out by a team's admin. An invitation for
 * an email without an account makes it (name and password); one for an existing account is taken
 * by that account signed in, so the person may have to sign in first: the token then waits in this
 * tab's session storage, never in an address a server sees, and `/sign-in?next=/link` comes back.
 * A password link sets a new password. Each ends at the account, signed in.
 */
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button, LinkButton } from '../ui/Button';
import { Notice } from '../ui/Notice';
import { TextInputField } from '../ui/TextInputField';
import { CloudError, lookUpLink, session, signOut, spendLink } from './api';
import type { LinkInfo, User } from './api';
import { ct } from './messages';
import { ActionError, FormActions, Loading, Page, signInFrom, useAction, useForm, useLoaded } from './Page';

/** Where a link's token waits while its person signs in. */
export const LINK_TOKEN_KEY = 'quire-cloud-link';

function storedToken(): string {
  try {
    return window.sessionStorage.getItem(LINK_TOKEN_KEY) ?? '';
  } catch {
    return '';
  }
}

function keepToken(token: string | null): void {
  try {
    if (token === null) window.sessionStorage.removeItem(LINK_TOKEN_KEY);
    else window.sessionStorage.setItem(LINK_TOKEN_KEY, token);
  } catch {
    // Without storage the person comes back with the link itself.
  }
}

type Found = { link: LinkInfo; signedIn: User | null };

/** What the link's page must ask for, from the link and who is signed in. */
export type Step = 'newAccount' | 'join' | 'signIn' | 'otherAccount' | 'password';

export function stepOf({ link, signedIn }: Found): Step {
  if (link.kind === 'password') return 'password';
  if (!link.hasAccount) return 'newAccount';
  if (signedIn === null) return 'signIn';
  return signedIn.email === link.email ? 'join' : 'otherAccount';
}

export function LinkPage() {
  const hash = useLocation().hash.replace(/^#/, '');
  const token = hash === '' ? storedToken() : hash;
  const load = useCallback(async (): Promise<Found> => {
    const link = await lookUpLink(token);
    // Who is signed in matters only to an invitation for an existing account.
    if (link.kind !== 'invitation' || !link.hasAccount) return { link, signedIn: null };
    const signedIn = await session().then(
      ({ user }) => user,
      (error: unknown) => {
        if (error instanceof CloudError && error.status === 401) return null;
        throw error;
      },
    );
    return { link, signedIn };
  }, [token]);
  const loaded = useLoaded(load);
  const title =
    loaded.value === null
      ? ct('link.title')
      : loaded.value.link.kind === 'password'
        ? ct('link.passwordTitle')
        : ct('link.joinTitle', { team: loaded.value.link.team });
  if (token === '') {
    return (
      <Page title={ct('link.title')}>
        <Notice tone="critical" title={ct('link.noToken')} />
      </Page>
    );
  }
  return (
    <Page title={title}>
      {loaded.error !== null && loaded.error.status === 404 ? (
        <Notice tone="critical" title={ct('link.failed')}>
          <p>{loaded.error.message}</p>
        </Notice>
      ) : (
        <Loading loaded={loaded}>{(found) => <LinkForm token={token} found={found} />}</Loading>
      )}
    </Page>
  );
}

function LinkForm({ token, found }: { token: string; found: Found }) {
  const { link } = found;
  const step = stepOf(found);
  const invited =
    link.kind === 'invitation' ? (
      <p className="cloud-intro">{ct('link.invited', { email: link.email, team: link.team, role: ct(`role.${link.role ?? 'viewer'}`) })}</p>
    ) : null;
  switch (step) {
    case 'newAccount':
      return (
        <>
          {invited}
          <p className="cloud-intro">{ct('link.createAccount')}</p>
          <PasswordForm token={token} email={link.email} withName submitLabel={ct('link.submitAccount')} />
        </>
      );
    case 'password':
      return (
        <>
          <p className="cloud-intro">{ct('link.passwordFor', { email: link.email })}</p>
          <PasswordForm token={token} email={link.email} withName={false} submitLabel={ct('link.savePassword')} />
        </>
      );
    case 'join':
      return (
        <>
          {invited}
          <Join token={token} team={link.team} />
        </>
      );
    case 'signIn':
      return (
        <>
          {invited}
          <p className="cloud-intro">{ct('link.signInFirst')}</p>
          <div className="cloud-actions">
            <LinkButton tone="primary" href={signInFrom('/link')} onPress={() => keepToken(token)}>
              {ct('link.signIn', { email: link.email })}
            </LinkButton>
          </div>
        </>
      );
    case 'otherAccount':
      return (
        <>
          {invited}
          <p className="cloud-intro">{ct('link.signedInAsOther', { email: found.signedIn?.email ?? '' })}</p>
          <SwitchAccount token={token} email={link.email} />
        </>
      );
  }
}

/** After the link is used: the account, signed in, and no token left waiting. */
function useSpend() {
  const navigate = useNavigate();
  return async (given: Parameters<typeof spendLink>[0]) => {
    await spendLink(given);
    keepToken(null);
    await navigate('/account', { replace: true });
  };
}

function PasswordForm({ token, email, withName, submitLabel }: { token: string; email: string; withName: boolean; submitLabel: string }) {
  const spend = useSpend();
  const form = useForm(
    { name: '', password: '' },
    ({ name, password }) => spend(withName ? { token, name, password } : { token, password }),
    { required: withName ? ['name', 'password'] : ['password'] },
  );
  return (
    <form className="cloud-form" noValidate onSubmit={form.submit}>
      {/* Lets a password manager file the new password under the right account. */}
      <input type="email" className="visually-hidden" autoComplete="username" value={email} readOnly tabIndex={-1} aria-hidden="true" />
      {withName && <TextInputField label={ct('form.name')} autoComplete="name" {...form.field('name')} />}
      <TextInputField
        label={withName ? ct('form.password') : ct('form.newPassword')}
        description={ct('form.passwordRule')}
        type="password"
        autoComplete="new-password"
        {...form.field('password')}
      />
      <FormActions form={form}>{submitLabel}</FormActions>
    </form>
  );
}

function Join({ token, team }: { token: string; team: string }) {
  const spend = useSpend();
  const action = useAction();
  return (
    <>
      <ActionError id="join-error" error={action.error} />
      <div className="cloud-actions">
        <Button
          tone="primary"
          onPress={() => void action.run(() => spend({ token }))}
          isPending={action.isPending}
          aria-describedby={action.error === null ? undefined : 'join-error'}
        >
          {ct('link.join', { team })}
        </Button>
      </div>
    </>
  );
}

/** Signed in as someone else: sign out, then in as the invited email, and back here. */
function SwitchAccount({ token, email }: { token: string; email: string }) {
  const navigate = useNavigate();
  const action = useAction();
  const switchAccount = () =>
    action.run(async () => {
      keepToken(token);
      await signOut();
      await navigate(signInFrom('/link'));
    });
  return (
    <>
      <ActionError id="switch-error" error={action.error} />
      <div className="cloud-actions">
        <Button
          tone="primary"
          onPress={() => void switchAccount()}
          isPending={action.isPending}
          aria-describedby={action.error === null ? undefined : 'switch-error'}
        >
          {ct('link.signIn', { email })}
        </Button>
      </div>
    </>
  );
}
