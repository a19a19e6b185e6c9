/**
 * Avatars of the people somewhere: each person's picture, or their initials on a colour that stays
 * the same for them; their name on hover, and in the list's text for screen readers.
 */
import type { CollabUser } from '../../collab/socket';
import type { Person } from '../../collab/presence';
import { initials } from '../../lib/initials';

/** Colours white initials read on (each at least 4.5:1). */
const COLOURS = ['#b3261e', '#7b1fa2', '#1565c0', '#00695c', '#2e7d32', '#a24a00', '#5d4037', '#c2185b', '#455a64', '#4527a0'];

/** A colour of the palette for `id`, the same in every tab. */
export function personColour(id: string): string {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return COLOURS[hash % COLOURS.length]!;
}

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
