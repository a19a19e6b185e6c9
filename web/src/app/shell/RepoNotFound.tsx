/**
 * The repository on GitHub cannot be read by the person signed in: it does not exist, they have no
 * access, or the GitHub App is not installed on it. Says which repository, and the ways forward.
 */
import { signOut } from '../../api/client';
import type { ApiError } from '../../api/error';
import { t } from '../../lib/messages/format';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { useToast } from '../../ui/Toast';

export function RepoNotFound({ error }: { error: ApiError }) {
  const showToast = useToast();
  const repo = typeof error.details.repo === 'string' ? error.details.repo : '';
  const installUrl = typeof error.details.installUrl === 'string' ? error.details.installUrl : null;
  const copy = () =>
    navigator.clipboard.writeText(repo).then(
      () => showToast(t('repoNotFound.copied', { repo })),
      () => showToast(t('repoNotFound.copyFailed'), { tone: 'critical' }),
    );
  return (
    <main className="sign-in">
      <EmptyState icon="warning" title={t('repoNotFound.title')} message={error.message}>
        <div className="sign-in-actions">
          <Button onPress={() => void copy()}>{t('repoNotFound.copy')}</Button>
          {installUrl !== null && (
            <a className="button button-primary" href={installUrl} target="_blank" rel="noopener noreferrer">
              {t('repoNotFound.install')}
            </a>
          )}
          {/* Someone else may have access: this sign-in ends, and the admin starts afresh. */}
          <Button onPress={() => void signOut()}>{t('user.logOut')}</Button>
        </div>
      </EmptyState>
    </main>
  );
}
