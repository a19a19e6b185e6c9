/**
 * `/account`: who is signed in, their teams with their role in each, and signing out here or
 * everywhere (every session and every admin's token, after a confirmation).
 */
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { AlertDialog } from '../ui/AlertDialog';
import { Button } from '../ui/Button';
import { myTeams, session, signOut, signOutEverywhere } from './api';
import type { TeamOfMine, User } from './api';
import { ct } from './messages';
import { ActionError, Loading, Page, useAction, useLoaded } from './Page';

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

function Account({ user, teams }: { user: User; teams: TeamOfMine[] }) {
  const navigate = useNavigate();
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
        <p className="cloud-person-name">
          <bdi>{user.name}</bdi>
        </p>
        <p className="cloud-muted">{user.email}</p>
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
