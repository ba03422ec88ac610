import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { findEntity } from '@backroom/schema';
import { settableFields } from './useListController';
import { menuItem, ok, renderScreen, stubServer, emptyList, type Reply } from '../test/app';

const bundles = [
  {
    id: 1,
    version: 3,
    code: 'B001',
    name: 'Breakfast set',
    price: '12.50',
    validFrom: null,
    validTo: null,
    isActive: true,
  },
  { id: 2, version: 1, code: 'B002', name: 'Lunch set', price: '8.00', validFrom: null, validTo: null, isActive: true },
  {
    id: 3,
    version: 7,
    code: 'B003',
    name: 'Dinner set',
    price: '20.00',
    validFrom: null,
    validTo: null,
    isActive: true,
  },
];
const item = (flags = {}) => menuItem('/bundle', { name: 'Bundles', ...flags });

beforeEach(() => localStorage.clear());

async function chooseTwo() {
  await userEvent.click(await screen.findByRole('checkbox', { name: 'Select Breakfast set' }));
  await userEvent.click(screen.getByRole('checkbox', { name: 'Select Lunch set' }));
  // The bulk bar's editor is a lazy chunk: on a loaded machine its button comes a moment later.
  await userEvent.click(
    await within(screen.getByRole('region', { name: 'Bulk actions' })).findByRole('button', { name: 'Set field…' }),
  );
  return screen.findByRole('dialog', { name: 'Set a field on 2 bundles' });
}

async function setPrice(value: string) {
  const dialog = await chooseTwo();
  expect(within(dialog).getByRole('combobox', { name: 'Field' })).toHaveFocus();
  await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Field' }), 'Price');
  await userEvent.type(within(dialog).getByRole('textbox', { name: 'Price' }), `${value}{Enter}`);
}

describe('bulk edit of a list', () => {
  it('offers the fields many rows may share: not unique ones, child lists, links or computed values', () => {
    expect(settableFields(findEntity('bundle')!).map((f) => f.name)).toEqual([
      'name',
      'price',
      'validFrom',
      'validTo',
      'isActive',
    ]);
    expect(settableFields(findEntity('bundle')!, ['price']).map((f) => f.name)).not.toContain('price');
  });

  it('sets one field on the chosen rows after a confirmation naming field, value and count, in one bulkupdate', async () => {
    const server = stubServer(
      (call) => {
        if (call.url.endsWith('/fetch/bundle')) return ok(bundles, 3);
        if (call.url.endsWith('/bulkupdate/bundle')) return ok((call.body as object[]).map((row) => ({ ...row })));
        return undefined;
      },
      { otherwise: emptyList },
    );
    await renderScreen(item(), '/bundle');
    await setPrice('15');
    const confirm = await screen.findByRole('dialog', { name: 'Set Price to 15.00 on 2 bundles?' });
    expect(within(confirm).getByRole('button', { name: 'Back' })).toHaveFocus();
    expect(server.bodies('/bulkupdate/bundle')).toHaveLength(0);
    const fetchesBefore = server.bodies('/fetch/bundle').length;
    await userEvent.click(within(confirm).getByRole('button', { name: 'Set on 2 rows' }));
    await waitFor(() =>
      expect(server.bodies('/bulkupdate/bundle')).toEqual([
        [
          { id: 1, version: 3, price: '15.00' },
          { id: 2, version: 1, price: '15.00' },
        ],
      ]),
    );
    const notice = await screen.findByText('Price set to 15.00 on 2 bundles');
    expect(notice).toHaveAttribute('role', 'status');
    await waitFor(() => expect(notice).toHaveFocus());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).not.toBeInTheDocument();
    await waitFor(() => expect(server.bodies('/fetch/bundle').length).toBeGreaterThan(fetchesBefore));
  });

  it('checks the value as the form does and sends nothing while it is wrong; Back keeps the value', async () => {
    const server = stubServer((call) => (call.url.endsWith('/fetch/bundle') ? ok(bundles, 3) : undefined), {
      otherwise: emptyList,
    });
    await renderScreen(item(), '/bundle');
    await setPrice('lots');
    const dialog = screen.getByRole('dialog', { name: 'Set a field on 2 bundles' });
    const price = within(dialog).getByRole('textbox', { name: 'Price' });
    await waitFor(() => expect(price).toHaveAttribute('aria-invalid', 'true'));
    expect(within(dialog).getByText('Price must be a number')).toBeInTheDocument();
    // Required in the form, required here: a price cannot be blanked on many rows.
    await userEvent.clear(price);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText(/Price is required/)).toBeInTheDocument();
    await userEvent.type(price, '9.5{Enter}');
    await userEvent.click(await screen.findByRole('button', { name: 'Back' }));
    expect(
      within(screen.getByRole('dialog', { name: 'Set a field on 2 bundles' })).getByRole('textbox', { name: 'Price' }),
    ).toHaveValue('9.5');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.bodies('/bulkupdate/bundle')).toHaveLength(0);
  });

  it('sets a yes/no field, and says which row the server refused and why: nothing saved, the list reloaded', async () => {
    let answer: Reply = {
      status: 409,
      data: {
        resultCode: 409,
        message: 'Row 1 (id 2): This record was changed by someone else',
        data: null,
        errors: [{ field: '1', message: 'This record was changed by someone else' }],
      },
    };
    const server = stubServer(
      (call) => {
        if (call.url.endsWith('/fetch/bundle')) return ok(bundles, 3);
        if (call.url.endsWith('/bulkupdate/bundle')) return answer;
        return undefined;
      },
      { otherwise: emptyList },
    );
    await renderScreen(item(), '/bundle');
    const dialog = await chooseTwo();
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Field' }), 'Active');
    // The value starts as a new row's would (Active: on); switched off by keyboard.
    const active = within(dialog).getByRole('switch', { name: 'Active' });
    expect(active).toBeChecked();
    active.focus();
    await userEvent.keyboard(' ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const confirm = await screen.findByRole('dialog', { name: 'Set Active to No on 2 bundles?' });
    const fetchesBefore = server.bodies('/fetch/bundle').length;
    await userEvent.click(within(confirm).getByRole('button', { name: 'Set on 2 rows' }));
    expect(await within(confirm).findByRole('alert')).toHaveTextContent(
      'Nothing was saved: Lunch set was changed by someone else meanwhile.',
    );
    expect(server.bodies('/bulkupdate/bundle')).toEqual([
      [
        { id: 1, version: 3, isActive: false },
        { id: 2, version: 1, isActive: false },
      ],
    ]);
    await waitFor(() => expect(server.bodies('/fetch/bundle').length).toBeGreaterThan(fetchesBefore));

    answer = {
      status: 400,
      data: {
        resultCode: 400,
        message: 'Row 0 (id 1): Bad',
        data: null,
        errors: [{ field: '0.isActive', message: 'Active cannot be switched off while in use' }],
      },
    };
    await userEvent.click(within(confirm).getByRole('button', { name: 'Set on 2 rows' }));
    await waitFor(() =>
      expect(within(confirm).getByRole('alert')).toHaveTextContent(
        'Nothing was saved. Breakfast set, Active: Active cannot be switched off while in use',
      ),
    );
    expect(screen.getByRole('region', { name: 'Bulk actions' })).toHaveTextContent('2 selected');
  });

  it('exports the chosen rows through the list export, filtered by their ids', async () => {
    const server = stubServer(
      (call) => {
        if (call.url.endsWith('/fetch/bundle')) return ok(bundles, 3);
        if (call.url.endsWith('/submitdataexport')) return ok({ jobId: 5 });
        return undefined;
      },
      { otherwise: emptyList },
    );
    await renderScreen(item({ exportProcedure: 'EXP_Bundle', ableToEdit: false, ableToDelete: false }), '/bundle');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select Dinner set' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Breakfast set' }));
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    // View-only: export, but no bulk edit.
    expect(within(bar).queryByRole('button', { name: 'Set field…' })).not.toBeInTheDocument();
    await userEvent.click(within(bar).getByRole('button', { name: 'Export selected' }));
    await waitFor(() => expect(server.bodies('/submitdataexport')).toHaveLength(1));
    expect(server.bodies('/submitdataexport')[0]).toEqual({
      procedure: 'EXP_Bundle',
      filters: [{ ColumnName: 'id', ColumnValue: '1,3', Operator: 'IN' }],
      sorts: [{ ColumnName: 'code', Direction: 'ASC' }],
    });
  });
});

describe('custom fields as list columns', () => {
  const custom = [
    {
      name: 'origin',
      label: 'Origin',
      kind: 'text',
      custom: true,
      column: 'custom_fields',
      filterable: true,
      sortable: false,
      required: false,
      unique: false,
      readOnly: false,
      hidden: false,
      listColumn: true,
      system: false,
      maxLength: 255,
    },
    {
      name: 'preferred',
      label: 'Preferred',
      kind: 'boolean',
      custom: true,
      column: 'custom_fields',
      filterable: true,
      sortable: false,
      required: false,
      unique: false,
      readOnly: false,
      hidden: false,
      listColumn: true,
      system: false,
    },
  ];
  const rows = bundles.map((b, i) => ({ ...b, origin: ['Penang', 'Ipoh', null][i], preferred: i === 0 }));

  it('offers them in the column chooser, shows their values, filters them (LIKE, EQ) and offers them to bulk edit', async () => {
    const server = stubServer(
      (call) => {
        if (call.url.endsWith('/fields/bundle')) return ok(custom);
        if (call.url.endsWith('/fetch/bundle')) return ok(rows, 3);
        return undefined;
      },
      { otherwise: emptyList },
    );
    await renderScreen(item(), '/bundle?f.origin=pen');
    await screen.findByText('Breakfast set');
    // The list waits for the custom fields, so the filter in the address is in the first fetch.
    expect(server.bodies('/fetch/bundle')[0]!.filters).toEqual([
      { ColumnName: 'origin', ColumnValue: 'pen', Operator: 'LIKE' },
    ]);
    expect(screen.queryByRole('columnheader', { name: 'Origin' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Columns' }));
    const chooser = screen.getByRole('group', { name: 'Show columns' });
    await userEvent.click(within(chooser).getByRole('checkbox', { name: 'Origin' }));
    await userEvent.click(within(chooser).getByRole('checkbox', { name: 'Preferred' }));
    const table = screen.getByRole('table', { name: 'Bundles' });
    const header = within(table).getByRole('columnheader', { name: 'Origin' });
    // The server reads them out of one JSON column: filtered, not sorted.
    expect(within(header).queryByRole('button')).not.toBeInTheDocument();
    const breakfast = within(table).getByText('Breakfast set').closest('tr')!;
    expect(within(breakfast).getByText('Penang').closest('td')).toHaveAttribute('data-label', 'Origin');
    expect(within(breakfast).getAllByText('Yes')).toHaveLength(2);
    expect(within(table).getByRole('textbox', { name: 'Filter Origin' })).toHaveValue('pen');
    await userEvent.selectOptions(within(table).getByRole('combobox', { name: 'Filter Preferred' }), 'Yes');
    await waitFor(() =>
      expect(server.bodies('/fetch/bundle').at(-1)!.filters).toEqual([
        { ColumnName: 'origin', ColumnValue: 'pen', Operator: 'LIKE' },
        { ColumnName: 'preferred', ColumnValue: true, Operator: 'EQ' },
      ]),
    );

    await userEvent.click(within(table).getByRole('checkbox', { name: 'Select Breakfast set' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Set field…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set a field on 1 bundle' });
    expect(
      within(within(dialog).getByRole('combobox', { name: 'Field' })).getByRole('option', { name: 'Origin' }),
    ).toBeInTheDocument();
  });
});
