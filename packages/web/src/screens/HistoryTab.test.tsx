import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dropdown, emptyList, menuItem, ok, renderScreen, stubServer, type Call } from '../test/app';

const product = {
  id: 7,
  version: 3,
  code: 'TEA-7',
  name: 'Jasmine tea',
  category: 3,
  categoryLabel: 'Drinks',
  uom: 5,
  uomLabel: 'Piece',
  type: 'composite',
  sellingPrice: '1234.50',
  isActive: true,
};

const update = {
  id: 2,
  at: '2024-05-02T09:00:00.000Z',
  userName: 'ben',
  action: 'update',
  changes: {
    before: {
      brand: 32,
      category: 4,
      type: 'standard',
      sellingPrice: '4.50',
      outlets: null,
      alternateBarcodes: [{ id: 70, barcode: '9550000000070', uom: 6, quantityPerUnit: '12.000' }],
    },
    after: { brand: null, category: 3, type: 'composite', sellingPrice: '1234.50', alternateBarcodes: [] },
  },
};

const isLookup = (call: Call) => call.url.includes('/GetDropDown/') && call.params.ids !== undefined;

describe('the History tab', () => {
  it('shows referenced rows and list values by name, enum values by label and money as money, with one lookup per entity', async () => {
    const server = stubServer(
      (call) => {
        if (call.url.endsWith('/fetch/product')) return ok([product], 1);
        if (call.url.endsWith('/fetch/auditlog')) return ok([update]);
        // Category 4 is not among the rows the caller may see: it stays an id.
        if (isLookup(call) && call.url.endsWith('/GetDropDown/category'))
          return dropdown([{ text: 'Drinks', value: 3 }]);
        if (isLookup(call) && call.url.endsWith('/GetDropDown/listvalue'))
          return String(call.params.ids).includes(',')
            ? dropdown([
                { text: 'Box', value: 6 },
                { text: 'Acme', value: 32 },
              ])
            : emptyList;
        return undefined;
      },
      { otherwise: emptyList },
    );
    await renderScreen(menuItem('/product'), '/product/edit/7');
    await userEvent.click(await screen.findByRole('tab', { name: 'History' }));
    const history = await screen.findByRole('list', { name: 'History' });
    const entry = within(history).getByRole('listitem');
    expect(within(entry).getByRole('row', { name: 'Brand Acme —' })).toBeInTheDocument();
    expect(within(entry).getByRole('row', { name: 'Category #4 Drinks' })).toBeInTheDocument();
    expect(within(entry).getByRole('row', { name: 'Type Standard Composite / recipe' })).toBeInTheDocument();
    expect(within(entry).getByRole('row', { name: 'Selling price 4.50 1,234.50' })).toBeInTheDocument();
    expect(
      within(entry).getByRole('row', { name: 'Alternate barcodes 9550000000070 · Box · 12.000 —' }),
    ).toBeInTheDocument();

    const lookups = server.calls.filter(isLookup);
    expect(lookups.map((c) => [c.url.split('/').pop(), c.params.ids]).sort()).toEqual([
      ['category', '3,4'],
      ['listvalue', '6,32'],
    ]);
  });
});
