import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAppSettings, useTopMenu } from '../api/queries';
import { webRoot } from '../config/webRoot';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { topMenuHref } from './topMenu';
import { useLogout } from './useLogout';

/** The user dropdown: a menu button (WAI-ARIA menu pattern) and the logout confirmation. */
export function UserMenu() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const menuId = useId();
  const links = useAppSettings().data;
  const topMenu = useTopMenu().data ?? [];
  const logout = useLogout();

  const items = () => [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
  const focusItem = (index: number) => {
    const all = items();
    all[(index + all.length) % all.length]?.focus();
  };
  // The item to focus once the menu is open: focused as the menu is drawn, so a key pressed right
  // after opening already lands in the menu.
  const focusOnOpen = useRef<number | null>(null);
  const openAt = (index: number) => {
    focusOnOpen.current = index;
    setOpen(true);
  };
  useLayoutEffect(() => {
    if (!open || focusOnOpen.current === null) return;
    focusItem(focusOnOpen.current);
    focusOnOpen.current = null;
  });
  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      openAt(0);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(-1);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const all = items();
    const index = all.indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, number> = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: -1 };
    if (event.key in moves) {
      event.preventDefault();
      focusItem(moves[event.key]!);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    }
  };

  const external = [
    links?.reportUrl ? { text: t('userMenu.reportPortal'), href: links.reportUrl } : null,
    links?.inventoryUrl ? { text: t('userMenu.inventoryPortal'), href: links.inventoryUrl } : null,
    ...topMenu.map((entry) => {
      const href = topMenuHref(entry, webRoot.url);
      return href ? { text: entry.menuText, href } : null;
    }),
  ].filter((link) => link !== null);

  return (
    <div className="user-menu position-relative">
      <button
        ref={buttonRef}
        type="button"
        className="btn btn-link nav-link"
        aria-label={t('userMenu.label')}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => (open ? close(false) : openAt(0))}
        onKeyDown={onButtonKeyDown}
      >
        <i className="bi bi-person-circle" aria-hidden="true" />
      </button>
      <ul
        ref={menuRef}
        id={menuId}
        role="menu"
        aria-label={t('userMenu.label')}
        className={`dropdown-menu dropdown-menu-end ${open ? 'show' : ''}`}
        hidden={!open}
        onKeyDown={onMenuKeyDown}
      >
        <li role="none">
          <Link role="menuitem" tabIndex={-1} className="dropdown-item" to="/profil" onClick={() => close(false)}>
            <i className="bi bi-person me-2" aria-hidden="true" />
            {t('userMenu.profile')}
          </Link>
        </li>
        <li role="none">
          <Link role="menuitem" tabIndex={-1} className="dropdown-item" to="/api-docs" onClick={() => close(false)}>
            <i className="bi bi-braces me-2" aria-hidden="true" />
            {t('userMenu.apiDocs')}
          </Link>
        </li>
        {external.map((link) => (
          <li role="none" key={`${link.text}-${link.href}`}>
            <a
              role="menuitem"
              tabIndex={-1}
              className="dropdown-item"
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
              onClick={() => close(false)}
            >
              <i className="bi bi-box-arrow-up-right me-2" aria-hidden="true" />
              {link.text}
            </a>
          </li>
        ))}
        <li role="none">
          <hr className="dropdown-divider" />
        </li>
        <li role="none">
          <button
            role="menuitem"
            tabIndex={-1}
            type="button"
            className="dropdown-item"
            onClick={() => {
              close(false);
              setConfirming(true);
            }}
          >
            <i className="bi bi-box-arrow-right me-2" aria-hidden="true" />
            {t('userMenu.logout')}
          </button>
        </li>
      </ul>
      {confirming && (
        <ConfirmDialog
          title={t('logout.confirm')}
          confirmLabel={t('userMenu.logout')}
          onCancel={() => {
            setConfirming(false);
            buttonRef.current?.focus();
          }}
          onConfirm={() => {
            setConfirming(false);
            void logout();
          }}
        />
      )}
    </div>
  );
}
