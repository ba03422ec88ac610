import { describe, expect, it } from 'vitest';
import { act } from '@testing-library/react';
import { initialSettings } from '../store/settingsSlice';
import { setSetting } from '../store/settingsSlice';
import { setPageName } from '../store/settingsSlice';
import { setTheme } from '../store/themeSlice';
import { renderWithApp } from '../test/app';
import { applyBodyClasses, THEME_LINK_ID, useLayoutEffects } from './layoutEffects';

function Effects() {
  useLayoutEffects();
  return null;
}

describe('layout flags and theme', () => {
  it('puts one body class per layout flag', () => {
    const body = document.createElement('body');
    applyBodyClasses(body, {
      ...initialSettings,
      isFixed: true,
      isBoxed: true,
      isCollapsed: true,
      isCollapsedText: true,
      isFloat: true,
      asideHover: true,
      asideScrollbar: true,
      offsidebarOpen: true,
      asideToggled: true,
      horizontal: true,
    });
    for (const name of [
      'layout-fixed',
      'layout-boxed',
      'aside-collapsed',
      'aside-collapsed-text',
      'aside-float',
      'aside-hover',
      'show-scrollbar',
      'offsidebar-open',
      'aside-toggled',
      'layout-h',
    ]) {
      expect(body).toHaveClass(name);
    }
    applyBodyClasses(body, { ...initialSettings, isFixed: false });
    expect(body.className).toBe('');
  });

  it('follows the store: body classes, theme stylesheet and title', async () => {
    const { store } = await renderWithApp(<Effects />);
    expect(document.body).toHaveClass('layout-fixed');
    expect(document.body).not.toHaveClass('aside-collapsed');
    expect(document.getElementById(THEME_LINK_ID)).toHaveAttribute('href', 'themes/theme-e.css');

    act(() => {
      store.dispatch(setSetting({ name: 'isCollapsed', value: true }));
      store.dispatch(setTheme('themes/theme-c.css'));
      store.dispatch(setPageName('Products'));
    });
    expect(document.body).toHaveClass('aside-collapsed');
    expect(document.getElementById(THEME_LINK_ID)).toHaveAttribute('href', 'themes/theme-c.css');
    expect(document.title).toBe('Backroom - Products');
  });
});
