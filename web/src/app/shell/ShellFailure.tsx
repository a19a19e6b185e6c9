/** What shows instead of the admin when what every screen needs (config, branches) cannot load. */
import { t } from '../../lib/messages/format';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { errorMessage } from '../data/useAsync';

export function ShellFailure({ error, onRetry }: { error: unknown; onRetry(): void }) {
  return (
    <EmptyState icon="warning" title={t('shell.loadFailed')} message={errorMessage(error)}>
      <Button onPress={onRetry}>{t('shell.retry')}</Button>
    </EmptyState>
  );
}
