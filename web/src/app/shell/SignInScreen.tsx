/**
 * Shown instead of the admin until someone signs in with GitHub; they come back where they were.
 * Right after the setup created the GitHub App, it first asks to install the app on the repository.
 */
import { signInHref } from '../../api/client';
import type { ApiError } from '../../api/error';
import { t } from '../../lib/messages/format';
import { EmptyState } from '../../ui/EmptyState';

export function SignInScreen({ error }: { error: ApiError | null }) {
  const route = window.location.pathname.replace(/^\/keystatic\/?/, '');
  const installUrl = typeof error?.details.installUrl === 'string' ? error.details.installUrl : null;
  const justCreated = route === 'created-github-app';
  const logIn = (
    // A full navigation: the server sends the browser on to GitHub.
    <a className={`button ${justCreated ? 'button-secondary' : 'button-primary'}`} href={signInHref(decoded(route))}>
      {t('signIn.github')}
    </a>
  );
  if (justCreated) {
    return (
      <main className="sign-in">
        <EmptyState icon="user" title={t('created.title')} message={t('created.message')}>
          <div className="sign-in-actions">
            {installUrl !== null && (
              <a className="button button-primary" href={installUrl} target="_blank" rel="noopener noreferrer">
                {t('repoNotFound.install')}
              </a>
            )}
            {logIn}
          </div>
        </EmptyState>
      </main>
    );
  }
  return (
    <main className="sign-in">
      <EmptyState icon="user" title={t('signIn.title')} message={t('signIn.message')}>
        {logIn}
      </EmptyState>
    </main>
  );
}

/** The route as its words, or as it is when it does not decode. */
function decoded(route: string): string {
  try {
    return decodeURI(route);
  } catch {
    return route;
  }
}
