/** The person's picture when it is served over https (as the admin's policy allows), else initials. */
import type { User } from '../../api/wire';
import { initials } from '../../lib/initials';

export function Avatar({ user }: { user: User }) {
  if (user.avatarUrl?.startsWith('https://')) {
    return <img className="avatar" src={user.avatarUrl} alt="" width={28} height={28} />;
  }
  return (
    <span className="avatar avatar-initials" aria-hidden="true">
      {initials(user.name ?? user.login)}
    </span>
  );
}
