import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dropdown, emptyList, menuItem, ok, pickOption, renderScreen, stubServer, type Call } from '../test/app';
import { setListMenu } from '../store/menuSlice';

const product = {
  id: 10,
  version: 2,
  code: 'KOPI',
  name: 'Kopi beans',
  category: 1,
  categoryLabel: 'Coffee',
  uom: 1,
  type: 'standard',
  sellingPrice: '21.90',
  trackStock: true,
  isActive: true,
  alternateBarcodes: [],
  supplierMapping: [],
  recipeComponents: [],
  variantAttributeValues: [],
};
const isFetch = (call: Call, name: string) => call.url.endsWith(`/fetch/${name}`);

function serve() {
  return stubServer(
    (call) => {
      if (isFetch(call, 'product')) return ok([product], 1);
      if (isFetch(call, 'stockbalance'))
        return ok(
          [
            {
              id: 1,
              product: 10,
              location: 1,
              locationLabel: 'Central warehouse',
              quantity: '120.500',
              lastMovementAt: '2025-03-01T10:00:00.000Z',
            },
          ],
          1,
        );
      if (isFetch(call, 'stockmovement'))
        return ok(
          [
            {
              id: 7,
              product: 10,
              location: 1,
              locationLabel: 'Central warehouse',
              kind: 'dispatch',
              quantity: '-12.000',
              balanceAfter: '120.500',
              reference: 'DO-2025-000001',
              at: '2025-03-01T10:00:00.000Z',
            },
          ],
          1,
        );
      if (isFetch(call, 'itemquantitytrigger'))
        return ok(
          [
            {
              id: 3,
              version: 1,
              product: 10,
              location: 2,
              locationLabel: 'Bangsar store room',
              minQty: '20.000',
              reorderQty: null,
              lowSince: '2025-03-01T00:00:00Z',
            },
          ],
          1,
        );
      if (call.url.endsWith('/Insert/itemquantitytrigger')) return ok({ id: 4 });
      if (call.url.includes('/GetDropDown/inventorylocation'))
        return dropdown([
          { text: 'Central warehouse', value: 1 },
          { text: 'Mid Valley store room', value: 3 },
        ]);
      if (call.url.endsWith('/print/request.aspx')) return { data: new Blob(['%PDF-1.3']) };
      return undefined;
    },
    { otherwise: emptyList },
  );
}

const stockMenu = (items: string[]) =>
  setListMenu([
    {
      id: 4,
      name: 'Outlets and inventory',
      icon: 'shop',
      ableToView: true,
      items: items.map((path, i) => ({ ...menuItem(`/${path}`), id: 40 + i })),
    },
  ]);

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:labels');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(window, 'open').mockReturnValue({} as Window);
});
afterEach(() => vi.restoreAllMocks());

describe('stock on the product screens', () => {
  it('shows on hand per location, the latest movements and the low-quantity triggers on the product’s Stock tab', async () => {
    const server = serve();
    const { store } = await renderScreen(menuItem('/product'), '/product/edit/10');
    store.dispatch(stockMenu(['virtualstock', 'stockmovement']));
    await userEvent.click(await screen.findByRole('tab', { name: 'Stock' }, { timeout: 5000 }));
    const balances = await screen.findByRole('table', { name: 'On hand by location' }, { timeout: 5000 });
    expect(within(balances).getByRole('row', { name: /Central warehouse/ })).toHaveTextContent('120.500');
    const movements = await screen.findByRole('table', { name: 'Latest movements' });
    expect(within(movements).getAllByRole('row')[1]).toHaveTextContent(/Dispatch.*-12\.000.*120\.500.*DO-2025-000001/);
    const triggers = await screen.findByRole('table', { name: 'Low-quantity triggers' });
    expect(within(triggers).getByRole('row', { name: /Bangsar store room/ })).toHaveTextContent('Low');

    await userEvent.click(screen.getByRole('button', { name: 'Add trigger' }));
    await pickOption(
      await screen.findByRole('combobox', { name: 'Location of new trigger' }),
      'Mid Valley store room',
      'Mid',
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'Minimum of new trigger' }), '15');
    await userEvent.click(within(triggers).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(server.posted('/Insert/itemquantitytrigger')).toEqual([
        { product: 10, location: 3, minQty: '15', reorderQty: null },
      ]),
    );
  });

  it('says so where the user may not see stock', async () => {
    serve();
    await renderScreen(menuItem('/product'), '/product/edit/10');
    await userEvent.click(await screen.findByRole('tab', { name: 'Stock' }, { timeout: 5000 }));
    expect(await screen.findAllByText('You do not have access to this.')).toHaveLength(2);
  });

  it('prints labels of the chosen products from the list, even without delete rights', async () => {
    const server = stubServer(
      (call) => {
        const teh = { ...product, id: 11, code: 'TEH', name: 'Teh tarik' };
        if (isFetch(call, 'product'))
          return (call.body as { search?: string }).search === 'teh' ? ok([teh], 1) : ok([product, teh], 2);
        if (call.url.endsWith('/GetDropDown/product'))
          return dropdown([
            { text: 'KOPI - Kopi beans', value: 10 },
            { text: 'TEH - Teh tarik', value: 11 },
          ]);
        if (call.url.includes('/GetDropDown/outlet')) return dropdown([{ text: 'Bangsar', value: 1 }]);
        if (call.url.endsWith('/print/request.aspx')) return { data: new Blob(['%PDF-1.3']) };
        return undefined;
      },
      { otherwise: emptyList },
    );
    await renderScreen(menuItem('/product', { ableToDelete: false }), '/product');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select KOPI - Kopi beans' }, { timeout: 5000 }));
    // The selection is kept while the list is searched for the next product.
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'teh');
    await waitFor(() => expect(screen.queryByText('Kopi beans')).not.toBeInTheDocument(), { timeout: 5000 });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select TEH - Teh tarik' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete selected/ })).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Print labels' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Print labels for 2 products' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Print'), 'pricetags');
    await userEvent.selectOptions(within(dialog).getByLabelText('Prices of'), '1');
    const kopi = await within(dialog).findByLabelText('Labels of KOPI - Kopi beans');
    await userEvent.clear(kopi);
    await userEvent.type(kopi, '12');
    expect(within(dialog).getByRole('status')).toHaveTextContent('13 labels');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Print' }));
    await waitFor(() =>
      expect(server.posted('/print/request.aspx')).toEqual([
        { document: 'pricetags', products: [10, 11], quantities: [12, 1], outlet: 1, layout: '2x4' },
      ]),
    );
    expect(window.open).toHaveBeenCalledWith('blob:labels', '_blank');
  });
});
