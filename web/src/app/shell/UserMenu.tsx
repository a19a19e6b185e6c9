/**
 * Who is signed in (picture or initials), with Account (their GitHub profile, or their account on the
 * cloud), the team's Image library on a cloud that has one, and Log out. Shown only with storage that
 * people sign in to; its code comes after the first screen (`Sidebar.tsx` loads it when needed).
 */
import { useRef } from 'react';
import { Button, Header, Menu, MenuItem, MenuTrigger, Popover, Section } from 'react-aria-components';
import { signOut } from '../../api/client';
import type { User } from '../../api/wire';
import { t } from '../../lib/messages/format';
import { useOpenOnMount } from '../../ui/Deferred';
import { useCloudSession } from '../data/ConfigProvider';
import { Avatar } from './Avatar';

export function UserMenu({ user, openOnMount }: { user: User; openOnMount: boolean }) {
  const trigger = useRef<HTMLButtonElement>(null);
  const [isOpen, setOpen] = useOpenOnMount(openOnMount, trigger);
  const name = user.name ?? user.login;
  const imageLibraryUrl = useCloudSession()?.imageLibraryUrl ?? null;
  return (
    <MenuTrigger isOpen={isOpen} onOpenChange={setOpen}>
      <Button ref={trigger} className="icon-button user-button" aria-label={t('user.menu', { name })}>
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
            {imageLibraryUrl !== null && (
              <MenuItem className="menu-item" href={imageLibraryUrl} target="_blank" rel="noreferrer">
                {t('user.imageLibrary')}
              </MenuItem>
            )}
            {/* The server ends the sign-in; the admin starts afresh. */}
            <MenuItem className="menu-item" onAction={() => void signOut()}>
              {t('user.logOut')}
            </MenuItem>
          </Section>
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
