/** Signed in with GitHub, but not among the people the site's `storage.allow` names. */
import { signOut } from '../../api/client';
import type { ApiError } from '../../api/error';
import { t } from '../../lib/messages/format';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';

export function NotAllowed({ error }: { error: ApiError }) {
  return (
    <main className="sign-in">
      <EmptyState icon="user" title={t('notAllowed.title')} message={error.message}>
        {/* Someone else may be allowed: this sign-in ends, and the admin starts afresh. */}
        <Button onPress={() => void signOut()}>{t('user.logOut')}</Button>
      </EmptyState>
    </main>
  );
}
