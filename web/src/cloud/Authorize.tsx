/**
 * `/authorize?{query}`: the consent page of an admin's sign-in. `/oauth/authorize` sends the
 * browser here with the admin's request, once it has checked that it names an allowed redirect.
 * Allowing hands the request back to the cloud, which answers the admin's callback address with a
 * code; a person who is not in the project's team may sign in as someone else.
 */
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '../ui/Button';
import { Notice } from '../ui/Notice';
import { authorization, authorize, signOut } from './api';
import type { Authorization } from './api';
import { ct } from './messages';
import { ActionError, Loading, Page, goTo, useAction, useLoaded } from './Page';

/** "{origin} wants to edit {project} as {name}." */
export function consentLine(request: Authorization): string {
  return ct('authorize.consent', { origin: request.origin, project: request.project.name, name: request.user.name });
}

export function AuthorizePage() {
  const query = useLocation().search.replace(/^\?/, '');
  const loaded = useLoaded(useCallback(() => authorization(query), [query]));
  const refused = loaded.error !== null && loaded.error.status === 400;
  return (
    <Page title={ct('authorize.title')}>
      {refused ? (
        <Notice tone="critical" title={ct('authorize.problem')}>
          <p>{loaded.error?.message}</p>
        </Notice>
      ) : (
        <Loading loaded={loaded} signIn={`/sign-in?${query}`}>
          {(request) => (request.member ? <Consent request={request} query={query} /> : <NotMember request={request} query={query} />)}
        </Loading>
      )}
    </Page>
  );
}

function Consent({ request, query }: { request: Authorization; query: string }) {
  const navigate = useNavigate();
  const action = useAction();
  const allow = () =>
    action.run(async () => {
      const { redirect } = await authorize(Object.fromEntries(new URLSearchParams(query)));
      goTo(redirect);
    });
  return (
    <>
      <p className="cloud-consent">{consentLine(request)}</p>
      <p className="cloud-intro">{ct('authorize.team', { team: request.team.name })}</p>
      <ActionError id="authorize-error" error={action.error} />
      <div className="cloud-actions">
        <Button
          tone="primary"
          onPress={() => void allow()}
          isPending={action.isPending}
          aria-describedby={action.error === null ? undefined : 'authorize-error'}
        >
          {ct('authorize.allow')}
        </Button>
        <Button onPress={() => void navigate('/account')} isDisabled={action.isPending}>
          {ct('form.cancel')}
        </Button>
      </div>
    </>
  );
}

function NotMember({ request, query }: { request: Authorization; query: string }) {
  const navigate = useNavigate();
  const action = useAction();
  const switchAccount = () =>
    action.run(async () => {
      await signOut();
      await navigate(`/sign-in?${query}`);
    });
  return (
    <>
      <Notice tone="caution" title={ct('authorize.notMember', { team: request.team.name })}>
        <p>{ct('authorize.signedInAs', { name: request.user.name, email: request.user.email })}</p>
      </Notice>
      <ActionError id="switch-error" error={action.error} />
      <div className="cloud-actions">
        <Button
          tone="primary"
          onPress={() => void switchAccount()}
          isPending={action.isPending}
          aria-describedby={action.error === null ? undefined : 'switch-error'}
        >
          {ct('authorize.otherAccount')}
        </Button>
      </div>
    </>
  );
}
