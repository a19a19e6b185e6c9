/**
 * The bar on top of every screen: sidebar toggle (small screens), title or breadcrumbs, actions;
 * and the window's title, the screen's then the site's (`Posts – Quire Blog`).
 */
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { Button } from 'react-aria-components';
import { t } from '../../lib/messages/format';
import { Icon } from '../../ui/icons';
import { useConfig } from '../data/ConfigProvider';
import { useSidebar } from './sidebarControl';

type ScreenHeaderProps = {
  title: ReactNode;
  /** What the window's title calls the screen; the title itself when it is text. */
  windowTitle?: string;
  actions?: ReactNode;
};

export function ScreenHeader({ title, windowTitle, actions }: ScreenHeaderProps) {
  const sidebar = useSidebar();
  const site = useConfig().ui.brand.name;
  const screen = windowTitle ?? (typeof title === 'string' ? title : null);
  useEffect(() => {
    document.title = screen === null ? site : `${screen} – ${site}`;
  }, [screen, site]);
  return (
    <header className="screen-header">
      <Button
        className="icon-button sidebar-toggle"
        aria-label={sidebar.isOpen ? t('nav.close') : t('nav.open')}
        aria-expanded={sidebar.isOpen}
        aria-controls={sidebar.panelId}
        onPress={sidebar.toggle}
      >
        <Icon name={sidebar.isOpen ? 'close' : 'menu'} />
      </Button>
      <div className="screen-title">
        {typeof title === 'string' ? (
          <h1>
            <bdi>{title}</bdi>
          </h1>
        ) : (
          title
        )}
      </div>
      {actions && <div className="screen-actions">{actions}</div>}
    </header>
  );
}
