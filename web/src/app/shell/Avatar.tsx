/** The person's picture when it is served over https (as the admin's policy allows), else initials. */
import type { User } from '../../api/wire';

export function Avatar({ user }: { user: User }) {
  if (user.avatarUrl?.startsWith('https://')) {
    return <img className="avatar" src={user.avatarUrl} alt="" width={28} height={28} />;
  }
  const initials = (user.name ?? user.login)
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
  return (
    <span className="avatar avatar-initials" aria-hidden="true">
      {initials}
    </span>
  );
}
