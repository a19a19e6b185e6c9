/** Brand, theme menu and the navigation of config.ui.navigation. */
import { Button } from 'react-aria-components';
import { NavLink } from 'react-router';
import type { Config, NavItem } from '../../api/config';
import { t } from '../../lib/messages/format';
import { useConfig } from '../data/ConfigProvider';
import { Icon } from '../../ui/icons';
import { hrefs } from '../hrefs';
import { useSidebar } from './Shell';
import { ThemeMenu } from './ThemeMenu';

export function Sidebar({ id }: { id: string }) {
  const config = useConfig();
  const sidebar = useSidebar();
  return (
    <aside className="sidebar" id={id}>
      <div className="sidebar-header">
        <BrandMark mark={config.ui.brand.mark} />
        <span className="sidebar-brand">{config.ui.brand.name}</span>
        <ThemeMenu />
        <Button className="icon-button sidebar-close" aria-label={t('nav.close')} onPress={sidebar.toggle}>
          <Icon name="close" />
        </Button>
      </div>
      <nav className="sidebar-nav" aria-label={t('nav.label')}>
        <NavLink to={hrefs.dashboard()} end className="nav-link">
          {t('nav.dashboard')}
        </NavLink>
        {config.ui.navigation.map((group, index) => (
          <div className="nav-group" key={group.label ?? `group-${index}`}>
            {group.label !== null && <h2 className="nav-group-label">{group.label}</h2>}
            {group.items.map((item, itemIndex) => (
              <NavEntry key={itemIndex} item={item} config={config} />
            ))}
          </div>
        ))}
      </nav>
    </aside>
  );
}

function NavEntry({ item, config }: { item: NavItem; config: Config }) {
  if (item.kind === 'divider') return <hr className="nav-divider" />;
  const isCollection = item.kind === 'collection';
  const label = isCollection ? config.collections[item.key]?.label : config.singletons[item.key]?.label;
  return (
    <NavLink to={isCollection ? hrefs.collection(item.key) : hrefs.singleton(item.key)} className="nav-link">
      {label ?? item.key}
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
