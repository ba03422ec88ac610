import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { PRODUCT_SHORT_NAME } from '@backroom/schema';
import { useAppDispatch, useAppSelector } from '../store';
import { visibleMenu } from '../store/menuSlice';
import { setPagePrivilege } from '../store/pageSlice';
import { toggleSetting } from '../store/settingsSlice';
import { LanguageSwitcher } from './LanguageSwitcher';
import { UserMenu } from './UserMenu';

export function TopBar() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { isCollapsed, asideToggled, offsidebarOpen } = useAppSelector((state) => state.settings);
  const userInfo = useAppSelector((state) => state.user.userInfo);
  const listMenu = useAppSelector((state) => state.menu.listMenu);
  const [searching, setSearching] = useState(false);
  const [notFound, setNotFound] = useState(false);
  const searchRef = useRef<HTMLInputElement>(null);
  const searchId = useId();
  const tools = useFolded(offsidebarOpen);

  const openSearch = () => {
    setSearching(true);
    setNotFound(false);
    requestAnimationFrame(() => searchRef.current?.focus());
  };

  // The search box finds a screen by its menu name and opens the first match.
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    const term = searchRef.current?.value.trim().toLowerCase() ?? '';
    if (!term) return;
    const match = visibleMenu(listMenu)
      .flatMap((group) => group.items)
      .find((item) => item.name.toLowerCase().includes(term));
    if (!match) {
      setNotFound(true);
      return;
    }
    dispatch(setPagePrivilege(match));
    setSearching(false);
    navigate(match.path);
  };

  return (
    <header className="topnavbar-wrapper">
      <nav className={`navbar topnavbar${tools.open ? ' tools-open' : ''}`} aria-label={t('topbar.label')} onKeyDown={tools.onKeyDown}>
        <Link className="navbar-brand" to="/home" aria-label={t('topbar.home')}>
          <i className="bi bi-shop me-2" aria-hidden="true" />
          <span className="brand-text">{PRODUCT_SHORT_NAME}</span>
        </Link>
        <div className="navbar-nav-group">
          <button type="button" className="btn btn-link nav-link" aria-label={t('topbar.collapse')} aria-pressed={isCollapsed} onClick={() => dispatch(toggleSetting('isCollapsed'))}>
            <i className="bi bi-list" aria-hidden="true" />
          </button>
          <button type="button" className="btn btn-link nav-link" aria-label={t('topbar.toggle')} aria-expanded={asideToggled} onClick={() => dispatch(toggleSetting('asideToggled'))}>
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
        <form role="search" className="navbar-search" hidden={!searching} onSubmit={onSearch} aria-label={t('topbar.search')}>
          <label htmlFor={searchId} className="visually-hidden">
            {t('topbar.searchLabel')}
          </label>
          <input
            id={searchId}
            ref={searchRef}
            type="search"
            className="form-control"
            placeholder={t('topbar.searchPlaceholder')}
            aria-invalid={notFound}
            aria-describedby={notFound ? `${searchId}-none` : undefined}
            onKeyDown={(event) => {
              if (event.key !== 'Escape') return;
              event.preventDefault();
              setSearching(false);
            }}
          />
          {notFound && (
            <span id={`${searchId}-none`} className="navbar-search-note" role="status">
              {t('topbar.searchNone')}
            </span>
          )}
        </form>
        <div id="topbar-tools" className="navbar-nav-group navbar-tools ms-auto">
          {userInfo && (
            <span className="navbar-user">
              <span className="badge text-bg-secondary me-1 user-role">{userInfo.role}</span>
              <span className="user-name">{userInfo.userName}</span>
            </span>
          )}
          <LanguageSwitcher />
          <button type="button" className="btn btn-link nav-link" aria-label={t('topbar.search')} aria-expanded={searching} onClick={() => (searching ? setSearching(false) : openSearch())}>
            <i className="bi bi-search" aria-hidden="true" />
          </button>
          <button type="button" className="btn btn-link nav-link" aria-label={t('topbar.settings')} aria-expanded={offsidebarOpen} aria-controls="offsidebar" onClick={() => dispatch(toggleSetting('offsidebarOpen'))}>
            <i className="bi bi-gear" aria-hidden="true" />
          </button>
          <UserMenu />
        </div>
      </nav>
    </header>
  );
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
