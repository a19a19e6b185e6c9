/**
 * Who is signed in (picture or initials), with Account (their GitHub profile) and Log out. Shown only
 * with storage that people sign in to.
 */
import { Button, Header, Menu, MenuItem, MenuTrigger, Popover, Section } from 'react-aria-components';
import { SIGN_OUT_HREF } from '../../api/client';
import type { User } from '../../api/wire';
import { t } from '../../lib/messages/format';
import { useUser } from '../data/ConfigProvider';

export function UserMenu() {
  const user = useUser();
  if (user === null) return null;
  const name = user.name ?? user.login;
  return (
    <MenuTrigger>
      <Button className="icon-button user-button" aria-label={t('user.menu', { name })}>
        <Avatar user={user} />
      </Button>
      <Popover className="popover" placement="bottom end">
        <Menu className="menu" aria-label={t('user.menu', { name })}>
          <Section>
            <Header className="menu-header">
              <span className="user-name">{name}</span>
              {user.name !== null && <span className="user-login">{user.login}</span>}
            </Header>
            <MenuItem className="menu-item" href={user.profileUrl} target="_blank" rel="noreferrer">
              {t('user.account')}
            </MenuItem>
            {/* A full navigation: the server ends the sign-in and comes back to the admin. */}
            <MenuItem className="menu-item" onAction={() => window.location.assign(SIGN_OUT_HREF)}>
              {t('user.logOut')}
            </MenuItem>
          </Section>
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}

/** The person's picture when it is served over https (as the admin's policy allows), else initials. */
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
