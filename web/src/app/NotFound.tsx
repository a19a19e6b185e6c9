/** The screen for unknown routes, collections and singletons. */
import { t } from '../lib/messages/format';
import { EmptyState } from '../ui/EmptyState';
import { ScreenHeader } from './shell/ScreenHeader';

export function NotFound() {
  return (
    <>
      <ScreenHeader title={t('notFound.title')} />
      <EmptyState icon="searchEmpty" title={t('notFound.title')} message={t('notFound.message')} />
    </>
  );
}
