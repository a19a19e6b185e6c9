/** The bar on top of every screen: sidebar toggle (small screens), title or breadcrumbs, actions. */
import type { ReactNode } from 'react';
import { Button } from 'react-aria-components';
import { t } from '../../lib/messages/format';
import { Icon } from '../../ui/icons';
import { useSidebar } from './sidebarControl';

export function ScreenHeader({ title, actions }: { title: ReactNode; actions?: ReactNode }) {
  const sidebar = useSidebar();
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
      <div className="screen-title">{typeof title === 'string' ? <h1>{title}</h1> : title}</div>
      {actions && <div className="screen-actions">{actions}</div>}
    </header>
  );
}
