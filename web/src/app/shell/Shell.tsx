/**
 * The admin's frame: the sidebar and the current screen (below a notice when the person signed in
 * may only read). On small screens the sidebar slides in over the screen as a modal drawer: focus
 * moves into it, the screen behind is inert, Escape closes it and gives focus back to the menu
 * button; it closes again on navigation. '?' (outside a field) opens the keyboard shortcut list.
 */
import { useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { t } from '../../lib/messages/format';
import { Notice } from '../../ui/Notice';
import { useCloudSession, useRepository, writeAccess } from '../data/ConfigProvider';
import { lazyComponent } from '../../ui/lazyComponent';
import { Sidebar } from './Sidebar';
import { SidebarContext } from './sidebarControl';
import type { SidebarControl } from './sidebarControl';

const PANEL_ID = 'sidebar';

const ShortcutsDialog = lazyComponent(async () => (await import('./ShortcutsDialog')).ShortcutsDialog);

export function Shell() {
  const { pathname } = useLocation();
  // The panel is open only on the page where it was opened, so any navigation closes it.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const isOpen = openAt === pathname;
  // Set when the drawer is closed on purpose (not by navigating): focus then goes back to the menu button.
  const refocus = useRef(false);
  const close = () => {
    refocus.current = true;
    setOpenAt(null);
  };
  const control: SidebarControl = {
    isOpen,
    toggle: () => (isOpen ? close() : setOpenAt(pathname)),
    panelId: PANEL_ID,
  };
  useEffect(() => {
    if (!isOpen) {
      if (refocus.current) document.querySelector<HTMLElement>('.sidebar-toggle')?.focus();
      refocus.current = false;
      return;
    }
    const panel = document.getElementById(PANEL_ID);
    const focusable = () => [...(panel?.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), input, [tabindex="0"]') ?? [])];
    focusable()[0]?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      // Tab goes round the drawer; a menu open in it takes its own Escape first.
      if (event.key === 'Tab') {
        const all = focusable();
        const edge = event.shiftKey ? all[0] : all[all.length - 1];
        if (document.activeElement === edge || !panel?.contains(document.activeElement)) {
          event.preventDefault();
          (event.shiftKey ? all[all.length - 1] : all[0])?.focus();
        }
        return;
      }
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      refocus.current = true;
      setOpenAt(null);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [isOpen]);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== '?' || event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      // A '?' typed into a field is text.
      if (event.target instanceof Element && event.target.closest('input, textarea, select, [contenteditable]:not([contenteditable="false"])')) return;
      event.preventDefault();
      setShortcutsOpen(true);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
  return (
    <SidebarContext.Provider value={control}>
      <div className="shell" data-sidebar-open={isOpen || undefined}>
        <Sidebar id={PANEL_ID} />
        {/* A pointer shortcut only: the header's toggle is the accessible way to close. */}
        {isOpen && <div className="sidebar-backdrop" onClick={close} />}
        <main className="main" inert={isOpen}>
          <RepositoryNotice />
          <Outlet />
        </main>
      </div>
      {shortcutsOpen && <ShortcutsDialog onClose={() => setShortcutsOpen(false)} />}
    </SidebarContext.Provider>
  );
}

/**
 * Above every screen when the person signed in may read the repository but not push to it, and
 * when they work on their fork of it.
 */
function RepositoryNotice() {
  const repository = useRepository();
  const cloud = useCloudSession();
  if (cloud?.readOnly === true) {
    return (
      <div className="read-only-notice">
        <Notice tone="caution" title={t('repository.readOnly')}>
          <p>{t('repository.readOnlyCloudHelp', { team: cloud.team })}</p>
        </Notice>
      </div>
    );
  }
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
