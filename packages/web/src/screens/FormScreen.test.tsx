import { findEntity } from '@backroom/schema';
import { describe, expect, it } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  dropdown,
  fail,
  menuItem,
  ok,
  renderScreen,
  stubServer,
  withoutFieldGroups,
  type Call,
  emptyList,
} from '../test/app';

const saved = {
  id: 7,
  version: 1,
  code: 'B007',
  name: 'Tea set',
  price: '12.50',
  validFrom: null,
  validTo: null,
  items: [],
  outlets: [],
  isActive: true,
};
const stored = {
  id: 7,
  version: 3,
  code: 'B007',
  name: 'Tea set',
  price: '12.50',
  validFrom: '2024-05-01',
  validTo: null,
  items: [{ id: 70, product: 5, productLabel: 'Apple', quantity: '2.000' }],
  outlets: [],
  isActive: true,
  createdAt: '2024-05-01T10:30:00.000Z',
  createdBy: 'admin',
};

const isFetchOf = (call: Call, name: string) => call.url.endsWith(`/fetch/${name}`);
const location = () => screen.getByTestId('location').textContent;

/** The answers an edit page of bundle 7 needs, plus `extra`. */
const editServer = (
  extra: (call: Call) => ReturnType<Parameters<typeof stubServer>[0]> = () => undefined,
  row: Record<string, unknown> = stored,
) =>
  stubServer(
    (call) =>
      extra(call) ??
      (isFetchOf(call, 'bundle') ? ok([row], 1) : call.url.endsWith('/fields/bundle') ? ok([]) : undefined),
    { otherwise: emptyList },
  );

describe('generic form screen', () => {
  it('shows the shared validation beside each field: required, max length, money format', async () => {
    const server = stubServer(() => undefined, { otherwise: emptyList });
    await renderScreen(menuItem('/bundle'), '/bundle/add');
    const code = await screen.findByLabelText('Code');
    await userEvent.type(code, 'X'.repeat(31));
    await userEvent.type(screen.getByLabelText('Price'), '12.345');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(code).toHaveAttribute('aria-invalid', 'true'));
    expect(code).toHaveAccessibleDescription('Code must be at most 30 characters');
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Name is required');
    expect(screen.getByLabelText('Price')).toHaveAccessibleDescription('Price must have at most 2 decimal places');
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-required', 'true');
    expect(server.calls.filter((c) => c.url.includes('/Insert/'))).toHaveLength(0);

    // Fixing a field clears its message as the user types.
    await userEvent.clear(screen.getByLabelText('Price'));
    await userEvent.type(screen.getByLabelText('Price'), 'abc');
    await waitFor(() => expect(screen.getByLabelText('Price')).toHaveAccessibleDescription('Price must be a number'));
  });

  it('inserts the validated row in wire form, then opens the saved row with "Saved"', async () => {
    const server = stubServer(
      (call) => {
        if (call.url.endsWith('/Insert/bundle')) return ok(saved);
        if (isFetchOf(call, 'bundle')) return ok([saved], 1);
        return undefined;
      },
      { otherwise: emptyList },
    );
    await renderScreen(menuItem('/bundle'), '/bundle/add');
    await userEvent.type(await screen.findByLabelText('Code'), ' B007 ');
    await userEvent.type(screen.getByLabelText('Name'), 'Tea set');
    await userEvent.type(screen.getByLabelText('Price'), '12.5');
    expect(screen.getByRole('switch', { name: 'Active' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(location()).toBe('/bundle/edit/7'));
    expect(server.bodies('/Insert/bundle')).toEqual([
      {
        code: 'B007',
        name: 'Tea set',
        price: '12.50',
        validFrom: null,
        validTo: null,
        items: [],
        outlets: [],
        isActive: true,
      },
    ]);
    expect(await screen.findByRole('status')).toHaveTextContent('Saved');
    expect(await screen.findByLabelText('Name')).toHaveValue('Tea set');
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Edit bundle Tea set');
    // The keyboard stays at the action bar: the status beside it has the focus.
    expect(screen.getByRole('status')).toHaveFocus();
  });

  it('titles a new form by the record kind; "Save and new" saves and opens an empty form', async () => {
    const server = stubServer((call) => (call.url.endsWith('/Insert/bundle') ? ok(saved) : undefined), {
      otherwise: emptyList,
    });
    await renderScreen(menuItem('/bundle'), '/bundle/add');
    expect(await screen.findByRole('heading', { name: 'New bundle' })).toBeInTheDocument();
    await userEvent.type(await screen.findByLabelText('Code'), 'B007');
    await userEvent.type(screen.getByLabelText('Name'), 'Tea set');
    await userEvent.type(screen.getByLabelText('Price'), '12.5');
    await userEvent.click(screen.getByRole('button', { name: 'Save and new' }));
    await waitFor(() => expect(server.bodies('/Insert/bundle')).toHaveLength(1));
    await waitFor(() => expect(screen.getByLabelText('Code')).toHaveValue(''));
    expect(location()).toBe('/bundle/add');
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
  });

  it('groups the product form in the registry’s sections, in order', async () => {
    stubServer((call) => (call.url.endsWith('/fields/product') ? ok(findEntity('product')!.fields) : undefined), {
      otherwise: emptyList,
    });
    await renderScreen(menuItem('/product'), '/product/add');
    await screen.findByRole('heading', { name: 'New product' });
    const groups = screen.getAllByRole('group').filter((g) => g.classList.contains('form-section'));
    expect(groups.map((g) => g.querySelector('legend')?.textContent)).toEqual([
      'Basics',
      'Pricing',
      'Inventory',
      'Suppliers',
      'Variants',
      'Recipe',
      'Media',
      'Other',
    ]);
    expect(within(groups[1]!).getByLabelText('Selling price')).toBeInTheDocument();
    expect(within(groups[1]!).getByLabelText('Cost price')).toBeInTheDocument();
    expect(within(groups[7]!).getByRole('switch', { name: 'Active' })).toBeInTheDocument();
  });

  it('has no cost price input, nor supplier cost column, for a role that may not view costs', async () => {
    stubServer((call) => (call.url.endsWith('/fields/product') ? ok(findEntity('product')!.fields) : undefined), {
      otherwise: emptyList,
    });
    await renderScreen(menuItem('/product'), '/product/add', { preloaded: withoutFieldGroups() });
    await screen.findByRole('heading', { name: 'New product' });
    expect(screen.getByLabelText('Selling price')).toBeInTheDocument();
    expect(screen.queryByLabelText('Cost price')).toBeNull();
    const suppliers = screen.getByRole('table', { name: /Supplier/ });
    const headers = within(suppliers)
      .getAllByRole('columnheader')
      .map((h) => h.textContent ?? '');
    expect(headers).toEqual(expect.arrayContaining([expect.stringMatching(/^Lead time days/)]));
    expect(headers.filter((h) => /cost/i.test(h))).toEqual([]);
  });

  it('Back to list and Cancel return to the list as it was left (search, sort, page)', async () => {
    editServer((call) =>
      isFetchOf(call, 'bundle') && (call.body as { filters: unknown[] }).filters.length === 0
        ? ok([stored], 30)
        : undefined,
    );
    await renderScreen(menuItem('/bundle'), '/bundle?page=2&sort=-name&q=tea');
    await userEvent.click(await screen.findByRole('link', { name: 'Edit Tea set' }));
    await screen.findByRole('heading', { name: 'Edit bundle Tea set' });
    await userEvent.click(screen.getByRole('link', { name: 'Cancel' }));
    await waitFor(() => expect(location()).toBe('/bundle?page=2&sort=-name&q=tea'));
  });

  it('maps server field errors onto the fields, nested ones into child cells, and shows the rest in an alert', async () => {
    const server = editServer((call) =>
      call.url.endsWith('/Update/bundle')
        ? fail(400, 'Validation failed', [
            { field: 'name', message: 'Name is already used' },
            { field: 'items.0.quantity', message: 'Quantity exceeds the stock' },
            { field: 'somethingElse', message: 'The outlet is closed' },
          ])
        : undefined,
    );
    await renderScreen(menuItem('/bundle'), '/bundle/edit/7');
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Name is already used'));
    expect(screen.getByLabelText('Quantity, row 1')).toHaveAccessibleDescription('Quantity exceeds the stock');
    // A field no input shows: its message alone, never the field's internal name.
    expect(screen.getByRole('alert')).toHaveTextContent(/^The outlet is closed$/);
    expect(server.bodies('/Update/bundle')[0]).toMatchObject({
      id: 7,
      version: 3,
      name: 'Tea set',
      items: [{ id: 70, product: 5, quantity: '2.000' }],
    });
  });

  it('a duplicate (409 naming the field) shows beside the field', async () => {
    stubServer(
      (call) =>
        call.url.endsWith('/Insert/bundle')
          ? fail(409, 'Code is already used', [{ field: 'code', message: 'Code B007 is already used' }])
          : undefined,
      { otherwise: emptyList },
    );
    await renderScreen(menuItem('/bundle'), '/bundle/add');
    await userEvent.type(await screen.findByLabelText('Code'), 'B007');
    await userEvent.type(screen.getByLabelText('Name'), 'Tea set');
    await userEvent.type(screen.getByLabelText('Price'), '1');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByLabelText('Code')).toHaveAccessibleDescription('Code B007 is already used'));
    expect(screen.queryByText(/changed by someone else/)).not.toBeInTheDocument();
  });

  it('a stale version (409) offers a reload that refetches and resets the form', async () => {
    let row: Record<string, unknown> = stored;
    const server = stubServer(
      (call) => {
        if (call.url.endsWith('/Update/bundle')) return fail(409, 'This row was changed by someone else');
        if (isFetchOf(call, 'bundle')) return ok([row], 1);
        return undefined;
      },
      { otherwise: emptyList },
    );
    await renderScreen(menuItem('/bundle'), '/bundle/edit/7');
    const name = await screen.findByLabelText('Name');
    await userEvent.clear(name);
    await userEvent.type(name, 'My name');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This record was changed by someone else');

    row = { ...stored, version: 4, name: 'Their name' };
    await userEvent.click(within(alert).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue('Their name'));
    expect(screen.queryByText(/changed by someone else/)).not.toBeInTheDocument();
    expect(server.calls.filter((c) => isFetchOf(c, 'bundle')).length).toBeGreaterThanOrEqual(2);
  });

  it('edits child rows inline: add (the focus on the new row), remove, and nested errors in the cell', async () => {
    const server = editServer((call) =>
      call.url.endsWith('/Update/bundle') ? ok({ ...stored, version: 4 }) : undefined,
    );
    await renderScreen(menuItem('/bundle'), '/bundle/edit/7');
    const items = await screen.findByRole('group', { name: 'Items' });
    expect(within(items).getByLabelText('Product, row 1')).toHaveValue('Apple');
    await userEvent.click(within(items).getByRole('button', { name: 'Add row to Items' }));
    // Focus follows "Add row": the new row's first input.
    await waitFor(() => expect(within(items).getByLabelText('Product, row 2')).toHaveFocus());
    await userEvent.click(within(items).getByRole('button', { name: 'Add row to Items' }));
    await waitFor(() => expect(within(items).getByLabelText('Product, row 3')).toHaveFocus());
    expect(within(items).getByLabelText('Quantity, row 3')).toHaveValue('1');
    await userEvent.type(within(items).getByLabelText('Quantity, row 2'), 'x');
    await userEvent.click(within(items).getByRole('button', { name: 'Remove row 3 from Items' }));
    expect(within(items).queryByLabelText('Quantity, row 3')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(items).getByLabelText('Quantity, row 2')).toHaveAccessibleDescription('Quantity must be a number'),
    );
    expect(within(items).getByLabelText('Product, row 2')).toHaveAccessibleDescription('Product is required');
    expect(server.bodies('/Update/bundle')).toHaveLength(0);

    await userEvent.click(within(items).getByRole('button', { name: 'Remove row 2 from Items' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.bodies('/Update/bundle')).toHaveLength(1));
    expect(server.bodies('/Update/bundle')[0]!.items).toEqual([{ id: 70, product: 5, quantity: '2.000' }]);
  });

  it('a reference searches the server as you type and takes the chosen option', async () => {
    const server = editServer((call) =>
      call.url.endsWith('/GetDropDown/product')
        ? dropdown(
            String(call.params.search ?? '') === 'ban'
              ? [
                  { text: 'B1 - Banana', value: 9 },
                  { text: 'B2 - Bandana', value: 10 },
                ]
              : [],
          )
        : call.url.endsWith('/Update/bundle')
          ? ok({ ...stored, version: 4 })
          : undefined,
    );
    await renderScreen(menuItem('/bundle'), '/bundle/edit/7');
    await userEvent.click(await screen.findByRole('button', { name: 'Add row to Items' }));
    const product = screen.getByRole('combobox', { name: 'Product, row 2' });
    await userEvent.type(product, 'ban');
    const listbox = await screen.findByRole('listbox');
    await within(listbox).findByRole('option', { name: 'B2 - Bandana' });
    expect(server.calls.filter((c) => c.url.endsWith('/GetDropDown/product')).at(-1)?.params).toEqual({
      search: 'ban',
      Take: 20,
    });
    expect(product).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(product).toHaveAttribute(
      'aria-activedescendant',
      within(listbox).getByRole('option', { name: 'B2 - Bandana' }).id,
    );
    await userEvent.keyboard('{Enter}');
    expect(product).toHaveValue('B2 - Bandana');
    expect(product).toHaveAttribute('aria-expanded', 'false');
    await userEvent.clear(screen.getByLabelText('Quantity, row 2'));
    await userEvent.type(screen.getByLabelText('Quantity, row 2'), '1.5');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.bodies('/Update/bundle')).toHaveLength(1));
    expect(server.bodies('/Update/bundle')[0]!.items).toEqual([
      { id: 70, product: 5, quantity: '2.000' },
      { product: 10, quantity: '1.500' },
    ]);
  });

  it('guards unsaved changes when leaving, with a confirm dialog', async () => {
    editServer();
    await renderScreen(menuItem('/bundle'), '/bundle/edit/7');
    await userEvent.click(await screen.findByRole('link', { name: 'Back to list' }));
    expect(location()).toBe('/bundle');

    await userEvent.click(await screen.findByRole('link', { name: 'Edit Tea set' }));
    await userEvent.type(await screen.findByLabelText('Name'), ' deluxe');
    await userEvent.click(screen.getByRole('link', { name: 'Back to list' }));
    const dialog = screen.getByRole('dialog', { name: 'Leave without saving your changes?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(location()).toBe('/bundle/edit/7');
    expect(screen.getByLabelText('Name')).toHaveValue('Tea set deluxe');

    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);

    await userEvent.click(screen.getByRole('link', { name: 'Back to list' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Leave without saving your changes?' })).getByRole('button', {
        name: 'Leave',
      }),
    );
    expect(location()).toBe('/bundle');
  });

  it('guards unsaved changes against the browser’s Back button too', async () => {
    editServer();
    const { router } = await renderScreen(menuItem('/bundle'), '/bundle');
    await userEvent.click(await screen.findByRole('link', { name: 'Edit Tea set' }));
    await userEvent.type(await screen.findByLabelText('Name'), ' deluxe');

    await act(() => router.navigate(-1));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving your changes?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(location()).toBe('/bundle/edit/7');
    expect(screen.getByLabelText('Name')).toHaveValue('Tea set deluxe');

    await act(() => router.navigate(-1));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Leave without saving your changes?' })).getByRole('button', {
        name: 'Leave',
      }),
    );
    await waitFor(() => expect(location()).toBe('/bundle'));
  });

  it('shows the audit trail in the History tab', async () => {
    const server = editServer((call) =>
      isFetchOf(call, 'auditlog')
        ? ok([
            {
              id: 2,
              at: '2024-05-02T09:00:00.000Z',
              userName: 'ben',
              action: 'update',
              changes: { before: { name: 'Tea', price: '10.00' }, after: { name: 'Tea set', price: '12.50' } },
            },
            { id: 1, at: '2024-05-01T10:30:00.000Z', userName: 'admin', action: 'insert', changes: null },
          ])
        : undefined,
    );
    await renderScreen(menuItem('/bundle'), '/bundle/edit/7');
    expect(await screen.findByRole('tab', { name: 'Details' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(screen.getByRole('tab', { name: 'History' }));
    const history = await screen.findByRole('list', { name: 'History' });
    const [update, insert] = within(history).getAllByRole('listitem');
    expect(update).toHaveTextContent('Changed by ben');
    expect(within(update!).getByRole('row', { name: 'Name Tea Tea set' })).toBeInTheDocument();
    expect(within(update!).getByRole('row', { name: 'Price 10.00 12.50' })).toBeInTheDocument();
    expect(insert).toHaveTextContent('Created by admin');
    expect(server.bodies('/fetch/auditlog')[0]).toMatchObject({
      filters: [
        { ColumnName: 'entity', ColumnValue: 'bundle', Operator: 'EQ' },
        { ColumnName: 'rowId', ColumnValue: 7, Operator: 'EQ' },
      ],
    });
  });

  it('deletes the row from the form after a confirmation and returns to the list', async () => {
    const server = editServer((call) => (call.url.endsWith('/Execute/bundle') ? ok({ deleted: 1 }) : undefined));
    await renderScreen(menuItem('/bundle'), '/bundle/edit/7');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete bundle Tea set?' })).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(location()).toBe('/bundle'));
    expect(server.bodies('/Execute/bundle')).toEqual([{ action: 'delete', ids: [7] }]);
  });

  it('without the edit right the form is read only, titled without "Edit"; read-only fields are disabled', async () => {
    editServer();
    await renderScreen(menuItem('/bundle', { ableToEdit: false, ableToDelete: false }), '/bundle/edit/7');
    expect(await screen.findByLabelText('Name')).toBeDisabled();
    expect(screen.getByLabelText('Created by')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    // A reader is not told they edit it.
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(/^Bundle Tea set$/);
  });

  it('single screens and importers not built yet say they arrive later', async () => {
    const server = stubServer(() => undefined, { otherwise: emptyList });
    await renderScreen(menuItem('/dataexporter'), '/dataexporter');
    expect(screen.getByRole('status')).toHaveTextContent('This screen arrives later.');
    cleanup();
    await renderScreen(menuItem('/importer/product'), '/importer/product');
    expect(screen.getByRole('status')).toHaveTextContent('This importer arrives later.');
    expect(server.calls).toHaveLength(0);
  });
});
