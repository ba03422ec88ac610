import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dropdown, fail, menuItem, ok, renderSignedIn, stubServer, type Reply } from '../test/app';
import OutletPricingScreen from './OutletPricingScreen';
import type { OutletPricingRow as PricingRow, PriceChange } from '@backroom/schema';

const outlets = [
  { id: 1, code: 'BGR', name: 'Bangsar' },
  { id: 2, code: 'MVM', name: 'Mid Valley' },
];
const product = (
  id: number,
  name: string,
  sellingPrice: string,
  prices: Record<number, string | null> = {},
  inForce: Record<number, string> = {},
): PricingRow => ({
  id,
  code: `P-${String(id).padStart(3, '0')}`,
  name,
  sellingPrice,
  prices: { 1: null, 2: null, ...prices },
  inForce: { 1: prices[1] ?? sellingPrice, 2: prices[2] ?? sellingPrice, ...inForce },
});
/** 23 products; the first two named, the rest numbered. */
const catalogue = [
  product(1, 'Americano', '8.50', { 2: '9.00' }),
  // A future price of 6.20 is in force at Bangsar (past its midnight) and not yet the stored price.
  product(2, 'Butter Croissant', '5.90', {}, { 1: '6.20' }),
  ...Array.from({ length: 21 }, (_, i) => product(i + 3, `Item ${i + 3}`, '1.00')),
];

/** Serves the grid from `catalogue` (search by name, paged) and applies saves to it. */
function serveGrid(save?: (changes: PriceChange[]) => Reply) {
  return stubServer((call) => {
    if (call.url.endsWith('/GetDropDown/category')) return dropdown([{ text: 'COFFEE - Coffee', value: 7 }]);
    if (call.url.endsWith('/outletpricing/Grid')) {
      const { Skip, Take, search } = call.body as { Skip: number; Take: number; search: string };
      const found = catalogue.filter((p) => p.name.toLowerCase().includes(search.toLowerCase()));
      return ok({ outlets, rows: found.slice(Skip, Skip + Take) }, found.length);
    }
    if (call.url.endsWith('/outletpricing/Save')) {
      const { changes } = call.body as { changes: PriceChange[] };
      if (save) return save(changes);
      for (const c of changes)
        catalogue.find((p) => p.id === c.product)!.prices[c.outlet] = c.price === null ? null : String(c.price);
      return ok({ inserted: changes.length, updated: 0, deleted: 0 });
    }
    return undefined;
  });
}

async function renderScreen(ableToEdit = true) {
  const item = menuItem('/outletpricing', {
    name: 'Outlet pricing',
    ableToEdit,
    ableToDelete: false,
    ableToSetTable: false,
  });
  await renderSignedIn(<OutletPricingScreen item={item} />);
  return screen.findByRole('table', { name: 'Outlet pricing' });
}

const cell = (product: string, outlet: string) =>
  screen.getByRole('textbox', { name: `Price of ${product} at ${outlet}` });

beforeEach(() => {
  catalogue[0]!.prices = { 1: null, 2: '9.00' };
  catalogue[1]!.prices = { 1: null, 2: null };
});

describe('outlet pricing screen', () => {
  it('shows a page of products with the base price and an input per outlet', async () => {
    serveGrid();
    const table = await renderScreen();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Code', 'Product', 'Base price', 'Bangsar', 'Mid Valley']);
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(cell('Americano', 'Mid Valley')).toHaveValue('9.00');
    expect(cell('Americano', 'Bangsar')).toHaveValue('');
    expect(cell('Americano', 'Bangsar')).toHaveAttribute('placeholder', '8.50');
    expect(screen.getByText('Page 1 of 3 (23 products)')).toBeInTheDocument();
    // Only where an outlet sells at another price today than the cell shows.
    expect(screen.getAllByText(/^Sells at .* today$/).map((n) => n.textContent)).toEqual(['Sells at 6.20 today']);
    expect(cell('Butter Croissant', 'Bangsar').closest('td')).toHaveTextContent('Sells at 6.20 today');
  });

  it('pages and searches on the server', async () => {
    const server = serveGrid();
    await renderScreen();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3 (23 products)')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Price of Item 11 at Bangsar' })).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Search products'), 'croiss');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Page 1 of 1 (1 product)')).toBeInTheDocument();
    expect(cell('Butter Croissant', 'Bangsar')).toBeInTheDocument();
    expect(server.posted('/outletpricing/Grid').at(-1)).toEqual({
      Skip: 0,
      Take: 10,
      search: 'croiss',
      category: null,
    });

    await userEvent.selectOptions(screen.getByLabelText('Category'), 'COFFEE - Coffee');
    await waitFor(() =>
      expect(server.posted('/outletpricing/Grid').at(-1)).toEqual({ Skip: 0, Take: 10, search: 'croiss', category: 7 }),
    );
  });

  it('highlights changed cells and saves only the changes, blank removing an override', async () => {
    const server = serveGrid();
    await renderScreen();
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    await userEvent.type(cell('Butter Croissant', 'Bangsar'), '6.2');
    await userEvent.clear(cell('Americano', 'Mid Valley'));
    await userEvent.type(cell('Americano', 'Bangsar'), '8.50');
    await userEvent.clear(cell('Americano', 'Bangsar'));
    expect(cell('Butter Croissant', 'Bangsar').closest('td')).toHaveClass('table-warning');
    expect(cell('Americano', 'Mid Valley').closest('td')).toHaveClass('table-warning');
    expect(cell('Americano', 'Bangsar').closest('td')).not.toHaveClass('table-warning');
    expect(screen.getByText(/2 unsaved prices/)).toBeInTheDocument();

    await userEvent.click(save);
    expect(await screen.findByText('Saved 2 prices.')).toBeInTheDocument();
    expect(server.posted('/outletpricing/Save')).toEqual([
      {
        changes: [
          { product: 2, outlet: 1, price: '6.20' },
          { product: 1, outlet: 2, price: null },
        ],
      },
    ]);
    await waitFor(() => expect(cell('Butter Croissant', 'Bangsar')).toHaveValue('6.20'));
    expect(cell('Butter Croissant', 'Bangsar').closest('td')).not.toHaveClass('table-warning');
    expect(cell('Americano', 'Mid Valley')).toHaveValue('');
  });

  it('refuses a malformed amount before sending, and Discard restores the saved prices', async () => {
    const server = serveGrid();
    await renderScreen();
    await userEvent.type(cell('Butter Croissant', 'Bangsar'), '6.255');
    expect(cell('Butter Croissant', 'Bangsar')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Enter an amount such as 12.50');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(cell('Butter Croissant', 'Bangsar')).toHaveValue('');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(server.posted('/outletpricing/Save')).toEqual([]);
  });

  it('shows the server’s refusal and keeps the edits', async () => {
    serveGrid(() =>
      fail(400, 'Validation failed', [{ field: 'changes.0.product', message: 'Product 2 does not exist' }]),
    );
    await renderScreen();
    await userEvent.type(cell('Butter Croissant', 'Bangsar'), '6.20');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Product 2 does not exist');
    expect(cell('Butter Croissant', 'Bangsar')).toHaveValue('6.20');
  });

  it('is read-only without edit', async () => {
    serveGrid();
    await renderScreen(false);
    expect(cell('Americano', 'Mid Valley')).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.getByText('You can view these prices but not change them.')).toBeInTheDocument();
  });
});
