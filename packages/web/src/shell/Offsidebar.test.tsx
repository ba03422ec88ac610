import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { THEME_LINK_ID, useLayoutEffects } from './layoutEffects';
import { initialSettings } from '../store/settingsSlice';
import { renderWithApp } from '../test/app';
import { Offsidebar } from './Offsidebar';

function Panel() {
  useLayoutEffects();
  return <Offsidebar />;
}

const render = () =>
  renderWithApp(<Panel />, { preloaded: { settings: { ...initialSettings, offsidebarOpen: true } } });

describe('settings side panel', () => {
  it('has a Settings and a Connections tab', async () => {
    await render();
    const settings = screen.getByRole('tab', { name: 'Settings' });
    const connections = screen.getByRole('tab', { name: 'Connections' });
    expect(settings).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(connections);
    expect(connections).toHaveAttribute('aria-selected', 'true');
    const bars = screen.getAllByRole('progressbar');
    expect(bars.map((bar) => bar.getAttribute('aria-valuenow'))).toEqual(['80', '40']);
    await userEvent.keyboard('{ArrowLeft}');
    expect(settings).toHaveAttribute('aria-selected', 'true');
    expect(settings).toHaveFocus();
  });

  it('closes on Escape', async () => {
    const { store } = await render();
    await userEvent.click(screen.getByRole('tab', { name: 'Connections' }));
    await userEvent.keyboard('{Escape}');
    expect(store.getState().settings.offsidebarOpen).toBe(false);
  });

  it('closes from its close button, the focus back on the button that opens it', async () => {
    const { store } = await renderWithApp(
      <>
        <button type="button" aria-controls="offsidebar">
          Opener
        </button>
        <Panel />
      </>,
      { preloaded: { settings: { ...initialSettings, offsidebarOpen: true } } },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Close settings' }));
    expect(store.getState().settings.offsidebarOpen).toBe(false);
    expect(screen.getByRole('button', { name: 'Opener' })).toHaveFocus();
  });

  it('swaps the theme stylesheet from the eight theme buttons', async () => {
    const { store } = await render();
    const buttons = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((letter) =>
      screen.getByRole('button', { name: `Theme ${letter}` }),
    );
    expect(buttons[4]).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(buttons[0]!);
    expect(store.getState().theme.path).toBe('themes/theme-a.css');
    expect(document.getElementById(THEME_LINK_ID)).toHaveAttribute('href', 'themes/theme-a.css');
    expect(buttons[0]).toHaveAttribute('aria-pressed', 'true');
  });

  it('sets the layout flags and their body classes from the checkboxes', async () => {
    const { store } = await render();
    const cases = [
      ['Fixed', 'isFixed', 'layout-fixed'],
      ['Boxed', 'isBoxed', 'layout-boxed'],
      ['Collapsed', 'isCollapsed', 'aside-collapsed'],
      ['Collapsed Text', 'isCollapsedText', 'aside-collapsed-text'],
      ['Float', 'isFloat', 'aside-float'],
      ['Hover', 'asideHover', 'aside-hover'],
      ['Show Scrollbar', 'asideScrollbar', 'show-scrollbar'],
    ] as const;
    for (const [name, flag, className] of cases) {
      const toggle = screen.getByRole('checkbox', { name });
      const before = store.getState().settings[flag];
      expect(toggle).toHaveProperty('checked', before);
      await userEvent.click(toggle);
      expect(store.getState().settings[flag]).toBe(!before);
      expect(document.body.classList.contains(className)).toBe(!before);
    }
  });
});
