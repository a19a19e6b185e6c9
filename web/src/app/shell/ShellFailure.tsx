/**
 * What shows instead of the admin when what every screen needs (config, branches) cannot load: 'Git
 * repo not initialised' for a repository without commits (the server says what to do), else 'Failed
 * to load shell' with the reason.
 */
import { ApiError } from '../../api/error';
import { t } from '../../lib/messages/format';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { errorMessage } from '../data/useAsync';

export function ShellFailure({ error, onRetry }: { error: unknown; onRetry(): void }) {
  const notInitialised = error instanceof ApiError && error.code === 'repo_not_initialised';
  return (
    <EmptyState icon="warning" title={t(notInitialised ? 'shell.notInitialised' : 'shell.loadFailed')} message={errorMessage(error)}>
      <Button onPress={onRetry}>{t('shell.retry')}</Button>
    </EmptyState>
  );
}
