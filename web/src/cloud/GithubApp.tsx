/**
 * `/github-app#TOKEN`: makes the cloud's GitHub App on GitHub, from the one-time link the cloud
 * prints while it has none (the token stays in the fragment, which the browser never sends). The
 * page gets a state for the link, then posts the app's manifest to GitHub in a plain form (GitHub
 * takes it as a posted field); GitHub makes the app under whoever is signed in there and sends the
 * browser back to the cloud, which keeps the app and comes back here: the page then shows the app
 * and where to install it.
 */
import { useCallback, useState } from 'react';
import { useLocation } from 'react-router';
import { APP_PERMISSIONS, newAppUrl } from '../lib/githubApp';
import { CheckboxField } from '../ui/CheckboxField';
import { Icon } from '../ui/icons';
import { Notice } from '../ui/Notice';
import { TextInputField } from '../ui/TextInputField';
import { githubApp, githubAppState } from './api';
import type { GithubAppForm, GithubAppMade } from './api';
import { ct } from './messages';
import { Loading, Page, useLoaded } from './Page';

/** The cloud's app: it comes back to the cloud, and may do only what the admins need. */
export function cloudAppManifest(name: string, origin: string, isPublic: boolean) {
  return {
    name,
    url: origin,
    public: isPublic,
    redirect_url: `${origin}/github-app/created`,
    default_permissions: APP_PERMISSIONS,
  };
}

type Found = { app: GithubAppMade | null; form: GithubAppForm | null };

export function GithubAppPage() {
  const token = useLocation().hash.replace(/^#/, '');
  const load = useCallback(async (): Promise<Found> => {
    const { app } = await githubApp();
    if (app !== null || token === '') return { app, form: null };
    return { app: null, form: await githubAppState(token) };
  }, [token]);
  const loaded = useLoaded(load);
  const made = loaded.value?.app ?? null;
  return (
    <Page title={made === null ? ct('githubApp.title') : ct('githubApp.madeTitle')}>
      {loaded.error?.status === 403 ? (
        <Notice tone="critical" title={ct('githubApp.failed')}>
          <p>{loaded.error.message}</p>
        </Notice>
      ) : (
        <Loading loaded={loaded}>
          {({ app, form }) =>
            app !== null ? (
              <Made app={app} />
            ) : form === null ? (
              <Notice tone="critical" title={ct('githubApp.noToken')} />
            ) : (
              <AppForm form={form} />
            )
          }
        </Loading>
      )}
    </Page>
  );
}

function AppForm({ form }: { form: GithubAppForm }) {
  const [name, setName] = useState('Quire Cloud');
  // A person's own account is no organization: GitHub would answer 404.
  const [organization, setOrganization] = useState('');
  const [isPublic, setPublic] = useState(false);
  return (
    <>
      <p className="cloud-intro">{ct('githubApp.intro')}</p>
      {/* A plain form: GitHub takes the manifest as a posted field. */}
      <form className="cloud-form" method="post" action={newAppUrl(form.githubUrl, organization, form.state)}>
        <TextInputField label={ct('githubApp.name')} description={ct('githubApp.nameHelp')} value={name} onChange={setName} isRequired />
        <TextInputField
          label={ct('githubApp.organization')}
          description={ct('githubApp.organizationHelp')}
          value={organization}
          onChange={setOrganization}
        />
        <CheckboxField label={ct('githubApp.public')} description={ct('githubApp.publicHelp')} isSelected={isPublic} onChange={setPublic} />
        <input type="hidden" name="manifest" value={JSON.stringify(cloudAppManifest(name, form.origin, isPublic))} />
        <div className="cloud-actions">
          <button className="button button-primary" type="submit">
            {ct('githubApp.submit')}
          </button>
        </div>
      </form>
    </>
  );
}

function Made({ app }: { app: GithubAppMade }) {
  return (
    <>
      <p className="cloud-intro">{ct('githubApp.made', { slug: app.slug })}</p>
      {app.installUrl !== null && (
        <div className="cloud-actions">
          {/* A plain link: it leaves for GitHub. */}
          <a className="button button-primary" href={app.installUrl} target="_blank" rel="noopener noreferrer">
            {ct('team.installApp')}
            <Icon name="external" size={16} />
          </a>
        </div>
      )}
    </>
  );
}
