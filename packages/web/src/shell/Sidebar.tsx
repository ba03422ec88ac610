import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router-dom';
import { useMenu } from '../i18n/useMenu';
import { useAppDispatch, useAppSelector } from '../store';
import { visibleMenu, type ClientMenuGroup } from '../store/menuSlice';
import { setPagePrivilege } from '../store/pageSlice';
import { setSetting } from '../store/settingsSlice';
import { NARROW, useMediaQuery } from '../ui/useMediaQuery';

const containsPath = (group: ClientMenuGroup, pathname: string) =>
  group.items.some((item) => pathname === item.path || pathname.startsWith(`${item.path}/`));

/** The aside's id: what the top bar's menu buttons control. */
export const ASIDE_ID = 'aside';
/** The top bar's ≡ button on a phone: where focus returns when the menu is put away with Escape. */
export const MENU_BUTTON_ID = 'aside-menu-button';

export function Sidebar() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  const groups = visibleMenu(useMenu());
  const { showUserBlock, asideToggled } = useAppSelector((state) => state.settings);
  const userInfo = useAppSelector((state) => state.user.userInfo);
  // One group open at a time; at first the one holding the current page.
  const [openGroup, setOpenGroup] = useState<number | null>(
    () => groups.find((group) => containsPath(group, pathname))?.id ?? null,
  );
  const idPrefix = useId();

  const close = () => dispatch(setSetting({ name: 'asideToggled', value: false }));
  // On a phone the menu is off-canvas: while put away its links are out of reach (inert); while out,
  // focus is in it, and Escape from anywhere puts it away and gives focus back to ≡.
  const narrow = useMediaQuery(NARROW);
  const phoneMenuOpen = narrow && asideToggled;
  const asideRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!phoneMenuOpen) return;
    asideRef.current?.querySelector<HTMLElement>('a[href], button')?.focus();
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      dispatch(setSetting({ name: 'asideToggled', value: false }));
      document.getElementById(MENU_BUTTON_ID)?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [phoneMenuOpen, dispatch]);

  return (
    <>
      {/* On a phone the slid-in menu lies over the page: a tap beside it or Escape puts it away. */}
      {asideToggled && <div className="aside-backdrop" aria-hidden="true" onClick={close} />}
      <div id={ASIDE_ID} ref={asideRef} className="aside-container" inert={narrow && !asideToggled}>
        <div className="aside-inner">
          {showUserBlock && userInfo && (
            <div className="user-block">
              <i className="bi bi-person-circle user-block-picture" aria-hidden="true" />
              <div>
                <div className="user-block-name">{userInfo.displayName}</div>
                <div className="user-block-role">{userInfo.role}</div>
              </div>
            </div>
          )}
          <nav aria-label={t('sidebar.label')}>
            <ul className="sidebar-nav">
              <li className="nav-heading">
                <span>{t('sidebar.main')}</span>
              </li>
              <li>
                <NavLink to="/home" className="sidebar-link">
                  <i className="bi bi-house" aria-hidden="true" />
                  <span className="sidebar-text">{t('sidebar.home')}</span>
                </NavLink>
              </li>
              {groups.length > 0 && (
                <li className="nav-heading">
                  <span>{t('sidebar.setup')}</span>
                </li>
              )}
              {groups.map((group) => {
                const open = openGroup === group.id;
                const listId = `${idPrefix}-group-${group.id}`;
                return (
                  <li key={group.id} className={open ? 'active' : undefined}>
                    <button
                      type="button"
                      className="sidebar-link sidebar-group"
                      title={group.name}
                      aria-expanded={open}
                      aria-controls={listId}
                      onClick={() => setOpenGroup(open ? null : group.id)}
                    >
                      <i className={`bi bi-${group.icon}`} aria-hidden="true" />
                      <span className="sidebar-text">{group.name}</span>
                      <i className="bi bi-chevron-down sidebar-caret" aria-hidden="true" />
                    </button>
                    <ul id={listId} className="sidebar-subnav" hidden={!open}>
                      {group.items.map((item) => (
                        <li key={item.id}>
                          <NavLink
                            to={item.path}
                            className="sidebar-link"
                            onClick={() => dispatch(setPagePrivilege(item))}
                          >
                            <span className="sidebar-text">{item.name}</span>
                            {item.label && (
                              <span className="badge ms-auto" style={{ backgroundColor: item.label.color }}>
                                {item.label.value}
                              </span>
                            )}
                          </NavLink>
                        </li>
                      ))}
                    </ul>
                  </li>
                );
              })}
            </ul>
          </nav>
        </div>
      </div>
    </>
  );
}
