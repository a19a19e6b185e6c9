/**
 * `/account`: who is signed in (their picture, else their initials), their teams with their role
 * in each, their picture (AccountPicture.tsx), name, password and passkeys (AccountPasskeys.tsx),
 * the browsers signed in (each but this one may be signed out), and signing out here or everywhere
 * (every session and every admin's token, after a confirmation).
 */
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { AlertDialog } from '../ui/AlertDialog';
import { Button } from '../ui/Button';
import { TextInputField } from '../ui/TextInputField';
import { Passkeys } from './AccountPasskeys';
import { PictureControls, Portrait } from './AccountPicture';
import { accountSessions, changePassword, endSession, myTeams, rename, session, signOut, signOutEverywhere } from './api';
import type { AccountSession, TeamOfMine, User } from './api';
import { ct, formatMoment } from './messages';
import { ActionError, FormActions, Loading, Page, useAction, useForm, useLoaded } from './Page';

const loadAccount = async (): Promise<{ user: User; teams: TeamOfMine[] }> => {
  const [{ user }, { teams }] = await Promise.all([session(), myTeams()]);
  return { user, teams };
};

export function AccountPage() {
  const loaded = useLoaded(loadAccount);
  return (
    <Page title={ct('page.account')}>
      <Loading loaded={loaded}>{({ user, teams }) => <Account user={user} teams={teams} />}</Loading>
    </Page>
  );
}

function Account({ user: loadedUser, teams }: { user: User; teams: TeamOfMine[] }) {
  const navigate = useNavigate();
  const [user, setUser] = useState(loadedUser);
  const action = useAction();
  const [confirming, setConfirming] = useState(false);
  const end = (ending: () => Promise<void>) =>
    action.run(async () => {
      await ending();
      await navigate('/sign-in', { replace: true });
    });
  return (
    <>
      <div className="cloud-person">
        <Portrait user={user} />
        <div className="cloud-person-who">
          <p className="cloud-person-name">
            <bdi>{user.name}</bdi>
          </p>
          <p className="cloud-muted">{user.email}</p>
        </div>
      </div>
      <section className="cloud-section" aria-labelledby="account-teams">
        <h2 className="cloud-heading" id="account-teams">
          {ct('account.teams')}
        </h2>
        {teams.length === 0 ? (
          <p className="cloud-muted">{ct('account.noTeams')}</p>
        ) : (
          <ul className="cloud-list">
            {teams.map((team) => (
              <li className="cloud-row" key={team.slug}>
                <Link className="cloud-row-title" to={`/teams/${encodeURIComponent(team.slug)}`}>
                  <bdi>{team.name}</bdi>
                </Link>
                <span className="cloud-role">{ct(`role.${team.role}`)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="cloud-section" aria-labelledby="account-picture">
        <h2 className="cloud-heading" id="account-picture">
          {ct('account.picture')}
        </h2>
        <PictureControls user={user} changed={setUser} />
      </section>
      <section className="cloud-section" aria-labelledby="account-name">
        <h2 className="cloud-heading" id="account-name">
          {ct('account.name')}
        </h2>
        <NameForm name={user.name} renamed={setUser} />
      </section>
      <section className="cloud-section" aria-labelledby="account-password">
        <h2 className="cloud-heading" id="account-password">
          {ct('account.password')}
        </h2>
        <PasswordForm email={user.email} />
      </section>
      <section className="cloud-section" aria-labelledby="account-passkeys">
        <h2 className="cloud-heading" id="account-passkeys">
          {ct('account.passkeys')}
        </h2>
        <Passkeys />
      </section>
      <section className="cloud-section" aria-labelledby="account-sessions">
        <h2 className="cloud-heading" id="account-sessions">
          {ct('account.sessions')}
        </h2>
        <Sessions />
      </section>
      <ActionError id="sign-out-error" error={action.error} />
      <div className="cloud-actions">
        <Button onPress={() => void end(signOut)} isDisabled={action.isPending}>
          {ct('account.signOut')}
        </Button>
        <Button onPress={() => setConfirming(true)} isDisabled={action.isPending}>
          {ct('account.signOutEverywhere')}
        </Button>
      </div>
      <AlertDialog
        isOpen={confirming}
        onOpenChange={setConfirming}
        title={ct('account.everywhereTitle')}
        message={ct('account.everywhereMessage')}
        cancelLabel={ct('form.cancel')}
        confirmLabel={ct('account.signOutEverywhere')}
        isPending={action.isPending}
        onConfirm={() =>
          void end(signOutEverywhere).then((ended) => {
            if (!ended) setConfirming(false);
          })
        }
      />
    </>
  );
}

function NameForm({ name, renamed }: { name: string; renamed(user: User): void }) {
  const form = useForm({ name }, async (values, { set }) => {
    const { user } = await rename(values.name);
    renamed(user);
    set({ name: user.name });
  });
  return (
    <form className="cloud-form" noValidate onSubmit={form.submit}>
      <TextInputField label={ct('form.name')} autoComplete="name" {...form.field('name')} />
      <FormActions form={form} savedText={ct('form.saved')}>
        {ct('form.save')}
      </FormActions>
    </form>
  );
}

function PasswordForm({ email }: { email: string }) {
  const form = useForm({ current: '', password: '' }, async ({ current, password }, { reset }) => {
    await changePassword(current, password);
    reset();
  });
  return (
    <form className="cloud-form" noValidate onSubmit={form.submit}>
      <p className="cloud-muted">{ct('account.passwordHelp')}</p>
      {/* Lets a password manager file the new password under the right account. */}
      <input type="email" className="visually-hidden" autoComplete="username" value={email} readOnly tabIndex={-1} aria-hidden="true" />
      <TextInputField label={ct('form.currentPassword')} type="password" autoComplete="current-password" {...form.field('current')} />
      <TextInputField
        label={ct('form.newPassword')}
        description={ct('form.passwordRule')}
        type="password"
        autoComplete="new-password"
        {...form.field('password')}
      />
      <FormActions form={form} savedText={ct('form.saved')}>
        {ct('form.save')}
      </FormActions>
    </form>
  );
}

const loadSessions = async (): Promise<AccountSession[]> => (await accountSessions()).sessions;

/** Loaded apart from the rest, so that signing a browser out reloads only the list. */
function Sessions() {
  const loaded = useLoaded(loadSessions);
  return (
    <Loading loaded={loaded}>
      {(sessions) => (
        <ul className="cloud-list">
          {sessions.map((signedIn) => (
            <SessionRow key={signedIn.id} signedIn={signedIn} ended={loaded.reload} />
          ))}
        </ul>
      )}
    </Loading>
  );
}

function SessionRow({ signedIn, ended }: { signedIn: AccountSession; ended(): void }) {
  const action = useAction();
  const agentId = useId();
  const errorId = useId();
  return (
    <li className="cloud-session">
      <div className="cloud-session-who">
        {/* The whole user agent on hover; the row keeps one line of it. */}
        <span className="cloud-session-agent" id={agentId} title={signedIn.userAgent}>
          <bdi>{signedIn.userAgent === '' ? ct('account.unknownBrowser') : signedIn.userAgent}</bdi>
        </span>
        <span className="cloud-muted">{ct('account.signedInAt', { date: formatMoment(signedIn.createdAt) })}</span>
      </div>
      {signedIn.current ? (
        <span className="cloud-you">{ct('account.thisBrowser')}</span>
      ) : (
        <Button
          onPress={() => void action.run(() => endSession(signedIn.id)).then((done) => done && ended())}
          isPending={action.isPending}
          aria-describedby={action.error === null ? agentId : `${agentId} ${errorId}`}
        >
          {ct('account.signOut')}
        </Button>
      )}
      <ActionError id={errorId} error={action.error} />
    </li>
  );
}
