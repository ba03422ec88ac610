import { useEffect } from 'react';
import { PRODUCT_SHORT_NAME } from '@backroom/schema';
import type { LayoutFlag, SettingsState } from '../store/settingsSlice';
import { useAppSelector } from '../store/index';

/** Body classes carrying the layout flags. */
export const BODY_CLASSES: Partial<Record<LayoutFlag, string>> = {
  isFixed: 'layout-fixed',
  isBoxed: 'layout-boxed',
  isCollapsed: 'aside-collapsed',
  isCollapsedText: 'aside-collapsed-text',
  isFloat: 'aside-float',
  asideHover: 'aside-hover',
  asideScrollbar: 'show-scrollbar',
  offsidebarOpen: 'offsidebar-open',
  asideToggled: 'aside-toggled',
  horizontal: 'layout-h',
  isFullLayout: 'layout-full',
};

export function applyBodyClasses(body: HTMLElement, settings: SettingsState) {
  for (const [flag, className] of Object.entries(BODY_CLASSES)) {
    body.classList.toggle(className, settings[flag as LayoutFlag]);
  }
}

export const THEME_LINK_ID = 'theme-stylesheet';

/** Points the theme <link> at the chosen stylesheet, creating it when the page has none. */
export function applyTheme(doc: Document, path: string) {
  let link = doc.getElementById(THEME_LINK_ID) as HTMLLinkElement | null;
  if (!link) {
    link = doc.createElement('link');
    link.id = THEME_LINK_ID;
    link.rel = 'stylesheet';
    doc.head.append(link);
  }
  if (link.getAttribute('href') !== path) link.setAttribute('href', path);
}

export const pageTitle = (pageName: string) => (pageName ? `${PRODUCT_SHORT_NAME} - ${pageName}` : PRODUCT_SHORT_NAME);

/** Keeps body classes, the theme stylesheet and the document title in step with the store. */
export function useLayoutEffects() {
  const settings = useAppSelector((state) => state.settings);
  const themePath = useAppSelector((state) => state.theme.path);
  useEffect(() => applyBodyClasses(document.body, settings), [settings]);
  useEffect(() => applyTheme(document, themePath), [themePath]);
  useEffect(() => {
    document.title = pageTitle(settings.pageName);
  }, [settings.pageName]);
}
