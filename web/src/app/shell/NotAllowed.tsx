/** Signed in with GitHub, but not among the people the site's `storage.allow` names. */
import { SIGN_OUT_HREF } from '../../api/client';
import type { ApiError } from '../../api/error';
import { t } from '../../lib/messages/format';
import { EmptyState } from '../../ui/EmptyState';

export function NotAllowed({ error }: { error: ApiError }) {
  return (
    <main className="sign-in">
      <EmptyState icon="user" title={t('notAllowed.title')} message={error.message}>
        {/* Someone else may be allowed: a full navigation ends this sign-in. */}
        <a className="button button-secondary" href={SIGN_OUT_HREF}>
          {t('user.logOut')}
        </a>
      </EmptyState>
    </main>
  );
}
