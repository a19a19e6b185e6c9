/**
 * The admin's frame: the sidebar and the current screen (below a notice when the person signed in
 * may only read). On small screens the sidebar slides in over the screen; it closes again on
 * navigation.
 */
import { useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { t } from '../../lib/messages/format';
import { Notice } from '../../ui/Notice';
import { useRepository, writeAccess } from '../data/ConfigProvider';
import { Sidebar } from './Sidebar';
import { SidebarContext } from './sidebarControl';
import type { SidebarControl } from './sidebarControl';

const PANEL_ID = 'sidebar';

export function Shell() {
  const { pathname } = useLocation();
  // The panel is open only on the page where it was opened, so any navigation closes it.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const isOpen = openAt === pathname;
  const control: SidebarControl = {
    isOpen,
    toggle: () => setOpenAt(isOpen ? null : pathname),
    panelId: PANEL_ID,
  };
  return (
    <SidebarContext.Provider value={control}>
      <div className="shell" data-sidebar-open={isOpen || undefined}>
        <Sidebar id={PANEL_ID} />
        {/* A pointer shortcut only: the header's toggle is the accessible way to close. */}
        {isOpen && <div className="sidebar-backdrop" onClick={() => setOpenAt(null)} />}
        <main className="main">
          <RepositoryNotice />
          <Outlet />
        </main>
      </div>
    </SidebarContext.Provider>
  );
}

/**
 * Above every screen when the person signed in may read the repository but not push to it, and
 * when they work on their fork of it.
 */
function RepositoryNotice() {
  const repository = useRepository();
  if (repository === null) return null;
  if (repository.forkOf !== null) {
    return (
      <div className="read-only-notice">
        <Notice tone="neutral" icon="branch" title={t('repository.onFork')}>
          <p>{t('repository.onForkHelp', { url: repository.url, upstream: repository.forkOf })}</p>
        </Notice>
      </div>
    );
  }
  if (repository.canWrite) return null;
  const help = writeAccess(repository) === 'fork' ? 'repository.forkHelp' : 'repository.readOnlyHelp';
  return (
    <div className="read-only-notice">
      <Notice tone="caution" title={t('repository.readOnly')}>
        <p>{t(help, { url: repository.url })}</p>
      </Notice>
    </div>
  );
}
