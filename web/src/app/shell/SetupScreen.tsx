/**
 * The GitHub App's settings are missing (a new GitHub site, served for setup): what is missing, and
 * a form that has GitHub create the app from a manifest. GitHub sends the browser back to the
 * server, which keeps the app's settings in .env; then people sign in. Only the browser that opened
 * the address Quire printed when it started (it holds a secret) gets the form: others are told to.
 */
import { useState } from 'react';
import type { ApiError } from '../../api/error';
import { APP_PERMISSIONS, newAppUrl } from '../../lib/githubApp';
import { t } from '../../lib/messages/format';
import { TextInputField } from '../../ui/TextInputField';

type SetupDetails = { repo: string; missing: string[]; githubUrl: string; origin: string; state: string };

function details(error: ApiError): SetupDetails {
  const text = (name: string) => (typeof error.details[name] === 'string' ? (error.details[name] as string) : '');
  return {
    repo: text('repo'),
    missing: error.detailList('missing'),
    githubUrl: text('githubUrl'),
    origin: text('origin'),
    state: text('state'),
  };
}

/** The app Quire needs: it reads and writes contents, reads metadata and pull requests. */
export function appManifest(name: string, origin: string) {
  return {
    name,
    url: `${origin}/keystatic`,
    public: false,
    redirect_url: `${origin}/api/keystatic/github/created-app`,
    callback_urls: [`${origin}/api/keystatic/github/oauth/callback`],
    request_oauth_on_install: true,
    default_permissions: APP_PERMISSIONS,
  };
}

export function SetupScreen({ error }: { error: ApiError }) {
  const setup = details(error);
  return (
    <main className="setup">
      <h1 className="setup-title">{error.message}</h1>
      <p>{t('setup.missing')}</p>
      <ul className="setup-variables">
        {setup.missing.map((name) => (
          <li key={name}>
            <code>{name}</code>
          </li>
        ))}
      </ul>
      {setup.state === '' ? (
        <p>{t('setup.openPrinted')}</p>
      ) : (
        <SetupForm setup={setup} />
      )}
    </main>
  );
}

function SetupForm({ setup }: { setup: SetupDetails }) {
  const [name, setName] = useState(`${setup.repo.split('/')[1] ?? 'site'} Quire`);
  // A personal repository's owner is no organization: GitHub would answer 404.
  const [organization, setOrganization] = useState('');
  return (
    <>
      <p>{t('setup.create', { repo: setup.repo })}</p>
      {/* A plain form: GitHub takes the manifest as a posted field. */}
      <form className="setup-form" method="post" action={newAppUrl(setup.githubUrl, organization, setup.state)}>
        <TextInputField label={t('setup.appName')} value={name} onChange={setName} isRequired />
        <TextInputField
          label={t('setup.organization')}
          description={t('setup.organizationHelp')}
          value={organization}
          onChange={setOrganization}
        />
        <input type="hidden" name="manifest" value={JSON.stringify(appManifest(name, setup.origin))} />
        <button className="button button-primary" type="submit">
          {t('setup.submit')}
        </button>
      </form>
    </>
  );
}
