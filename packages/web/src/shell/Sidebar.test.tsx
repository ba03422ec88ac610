import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ClientMenuGroup } from '../store/menuSlice';
import { adminInfo, adminToken, renderWithApp } from '../test/app';
import { Sidebar } from './Sidebar';

const item = (id: number, name: string, path: string, ableToView = true) => ({
  id,
  name,
  path,
  ableToView,
  ableToEdit: true,
  ableToDelete: false,
  ableToSetTable: true,
  exportProcedure: null,
});

const listMenu: ClientMenuGroup[] = [
  {
    id: 1,
    name: 'Catalogue',
    icon: 'box-seam',
    ableToView: true,
    items: [
      { ...item(11, 'Products', '/product'), label: { value: 'New', color: '#27c24c' } },
      item(12, 'Bundles', '/bundle', false),
    ],
  },
  { id: 2, name: 'Administration', icon: 'shield-lock', ableToView: true, items: [item(21, 'Users', '/user')] },
  { id: 3, name: 'Hidden', icon: 'eye-slash', ableToView: false, items: [item(31, 'Secret', '/secret')] },
];

const render = () =>
  renderWithApp(<Sidebar />, { preloaded: { user: { userInfo: adminInfo, token: adminToken }, menu: { listMenu } } });

describe('sidebar', () => {
  it('shows headings, Home and the visible groups with their icons', async () => {
    await render();
    expect(screen.getByText('Main navigation')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/home');
    const catalogue = screen.getByRole('button', { name: 'Catalogue' });
    expect(catalogue.querySelector('.bi-box-seam')).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Hidden' })).toBeNull();
  });

  it('keeps one group open at a time', async () => {
    await render();
    const catalogue = screen.getByRole('button', { name: 'Catalogue' });
    const administration = screen.getByRole('button', { name: 'Administration' });
    expect(catalogue).toHaveAttribute('aria-expanded', 'false');

    await userEvent.click(catalogue);
    expect(catalogue).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: /Products/ })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Bundles' })).toBeNull();

    await userEvent.click(administration);
    expect(administration).toHaveAttribute('aria-expanded', 'true');
    expect(catalogue).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: /Products/ })).toBeNull();

    await userEvent.click(administration);
    expect(administration).toHaveAttribute('aria-expanded', 'false');
  });

  it('records the opened item as the page privilege and shows its label', async () => {
    const { store } = await render();
    await userEvent.click(screen.getByRole('button', { name: 'Catalogue' }));
    const products = screen.getByRole('link', { name: /Products/ });
    expect(within(products).getByText('New')).toHaveStyle({ backgroundColor: '#27c24c' });
    await userEvent.click(products);
    expect(store.getState().page.pagePrivilege).toMatchObject({
      id: 11,
      path: '/product',
      ableToEdit: true,
      ableToDelete: false,
    });
  });
});
