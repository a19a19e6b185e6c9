/**
 * Avatars of the people somewhere: each person's picture, or their initials on a colour that stays
 * the same for them; their name on hover, and in the list's text for screen readers.
 */
import type { CollabUser } from '../../collab/socket';
import type { Person } from '../../collab/presence';
import { personColour } from '../../collab/colour';
import { initials } from '../../lib/initials';

export function PersonAvatar({ user, size = 'normal' }: { user: CollabUser; size?: 'small' | 'normal' }) {
  const className = `avatar person-avatar person-avatar-${size}`;
  if (user.avatarUrl?.startsWith('https://')) return <img className={className} src={user.avatarUrl} alt="" />;
  return (
    <span className={`${className} avatar-initials`} style={{ backgroundColor: personColour(user.id) }} aria-hidden="true">
      {initials(user.name)}
    </span>
  );
}

type PeopleProps = {
  people: Person[];
  /** The list's name for screen readers; without one the avatars are for the eye only. */
  label?: string;
  size?: 'small' | 'normal';
  className?: string;
};

/** One avatar per person (a person in several tabs shows once). */
export function People({ people, label, size = 'normal', className }: PeopleProps) {
  const unique = [...new Map(people.map((person) => [person.user.id, person])).values()];
  if (unique.length === 0) return null;
  const classes = `people people-${size}${className ? ` ${className}` : ''}`;
  if (label === undefined) {
    return (
      <span className={classes} aria-hidden="true">
        {unique.map((person) => (
          <span key={person.user.id} className="person" title={person.user.name}>
            <PersonAvatar user={person.user} size={size} />
          </span>
        ))}
      </span>
    );
  }
  return (
    <ul className={classes} aria-label={label}>
      {unique.map((person) => (
        <li key={person.user.id} className="person" title={person.user.name}>
          <PersonAvatar user={person.user} size={size} />
          <span className="visually-hidden">{person.user.name}</span>
        </li>
      ))}
    </ul>
  );
}
