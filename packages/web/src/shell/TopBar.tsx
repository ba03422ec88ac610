import { Suspense, lazy, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { PRODUCT_SHORT_NAME } from '@backroom/schema';
import { useAppDispatch, useAppSelector } from '../store';
import { toggleSetting } from '../store/settingsSlice';
import { NARROW, useMediaQuery } from '../ui/useMediaQuery';
import { LanguageSwitcher } from './LanguageSwitcher';
import { ASIDE_ID, MENU_BUTTON_ID } from './Sidebar';
import { UserMenu } from './UserMenu';

export function TopBar() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { isCollapsed, asideToggled, offsidebarOpen } = useAppSelector((state) => state.settings);
  const userInfo = useAppSelector((state) => state.user.userInfo);
  const palette = usePalette();
  const tools = useFolded(offsidebarOpen);
  // Below 768 px the aside is off-canvas: ≡ slides it in (and out) instead of narrowing the desktop sidebar.
  const narrow = useMediaQuery(NARROW);

  return (
    <header className="topnavbar-wrapper">
      <nav
        className={`navbar topnavbar${tools.open ? ' tools-open' : ''}`}
        aria-label={t('topbar.label')}
        onKeyDown={tools.onKeyDown}
      >
        <Link className="navbar-brand" to="/home" aria-label={t('topbar.home')}>
          <i className="bi bi-shop me-2" aria-hidden="true" />
          <span className="brand-text">{PRODUCT_SHORT_NAME}</span>
        </Link>
        <div className="navbar-nav-group">
          <button
            type="button"
            className="btn btn-link nav-link"
            {...(narrow
              ? {
                  id: MENU_BUTTON_ID,
                  'aria-label': t('topbar.menu'),
                  'aria-expanded': asideToggled,
                  'aria-controls': ASIDE_ID,
                }
              : { 'aria-label': t('topbar.collapse'), 'aria-pressed': isCollapsed })}
            onClick={() => dispatch(toggleSetting(narrow ? 'asideToggled' : 'isCollapsed'))}
          >
            <i className="bi bi-list" aria-hidden="true" />
          </button>
          <button
            type="button"
            className="btn btn-link nav-link"
            aria-label={t('topbar.toggle')}
            aria-expanded={asideToggled}
            aria-controls={ASIDE_ID}
            onClick={() => dispatch(toggleSetting('asideToggled'))}
          >
            <i className="bi bi-layout-sidebar" aria-hidden="true" />
          </button>
        </div>
        <button
          ref={tools.toggleRef}
          type="button"
          className="btn btn-link nav-link navbar-fold-toggle"
          aria-label={t('topbarMenu.toggle')}
          aria-expanded={tools.open}
          aria-controls="topbar-tools"
          onClick={tools.toggle}
        >
          <i className={`bi ${tools.open ? 'bi-x-lg' : 'bi-three-dots-vertical'}`} aria-hidden="true" />
        </button>
        <div id="topbar-tools" className="navbar-nav-group navbar-tools ms-auto">
          {userInfo && (
            <span className="navbar-user">
              <span className="badge text-bg-secondary me-1 user-role">{userInfo.role}</span>
              <span className="user-name">{userInfo.userName}</span>
            </span>
          )}
          <LanguageSwitcher />
          <button
            type="button"
            className="btn btn-link nav-link"
            aria-label={t('topbar.search')}
            title={t('palette.open')}
            aria-haspopup="dialog"
            aria-expanded={palette.open}
            aria-keyshortcuts="Control+K Meta+K"
            onClick={palette.show}
          >
            <i className="bi bi-search" aria-hidden="true" />
          </button>
          <button
            type="button"
            className="btn btn-link nav-link"
            aria-label={t('topbar.settings')}
            aria-expanded={offsidebarOpen}
            aria-controls="offsidebar"
            onClick={() => dispatch(toggleSetting('offsidebarOpen'))}
          >
            <i className="bi bi-gear" aria-hidden="true" />
          </button>
          <UserMenu />
        </div>
      </nav>
      {palette.open && (
        <Suspense fallback={null}>
          <CommandPalette onClose={palette.hide} />
        </Suspense>
      )}
    </header>
  );
}

/** The command palette loads with its first opening: a user who never opens it never downloads it. */
const CommandPalette = lazy(() => import('./palette/CommandPalette'));

/** The command palette: opened by the top bar's search button and, anywhere in the console, by Ctrl+K or Cmd+K (which also close it). */
function usePalette() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key.toLowerCase() !== 'k' || !(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey)
        return;
      event.preventDefault();
      setOpen((now) => !now);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
  return { open, show: () => setOpen(true), hide: () => setOpen(false) };
}

/**
 * The folded top-bar tools (phone width; CSS shows the toggle only there): closed on navigation and
 * by Escape, which gives the focus back to the toggle — unless a menu inside handled the key, or
 * the settings panel is open (its own Escape closes it first).
 */
function useFolded(settingsOpen: boolean) {
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  useEffect(() => setOpen(false), [pathname]);
  return {
    open,
    toggleRef,
    toggle: () => setOpen((now) => !now),
    onKeyDown: (event: KeyboardEvent) => {
      if (!open || event.key !== 'Escape' || event.defaultPrevented || settingsOpen) return;
      setOpen(false);
      toggleRef.current?.focus();
    },
  };
}
