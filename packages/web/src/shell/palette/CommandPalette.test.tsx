import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { menuItem, ok, renderSignedIn, stubServer } from '../../test/app';
import { TopBar } from '../TopBar';

vi.mock('../../api/endpoints', () => ({
  fetchSettings: async (keys: string[]) => Object.fromEntries(keys.map((key) => [key, ''])),
  menuApi: { getTopMenu: async () => [] },
  authApi: { logout: async () => undefined },
}));

const listMenu = [
  {
    id: 1,
    name: 'Catalogue',
    icon: 'box-seam',
    ableToView: true,
    items: [menuItem('/product', { name: 'Products' }), menuItem('/category', { id: 2, name: 'Categories' })],
  },
  // Members are found by the server, but this user has no screen for them: they are left out.
  {
    id: 2,
    name: 'Membership',
    icon: 'people',
    ableToView: true,
    items: [menuItem('/membership', { id: 3, name: 'Members', ableToView: false })],
  },
];

const render = () => renderSignedIn(<TopBar />, { state: { menu: { listMenu } } });

function serve() {
  return stubServer(({ url, params }) => {
    if (!url.endsWith('/api/Search')) return undefined;
    return String(params.q).toLowerCase().includes('tote')
      ? ok([
          { entity: 'product', id: 7, title: 'ACC-001 - Canvas Tote Bag' },
          { entity: 'product', id: 9, title: 'ACC-002 - Jute Tote' },
          { entity: 'membership', id: 3, title: 'M-1 - Tote Lover' },
        ])
      : ok([]);
  });
}

describe('command palette', () => {
  it('opens with Ctrl+K, suggests screens at once and records as typing pauses, and opens one by arrows and Enter', async () => {
    const server = serve();
    const { router } = await render();
    await userEvent.keyboard('{Control>}k{/Control}');
    const dialog = await screen.findByRole('dialog', { name: 'Find anything' });
    const input = within(dialog).getByRole('combobox', { name: 'Find a screen or a record' });
    expect(input).toHaveFocus();

    await userEvent.type(input, 'cat');
    expect(within(dialog).getByRole('option', { name: /Categories/ })).toHaveAttribute('aria-selected', 'true');

    await userEvent.clear(input);
    await userEvent.type(input, 'tote');
    const options = await within(dialog).findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'ACC-001 - Canvas Tote Bagproduct',
      'ACC-002 - Jute Toteproduct',
    ]);
    expect(within(dialog).getByRole('status')).toHaveTextContent('2 suggestions');
    // One call, for the text once typing paused: not one per key, none for "cat" (changed before the pause).
    expect(server.calls.filter((c) => c.url.endsWith('/api/Search')).map((c) => c.params.q)).toEqual(['tote']);

    expect(input).toHaveAttribute('aria-activedescendant', options[0]!.id);
    await userEvent.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', options[1]!.id);
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{Tab}');
    expect(input).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/product/edit/9');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens from the top bar’s search button and gives the focus back to it on Escape', async () => {
    serve();
    await render();
    const button = screen.getByRole('button', { name: 'Search' });
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const input = await screen.findByRole('combobox', { name: 'Find a screen or a record' });
    await userEvent.type(input, 'zzz');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Nothing matches'));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });
});
