/**
 * Brand, theme menu, branch controls and the navigation of config.ui.navigation; on branches other
 * than the default one, each collection shows its number of changes and each changed singleton a
 * marker.
 */
import { Button } from 'react-aria-components';
import { currentRoute, signInHref } from '../../api/client';
import { NavLink } from 'react-router';
import type { Config, NavItem } from '../../api/config';
import type { Summary } from '../../api/wire';
import { t } from '../../lib/messages/format';
import { BranchBar } from '../branch/BranchBar';
import { useCapabilities, useCloudSession, useConfig, useUser } from '../data/ConfigProvider';
import { useSummary } from '../data/SummaryProvider';
import { Icon } from '../../ui/icons';
import { useHrefs } from '../hrefs';
import type { Hrefs } from '../hrefs';
import { collectionChanges } from './changeCounts';
import { useSidebar } from './sidebarControl';
import { Deferred, StandIn } from '../../ui/Deferred';
import { lazyComponent } from '../../ui/lazyComponent';
import { Avatar } from './Avatar';
import { schemeIcon, storedColorScheme } from './colorScheme';

// The menus' code comes after the first screen; stand-ins look and are named the same until then.
const ThemeMenu = lazyComponent(async () => (await import('./ThemeMenu')).ThemeMenu);
const UserMenu = lazyComponent(async () => (await import('./UserMenu')).UserMenu);

export function Sidebar({ id }: { id: string }) {
  const config = useConfig();
  const sidebar = useSidebar();
  const hrefs = useHrefs();
  const { summary } = useSummary();
  return (
    <aside className="sidebar" id={id}>
      <div className="sidebar-header">
        <BrandMark mark={config.ui.brand.mark} />
        <span className="sidebar-brand">{config.ui.brand.name}</span>
        <Deferred
          control={ThemeMenu}
          props={{}}
          trigger={(press) => (
            <StandIn className="icon-button" label={t('theme.label')} popup="menu" onPress={press}>
              <Icon name={schemeIcon[storedColorScheme()]} />
            </StandIn>
          )}
        />
        <UserMenuSlot />
        <Button className="icon-button sidebar-close" aria-label={t('nav.close')} onPress={sidebar.toggle}>
          <Icon name="close" />
        </Button>
      </div>
      <BranchBar />
      <nav className="sidebar-nav" aria-label={t('nav.label')}>
        <NavLink to={hrefs.dashboard()} end className="nav-link">
          {t('nav.dashboard')}
        </NavLink>
        {config.ui.navigation.map((group, index) => (
          <div className="nav-group" key={group.label ?? `group-${index}`}>
            {group.label !== null && (
              <h2 className="nav-group-label">
                <bdi>{group.label}</bdi>
              </h2>
            )}
            {group.items.map((item, itemIndex) => (
              <NavEntry key={itemIndex} item={item} config={config} hrefs={hrefs} summary={summary} />
            ))}
          </div>
        ))}
      </nav>
    </aside>
  );
}

/** 'Sign into Cloud': a full navigation, the server sends the browser on to the cloud and back here. */
function CloudSignInLink() {
  return (
    <a className="icon-button" href={signInHref(currentRoute(), 'cloud')} aria-label={t('signIn.cloudAgain')} title={t('signIn.cloudAgain')}>
      <Icon name="user" />
    </a>
  );
}

function UserMenuSlot() {
  const user = useUser();
  const { signIn } = useCapabilities();
  const config = useConfig();
  const cloud = useCloudSession();
  // Signed out where signing in is optional: a site whose content is its own, with a cloud.
  if (user === null) return signIn === 'cloud' ? <CloudSignInLink /> : null;
  const menu = (
    <Deferred
      control={UserMenu}
      props={{ user }}
      trigger={(press) => (
        <StandIn className="icon-button user-button" label={t('user.menu', { name: user.name ?? user.login })} popup="menu" onPress={press}>
          <Avatar user={user} />
        </StandIn>
      )}
    />
  );
  // Signed in with GitHub on a site with a cloud project: the cloud's images want a sign-in too.
  if (signIn !== 'github' || config.cloud === null || cloud !== null) return menu;
  return (
    <>
      <CloudSignInLink />
      {menu}
    </>
  );
}

type NavEntryProps = { item: NavItem; config: Config; hrefs: Hrefs; summary: Summary | null };

function NavEntry({ item, config, hrefs, summary }: NavEntryProps) {
  if (item.kind === 'divider') return <hr className="nav-divider" />;
  if (item.kind === 'collection') {
    const changes = collectionChanges(summary?.collections[item.key]);
    return (
      <NavLink to={hrefs.collection(item.key)} className="nav-link">
        <bdi className="nav-link-label">{config.collections[item.key]?.label ?? item.key}</bdi>
        {changes > 0 && (
          <span className="nav-count" title={t('status.changes', { count: changes })}>
            <span aria-hidden="true">{changes}</span>
            <span className="visually-hidden">{t('status.changes', { count: changes })}</span>
          </span>
        )}
      </NavLink>
    );
  }
  return (
    <NavLink to={hrefs.singleton(item.key)} className="nav-link">
      <bdi className="nav-link-label">{config.singletons[item.key]?.label ?? item.key}</bdi>
      {summary?.singletons[item.key]?.changed === true && (
        <span className="nav-changed" title={t('status.changed')}>
          <span className="visually-hidden">{t('status.changed')}</span>
        </span>
      )}
    </NavLink>
  );
}

/** `mark` is an image URL; without one, a neutral quill stands in. */
function BrandMark({ mark }: { mark: string | null }) {
  if (mark !== null) return <img className="sidebar-mark" src={mark} alt="" />;
  return (
    <svg className="sidebar-mark" viewBox="0 0 24 24" aria-hidden="true">
      <path d="M20 3C12 4 6 9 4.5 19.5L6 21c1-3.5 3-6 5.5-7.5L15 13l-2-1 4-3-2-.5C17 7 19 5 20 3Z" fill="currentColor" />
    </svg>
  );
}
