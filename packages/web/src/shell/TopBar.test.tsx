import { describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { initialSettings } from '../store/settingsSlice';
import { adminInfo, adminToken, renderWithApp } from '../test/app';
import { TopBar } from './TopBar';

vi.mock('../api/endpoints', () => ({
  fetchSettings: async (keys: string[]) => Object.fromEntries(keys.map((key) => [key, ''])),
  menuApi: { getTopMenu: async () => [] },
  authApi: { logout: async () => undefined },
}));

const render = (offsidebarOpen = false) =>
  renderWithApp(<TopBar />, {
    preloaded: { user: { userInfo: adminInfo, token: adminToken }, settings: { ...initialSettings, offsidebarOpen } },
  });

/** The folded tools (phone width, where CSS shows the toggle): the open state and the keyboard. */
describe('top bar menu toggle', () => {
  it('opens and closes the tools it controls, and Escape closes them with the focus back on the toggle', async () => {
    await render();
    const toggle = screen.getByRole('button', { name: 'Top bar menu' });
    const tools = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(tools).toContainElement(screen.getByRole('button', { name: 'User menu' }));
    expect(tools).toContainElement(screen.getByRole('button', { name: 'Settings' }));
    expect(tools).toContainElement(screen.getByRole('combobox', { name: 'Language' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('navigation', { name: 'Top bar' })).toHaveClass('tools-open');

    await userEvent.tab();
    await userEvent.tab();
    expect(tools).toContainElement(document.activeElement as HTMLElement);
    await userEvent.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('leaves Escape to a menu inside: the user menu closes, the tools stay open', async () => {
    await render();
    const toggle = screen.getByRole('button', { name: 'Top bar menu' });
    await userEvent.click(toggle);
    await userEvent.click(screen.getByRole('button', { name: 'User menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Logout' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'User menu' })).toHaveFocus();
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
  });

  it('leaves Escape to the open settings panel', async () => {
    await render(true);
    const toggle = screen.getByRole('button', { name: 'Top bar menu' });
    await userEvent.click(toggle);
    screen.getByRole('button', { name: 'Settings' }).focus();
    await userEvent.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
  });

  it('closes on navigation', async () => {
    const { router } = await render();
    const toggle = screen.getByRole('button', { name: 'Top bar menu' });
    await userEvent.click(toggle);
    await act(() => router.navigate('/product'));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});
