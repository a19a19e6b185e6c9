/**
 * Shown instead of the admin until someone signs in with the site's provider (GitHub or a cloud);
 * they come back where they were. Right after the setup created the GitHub App, it first asks to
 * install the app on the repository.
 */
import { currentRoute, currentSignIn, signInHref, signInOf } from '../../api/client';
import type { SignIn } from '../../api/client';
import type { ApiError } from '../../api/error';
import { t } from '../../lib/messages/format';
import { EmptyState } from '../../ui/EmptyState';

/** `error` is the config's refusal; null when a sign-in ran out while the admin was open. */
export function SignInScreen({ error }: { error: ApiError | null }) {
  const route = currentRoute();
  const installUrl = typeof error?.details.installUrl === 'string' ? error.details.installUrl : null;
  const justCreated = route === 'created-github-app';
  // The refusal names the provider: without a config, nothing else can.
  const signIn = (error === null ? null : signInOf(error)) ?? currentSignIn();
  const logIn = (
    // A full navigation: the server sends the browser on to GitHub or the cloud.
    <a className={`button ${justCreated ? 'button-secondary' : 'button-primary'}`} href={signInHref(route)}>
      {buttonText(signIn, error === null)}
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
      <EmptyState icon="user" title={t('signIn.title')} message={message(signIn)}>
        {logIn}
      </EmptyState>
    </main>
  );
}

/** Keystatic's words: 'Log in with Keystatic Cloud' at first, 'Sign into Cloud' when the sign-in ran out. */
function buttonText(signIn: SignIn, ranOut: boolean): string {
  if (signIn.provider === 'github') return t('signIn.github');
  return ranOut ? t('signIn.cloudAgain') : t('signIn.cloud');
}

function message(signIn: SignIn): string {
  if (signIn.provider === 'github') return t('signIn.message');
  const host = hostOf(signIn.cloudUrl);
  return host === null ? t('signIn.cloudMessageNoHost') : t('signIn.cloudMessage', { host });
}

/** The host of the cloud's address (`cloud.example.com`), or null when it has none. */
function hostOf(url: string | null): string | null {
  if (url === null) return null;
  try {
    return new URL(url).host || null;
  } catch {
    return null;
  }
}
