import { beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { columnsKey } from './useListController';
import {
  dropdown,
  menuItem,
  ok,
  renderScreen,
  signedIn,
  stubServer,
  withoutFieldGroups,
  type Call,
  emptyList,
} from '../test/app';

const bundles = [
  {
    id: 1,
    version: 3,
    code: 'B001',
    name: 'Breakfast set',
    price: '12.50',
    validFrom: '2024-05-01',
    validTo: null,
    isActive: true,
  },
  {
    id: 2,
    version: 1,
    code: 'B002',
    name: 'Lunch set',
    price: '1234.00',
    validFrom: null,
    validTo: null,
    isActive: false,
  },
];

const fetches = (calls: Call[]) =>
  calls.filter((c) => c.url.endsWith('/fetch/bundle')).map((c) => c.body as Record<string, unknown>);
const lastFetch = (calls: Call[]) => fetches(calls).at(-1)!;
const location = () => screen.getByTestId('location').textContent;

beforeEach(() => localStorage.clear());

describe('generic list screen', () => {
  it('renders the columns and rows of a fetch answer, formatted', async () => {
    const server = stubServer((call) => (call.url.endsWith('/fetch/bundle') ? ok(bundles, 2) : undefined), {
      otherwise: emptyList,
    });
    await renderScreen(menuItem('/bundle'), '/bundle');
    const table = await screen.findByRole('table', { name: 'bundle' });
    expect(within(table).getByRole('checkbox', { name: 'Select all rows' })).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent?.trim()),
    ).toEqual(['', 'Code', 'Name', 'Price', 'Valid from', 'Valid to', 'Active', 'Actions']);
    const row = (await within(table).findByText('Breakfast set')).closest('tr')!;
    expect(within(row).getByText('12.50')).toHaveClass('text-end');
    expect(within(row).getByText('Yes')).toBeInTheDocument();
    expect(within(row).getByText('05/01/2024')).toBeInTheDocument();
    expect(within(table).getByText('1,234.00')).toBeInTheDocument();
    expect(within(within(table).getByText('Lunch set').closest('tr')!).getByText('No')).toBeInTheDocument();
    expect(screen.getByText('Showing 1–2 of 2')).toBeInTheDocument();
    expect(lastFetch(server.calls)).toEqual({
      Skip: 0,
      Take: 10,
      filters: [],
      sorts: [{ ColumnName: 'code', Direction: 'ASC' }],
    });
    expect(screen.getByRole('columnheader', { name: 'Code' })).toHaveAttribute('aria-sort', 'ascending');
  });

  it('shows money in the company currency, dates as its country writes them; a long name read whole; density switches', async () => {
    const long = { ...bundles[0], name: 'A very long bundle name that will not fit in its column at all' };
    stubServer(
      (call) => {
        if (call.url.endsWith('/fetch/bundle')) return ok([long], 1);
        if (call.url.endsWith('/company/Format'))
          return ok({ name: 'Kedai Runcit', currency: 'MYR', timezone: 'Asia/Kuala_Lumpur' });
        return undefined;
      },
      { otherwise: emptyList },
    );
    await renderScreen(menuItem('/bundle'), '/bundle');
    const table = await screen.findByRole('table', { name: 'bundle' });
    expect(await within(table).findByText(/^RM\s12\.50$/)).toHaveClass('text-end');
    expect(within(table).getByText('01/05/2024')).toBeInTheDocument();
    // A name identifies its row: never clamped; a long one wraps at its spaces in a column wide enough to read.
    expect(within(table).getByText(long.name)).toHaveClass('cell-id');
    expect(within(table).getByText(long.name).closest('td')).toHaveClass('cell-id-long');
    expect(within(table).getByText('B001').closest('td')).toHaveClass('text-nowrap');
    expect(table).toHaveClass('table-sm');
    const density = screen.getByRole('button', { name: 'Comfortable rows' });
    await userEvent.click(density);
    expect(density).toHaveAttribute('aria-pressed', 'true');
    expect(table).not.toHaveClass('table-sm');
    expect(localStorage.getItem('backroom:density')).toBe('comfortable');
  });

  it('shows the empty state, and the error state with a retry', async () => {
    let failing = true;
    stubServer(
      (call) =>
        call.url.endsWith('/fetch/bundle')
          ? failing
            ? { status: 500, data: { resultCode: 500, message: 'Database down', data: null } }
            : ok([], 0)
          : undefined,
      { otherwise: emptyList },
    );
    await renderScreen(menuItem('/bundle'), '/bundle');
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the records: Database down');
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    // The empty list says what to do: add the first.
    expect(await screen.findByText(/^No .+ yet\. Choose Add to make the first one\.$/)).toBeInTheDocument();
  });

  it('sorts by clicking a sortable header, and keeps the sort in the address', async () => {
    const server = stubServer((call) => (call.url.endsWith('/fetch/bundle') ? ok(bundles, 2) : undefined), {
      otherwise: emptyList,
    });
    await renderScreen(menuItem('/bundle'), '/bundle');
    await screen.findByText('Breakfast set');
    await userEvent.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(lastFetch(server.calls).sorts).toEqual([{ ColumnName: 'name', Direction: 'ASC' }]));
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(lastFetch(server.calls).sorts).toEqual([{ ColumnName: 'name', Direction: 'DESC' }]));
    expect(location()).toBe('/bundle?sort=-name');
  });

  it('filters text with LIKE, booleans with EQ and money with a GTE/LTE range; searches', async () => {
    const server = stubServer((call) => (call.url.endsWith('/fetch/bundle') ? ok(bundles, 2) : undefined), {
      otherwise: emptyList,
    });
    await renderScreen(menuItem('/bundle'), '/bundle');
    await screen.findByText('Breakfast set');
    await userEvent.type(screen.getByRole('textbox', { name: 'Filter Name' }), 'set');
    await waitFor(() =>
      expect(lastFetch(server.calls).filters).toEqual([{ ColumnName: 'name', ColumnValue: 'set', Operator: 'LIKE' }]),
    );
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Filter Active' }), 'Yes');
    await userEvent.type(screen.getByRole('textbox', { name: 'Filter Price from' }), '10{Enter}');
    await userEvent.type(screen.getByRole('textbox', { name: 'Filter Price to' }), '20{Enter}');
    await waitFor(() =>
      expect(lastFetch(server.calls).filters).toEqual([
        { ColumnName: 'name', ColumnValue: 'set', Operator: 'LIKE' },
        { ColumnName: 'price', ColumnValue: '10', Operator: 'GTE' },
        { ColumnName: 'price', ColumnValue: '20', Operator: 'LTE' },
        { ColumnName: 'isActive', ColumnValue: true, Operator: 'EQ' },
      ]),
    );
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'lunch{Enter}');
    await waitFor(() => expect(lastFetch(server.calls).search).toBe('lunch'));
    expect(location()).toBe('/bundle?q=lunch&f.name=set&f.isActive=true&f.price.min=10&f.price.max=20');
  });

  it('filters by a typed date once it is whole, not on every key, and says beside the box what cannot be a date', async () => {
    const server = stubServer(
      (call) => {
        if (call.url.endsWith('/fetch/bundle')) return ok(bundles, 2);
        if (call.url.endsWith('/company/Format'))
          return ok({ name: null, currency: 'MYR', timezone: 'Asia/Kuala_Lumpur' });
        return undefined;
      },
      { otherwise: emptyList },
    );
    await renderScreen(menuItem('/bundle'), '/bundle');
    await screen.findByText('Breakfast set');
    const from = screen.getByRole('textbox', { name: 'Filter Valid from from' });
    await waitFor(() => expect(from).toHaveAttribute('placeholder', 'dd/mm/yyyy'));
    const before = fetches(server.calls).length;
    // Every key a partial date ("2", "28/0", "28/09/20" on the way to 2026): one request, for the whole date.
    await userEvent.type(from, '28/09/2026');
    await waitFor(() =>
      expect(lastFetch(server.calls).filters).toEqual([
        { ColumnName: 'validFrom', ColumnValue: '2026-09-28', Operator: 'GTE' },
      ]),
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(fetches(server.calls)).toHaveLength(before + 1);

    // What cannot be a date is said beside its box once typing pauses; the list keeps its filter.
    const to = screen.getByRole('textbox', { name: 'Filter Valid to to' });
    await userEvent.type(to, '31/02/2026');
    expect(await screen.findByText('Enter a date like 28/09/2026')).toBeInTheDocument();
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(to).toHaveAccessibleDescription('Enter a date like 28/09/2026');
    expect(fetches(server.calls)).toHaveLength(before + 1);

    // Mended and applied at once with Enter; cleared, the filter goes.
    await userEvent.clear(to);
    await userEvent.type(to, '30/9/2026{Enter}');
    expect(screen.queryByText('Enter a date like 28/09/2026')).toBeNull();
    await waitFor(() =>
      expect(lastFetch(server.calls).filters).toEqual([
        { ColumnName: 'validFrom', ColumnValue: '2026-09-28', Operator: 'GTE' },
        { ColumnName: 'validTo', ColumnValue: '2026-09-30', Operator: 'LTE' },
      ]),
    );
    expect(fetches(server.calls)).toHaveLength(before + 2);
    await userEvent.clear(from);
    await waitFor(() =>
      expect(lastFetch(server.calls).filters).toEqual([
        { ColumnName: 'validTo', ColumnValue: '2026-09-30', Operator: 'LTE' },
      ]),
    );
    expect(fetches(server.calls)).toHaveLength(before + 3);
  });

  it('keeps both ends of a range set before the list reads its address again', async () => {
    const server = stubServer((call) => (call.url.endsWith('/fetch/bundle') ? ok(bundles, 2) : undefined), {
      otherwise: emptyList,
    });
    await renderScreen(menuItem('/bundle'), '/bundle');
    await screen.findByText('Breakfast set');
    const from = screen.getByRole('textbox', { name: 'Filter Price from' });
    const to = screen.getByRole('textbox', { name: 'Filter Price to' });
    fireEvent.change(from, { target: { value: '10' } });
    fireEvent.change(to, { target: { value: '20' } });
    // Both committed in one turn, as a delayed commit and a keystroke can land together.
    act(() => {
      fireEvent.keyDown(from, { key: 'Enter' });
      fireEvent.keyDown(to, { key: 'Enter' });
    });
    await waitFor(() =>
      expect(lastFetch(server.calls).filters).toEqual([
        { ColumnName: 'price', ColumnValue: '10', Operator: 'GTE' },
        { ColumnName: 'price', ColumnValue: '20', Operator: 'LTE' },
      ]),
    );
    expect(location()).toBe('/bundle?f.price.min=10&f.price.max=20');
  });

  it('pages with the page size from the setting and a page size choice', async () => {
    const server = stubServer((call) => (call.url.endsWith('/fetch/bundle') ? ok(bundles, 60) : undefined), {
      otherwise: emptyList,
    });
    await renderScreen(menuItem('/bundle'), '/bundle', { takePerRow: 25 });
    await screen.findByText('Breakfast set');
    await waitFor(() => expect(lastFetch(server.calls)).toMatchObject({ Skip: 0, Take: 25 }));
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(lastFetch(server.calls)).toMatchObject({ Skip: 25, Take: 25 }));
    expect(location()).toBe('/bundle?page=2');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Page size' }), '50');
    await waitFor(() => expect(lastFetch(server.calls)).toMatchObject({ Skip: 0, Take: 50 }));
    expect(location()).toBe('/bundle?size=50');
  });

  it('filters a reference by searching its rows on the server (EQ on the id), the chosen one labelled from the address', async () => {
    const server = stubServer(
      (call) => {
        if (call.url.endsWith('/fetch/product'))
          return ok(
            [
              {
                id: 1,
                version: 1,
                code: 'P1',
                name: 'Apple',
                category: 3,
                categoryLabel: 'Fruit',
                sellingPrice: '1.20',
                isActive: true,
              },
            ],
            1,
          );
        if (call.url.endsWith('/GetDropDown/category')) {
          const { ids, search, Take } = call.params as { ids?: string; search?: string; Take: number };
          if (ids === '250') return dropdown([{ text: 'Category 250', value: 250 }]);
          const all = Array.from({ length: 300 }, (_, i) => ({ text: `Category ${i + 1}`, value: i + 1 }));
          return dropdown(all.filter((o) => o.text.toLowerCase().includes(search ?? '')).slice(0, Take));
        }
        return undefined;
      },
      { otherwise: emptyList },
    );
    await renderScreen(menuItem('/product'), '/product');
    const row = (await screen.findByText('Apple')).closest('tr')!;
    expect(within(row).getByText('Fruit')).toBeInTheDocument();
    const filter = screen.getByRole('combobox', { name: 'Filter Category' });
    await userEvent.type(filter, 'gory 29');
    const option = await screen.findByRole('option', { name: 'Category 299' });
    expect(server.calls.some((c) => c.params.search === 'gory 29')).toBe(true);
    await userEvent.click(option);
    await waitFor(() =>
      expect(server.bodies('/fetch/product').at(-1)!.filters).toEqual([
        { ColumnName: 'category', ColumnValue: 299, Operator: 'EQ' },
      ]),
    );
    expect(location()).toBe('/product?f.category=299');
    expect(filter).toHaveValue('Category 299');
    await userEvent.click(screen.getByRole('button', { name: 'Clear Filter Category' }));
    await waitFor(() => expect(location()).toBe('/product'));

    // A filter read back from the address shows its row's label, though it is not on the first page.
    cleanup();
    await renderScreen(menuItem('/product'), '/product?f.category=250');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Filter Category' })).toHaveValue('Category 250'));
  });

  it('pages on past a capped count', async () => {
    const full = Array.from({ length: 10 }, (_, i) => ({ ...bundles[0], id: i + 1, code: `B${i}`, name: `Set ${i}` }));
    stubServer(
      (call) =>
        call.url.endsWith('/fetch/bundle')
          ? { data: { resultCode: 200, message: 'OK', data: full, totalCount: 10000, totalCountCapped: true } }
          : undefined,
      { otherwise: emptyList },
    );
    await renderScreen(menuItem('/bundle'), '/bundle?page=1000');
    expect(await screen.findByText('Showing 9991–10000 of more than 10000')).toBeInTheDocument();
    expect(screen.getByText('Page 1000')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeEnabled();
  });

  it('reads page, size, sort, filters and search back from the address', async () => {
    const server = stubServer((call) => (call.url.endsWith('/fetch/bundle') ? ok(bundles, 200) : undefined), {
      otherwise: emptyList,
    });
    await renderScreen(
      menuItem('/bundle'),
      '/bundle?page=3&size=25&sort=-price&q=set&f.code=B0&f.validFrom.min=2024-01-01',
    );
    await screen.findByText('Breakfast set');
    expect(lastFetch(server.calls)).toEqual({
      Skip: 50,
      Take: 25,
      filters: [
        { ColumnName: 'code', ColumnValue: 'B0', Operator: 'LIKE' },
        { ColumnName: 'validFrom', ColumnValue: '2024-01-01', Operator: 'GTE' },
      ],
      sorts: [{ ColumnName: 'price', Direction: 'DESC' }],
      search: 'set',
    });
    expect(screen.getByRole('textbox', { name: 'Filter Code' })).toHaveValue('B0');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('set');
    expect(screen.getByLabelText('Filter Valid from from')).toHaveValue('01/01/2024');
    expect(screen.getByRole('columnheader', { name: 'Price' })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByText('Page 3 of 8')).toBeInTheDocument();
  });

  it('deletes selected rows after a confirmation, through Execute', async () => {
    const server = stubServer(
      (call) => {
        if (call.url.endsWith('/fetch/bundle')) return ok(bundles, 2);
        if (call.url.endsWith('/Execute/bundle')) return ok({ deleted: 2 });
        return undefined;
      },
      { otherwise: emptyList },
    );
    await renderScreen(menuItem('/bundle'), '/bundle');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select Breakfast set' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Lunch set' }));
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    expect(bar).toHaveTextContent('2 selected');
    await userEvent.click(within(bar).getByRole('button', { name: 'Delete selected' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete 2 records?' });
    expect(server.bodies('/Execute/bundle')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(server.bodies('/Execute/bundle')).toEqual([{ action: 'delete', ids: [1, 2] }]));
    expect(await screen.findByText('Deleted 2 records')).toBeInTheDocument();
    await waitFor(() => expect(fetches(server.calls).length).toBeGreaterThan(1));
  });

  it('cancelling the confirmation deletes nothing', async () => {
    const server = stubServer((call) => (call.url.endsWith('/fetch/bundle') ? ok(bundles, 2) : undefined), {
      otherwise: emptyList,
    });
    await renderScreen(menuItem('/bundle'), '/bundle');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Breakfast set' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete bundle Breakfast set?' })).getByRole('button', {
        name: 'Cancel',
      }),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.bodies('/Execute/bundle')).toHaveLength(0);
  });

  it('hides add, edit and delete the menu does not grant; opens a row to edit', async () => {
    stubServer((call) => (call.url.endsWith('/fetch/bundle') ? ok(bundles, 2) : undefined), { otherwise: emptyList });
    const { unmount } = await renderScreen(
      menuItem('/bundle', { ableToEdit: false, ableToDelete: false, ableToSetTable: false }),
      '/bundle',
    );
    await screen.findByText('Breakfast set');
    expect(screen.queryByRole('link', { name: 'Add' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Select Breakfast set' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Columns' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Breakfast set' })).toHaveAttribute('href', '/bundle/edit/1');
    unmount();

    await renderScreen(menuItem('/bundle'), '/bundle');
    await userEvent.click(await screen.findByRole('link', { name: 'Add' }));
    expect(location()).toBe('/bundle/add');
  });

  it('saves the chosen columns per user and route', async () => {
    stubServer((call) => (call.url.endsWith('/fetch/bundle') ? ok(bundles, 2) : undefined), { otherwise: emptyList });
    await renderScreen(menuItem('/bundle'), '/bundle');
    await screen.findByText('Breakfast set');
    await userEvent.click(screen.getByRole('button', { name: 'Columns' }));
    const chooser = screen.getByRole('group', { name: 'Show columns' });
    await userEvent.click(within(chooser).getByRole('checkbox', { name: 'Price' }));
    await userEvent.click(within(chooser).getByRole('checkbox', { name: 'Created by' }));
    expect(screen.queryByRole('columnheader', { name: 'Price' })).not.toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Created by' })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(columnsKey('admin', 'bundle'))!)).toEqual([
      'code',
      'name',
      'validFrom',
      'validTo',
      'isActive',
      'createdBy',
    ]);
  });

  it.each([
    ['the Store Manager', signedIn, true],
    ['a role that may not view costs', withoutFieldGroups, false],
  ])('offers %s the cost price as a column as its role allows', async (_who, state, costs) => {
    stubServer(() => undefined, { otherwise: emptyList });
    await renderScreen(menuItem('/product'), '/product', { preloaded: state() });
    await userEvent.click(await screen.findByRole('button', { name: 'Columns' }));
    const chooser = screen.getByRole('group', { name: 'Show columns' });
    expect(within(chooser).getByRole('checkbox', { name: 'Selling price' })).toBeInTheDocument();
    expect(within(chooser).queryAllByRole('checkbox', { name: 'Cost price' })).toHaveLength(costs ? 1 : 0);
  });

  it('offers a product’s on hand (a computed figure) as a column, neither sorted nor filtered by', async () => {
    const product = {
      id: 5,
      version: 1,
      code: 'KOPI',
      name: 'Kopi beans',
      sellingPrice: '9.90',
      isActive: true,
      onHand: '6.500',
    };
    stubServer((call) => (call.url.endsWith('/fetch/product') ? ok([product], 1) : undefined), {
      otherwise: emptyList,
    });
    await renderScreen(menuItem('/product'), '/product');
    await screen.findByText('Kopi beans');
    expect(screen.queryByRole('columnheader', { name: /On hand/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Columns' }));
    await userEvent.click(
      within(screen.getByRole('group', { name: 'Show columns' })).getByRole('checkbox', { name: 'On hand' }),
    );
    const header = screen.getByRole('columnheader', { name: 'On hand' });
    expect(header).not.toHaveAttribute('aria-sort');
    expect(within(header).queryByRole('button')).toBeNull();
    expect(within(screen.getByText('Kopi beans').closest('tr')!).getByText('6.500')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /On hand/ })).toBeNull();
  });

  it('list-only screens have no add or edit: no links to them and no routes', async () => {
    stubServer(
      (call) =>
        call.url.endsWith('/fetch/warehouseproductmapping')
          ? ok(
              [
                {
                  id: 5,
                  version: 1,
                  product: 9,
                  productLabel: 'Apple',
                  inventoryLocation: 2,
                  inventoryLocationLabel: 'Main',
                  bin: 'A1',
                  minQty: '1.000',
                },
              ],
              1,
            )
          : undefined,
      { otherwise: emptyList },
    );
    await renderScreen(menuItem('/warehouseproductmapping'), '/warehouseproductmapping');
    expect(await screen.findByText('Apple')).toBeInTheDocument();
    expect(screen.getByText('Main')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Edit/ })).not.toBeInTheDocument();
    cleanup();
    await renderScreen(menuItem('/warehouseproductmapping'), '/warehouseproductmapping/add');
    expect(screen.getByText('Elsewhere')).toBeInTheDocument();
  });

  it('serves every list-value category from one screen, fixed to its category', async () => {
    const server = stubServer(
      (call) => {
        if (call.url.endsWith('/fetch/listvaluecategory')) return ok([{ id: 4, code: 'BRAND', name: 'Brand' }], 1);
        if (call.url.endsWith('/fetch/listvalue'))
          return ok(
            [
              {
                id: 11,
                version: 1,
                category: 4,
                categoryLabel: 'Brand',
                code: 'ACME',
                name: 'Acme',
                sortOrder: 1,
                isActive: true,
              },
            ],
            1,
          );
        return undefined;
      },
      { otherwise: emptyList },
    );
    await renderScreen(menuItem('/listvalue/brand', { name: 'Brands' }), '/listvalue/brand');
    expect(await screen.findByText('Acme')).toBeInTheDocument();
    expect(server.bodies('/fetch/listvaluecategory')[0]).toMatchObject({
      filters: [{ ColumnName: 'code', ColumnValue: 'BRAND', Operator: 'EQ' }],
    });
    expect(server.bodies('/fetch/listvalue').at(-1)!.filters).toEqual([
      { ColumnName: 'category', ColumnValue: 4, Operator: 'EQ' },
    ]);
    expect(screen.queryByRole('columnheader', { name: 'Category' })).not.toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Brands' })).toBeInTheDocument();
  });
});
