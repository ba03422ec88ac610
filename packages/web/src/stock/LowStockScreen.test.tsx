import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { emptyList, menuItem, ok, renderSignedIn, stubServer } from '../test/app';
import { setListMenu } from '../store/menuSlice';
import LowStockScreen from './LowStockScreen';

const low = (id: number, product: string, warehouse: number | null) => ({
  id,
  product: id,
  productLabel: product,
  location: 2,
  locationLabel: 'Bangsar store room',
  onHand: '4.000',
  minQty: '20.000',
  onOrder: '0.000',
  lowSince: '2025-03-01T00:00:00.000Z',
  warehouse,
  warehouseLabel: warehouse ? 'Central warehouse' : null,
  warehouseOnHand: warehouse ? '120.000' : null,
  proposedQty: '24.000',
});

describe('low stock screen', () => {
  it('lists what is low and drafts delivery orders for the chosen rows from the mapped warehouse', async () => {
    const server = stubServer(
      (call) => {
        if (call.url.endsWith('/lowstock/List'))
          return ok([low(1, 'DRY-001 - Fresh milk', 1), low(2, 'XYZ - Unmapped', null)], 2);
        if (call.url.endsWith('/lowstock/Propose'))
          return ok([{ id: 31, docNo: 'DO-2025-000031', fromLocation: 1, toLocation: 2, lines: 1 }]);
        if (call.url.endsWith('/jobs/Run')) return ok({ status: 'done' });
        return undefined;
      },
      { otherwise: emptyList },
    );
    const { store } = await renderSignedIn(<LowStockScreen item={menuItem('/lowstock', { name: 'Low stock' })} />);
    store.dispatch(
      setListMenu([
        { id: 4, name: 'Inventory', icon: 'shop', ableToView: true, items: [menuItem('/printdeliveryorder')] },
      ]),
    );
    const table = await screen.findByRole('table', { name: 'Low stock' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(
      /Bangsar store room.*DRY-001 - Fresh milk.*4\.000.*20\.000.*0\.000.*Central warehouse \(120\.000\).*24\.000/,
    );
    expect(screen.getByRole('checkbox', { name: 'Choose XYZ - Unmapped at Bangsar store room' })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Propose/ })).toBeDisabled();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Choose DRY-001 - Fresh milk at Bangsar store room' }));
    await userEvent.click(screen.getByRole('button', { name: 'Propose 1 delivery' }));
    const link = await screen.findByRole('link', { name: 'DO-2025-000031' });
    expect(link).toHaveAttribute('href', '/printdeliveryorder/edit/31');
    expect(server.posted('/lowstock/Propose')).toEqual([{ ids: [1] }]);

    await userEvent.click(screen.getByRole('button', { name: 'Check now' }));
    await waitFor(() => expect(server.posted('/jobs/Run')).toEqual([{ kind: 'markLowStock' }]));
  });
});
