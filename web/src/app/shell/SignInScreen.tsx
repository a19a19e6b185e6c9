/** Shown instead of the admin until someone signs in with GitHub; they come back where they were. */
import { signInHref } from '../../api/client';
import { t } from '../../lib/messages/format';
import { EmptyState } from '../../ui/EmptyState';

export function SignInScreen() {
  const route = window.location.pathname.replace(/^\/keystatic\/?/, '');
  return (
    <main className="sign-in">
      <EmptyState icon="user" title={t('signIn.title')} message={t('signIn.message')}>
        {/* A full navigation: the server sends the browser on to GitHub. */}
        <a className="button button-primary" href={signInHref(decodeURI(route))}>
          {t('signIn.github')}
        </a>
      </EmptyState>
    </main>
  );
}
