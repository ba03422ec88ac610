import { findEntity } from '@backroom/schema';
import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dropdown, menuItem, ok, renderScreen, stubServer, emptyList, type Call, type Reply } from '../test/app';

/** A product as the server answers it: references and list values with their labels. */
const product = {
  id: 7,
  version: 2,
  code: 'TEA-7',
  name: 'Jasmine tea',
  category: 3,
  categoryLabel: 'DRK - Drinks',
  brand: 32,
  brandLabel: 'Acme',
  uom: 5,
  uomLabel: 'Piece',
  type: 'composite',
  sellingPrice: '4.50',
  alternateBarcodes: [{ id: 70, barcode: '9550000000070', uom: 6, uomLabel: 'Box', quantityPerUnit: '12.000' }],
  images: [],
  variantAttributeValues: [],
  supplierMapping: [],
  recipeComponents: [],
  isActive: true,
};

const VALUES: Record<string, { id: number; name: string }[]> = {
  BRAND: [
    { id: 31, name: 'Northwind' },
    { id: 32, name: 'Acme' },
  ],
  UOM: [
    { id: 5, name: 'Piece' },
    { id: 6, name: 'Box' },
  ],
};

/** The dropdown's answer: `{text, value}` per row. */
const options = (rows: { id: number; name: string }[]) => dropdown(rows.map((r) => ({ text: r.name, value: r.id })));

const filterOf = (call: Call, column: string) =>
  (call.body as { filters?: { ColumnName: string; ColumnValue: unknown }[] }).filters?.find(
    (f) => f.ColumnName === column,
  )?.ColumnValue;
const fetchOf = (call: Call, name: string) => call.url.endsWith(`/fetch/${name}`);
const dropdownOf = (call: Call, name: string) => call.url.endsWith(`/GetDropDown/${name}`);
/** The `ids` of the label lookups sent to an entity's dropdown. */
const lookups = (server: { calls: Call[] }, name: string) =>
  server.calls.filter((c) => dropdownOf(c, name) && c.params.ids !== undefined).map((c) => c.params.ids);

/** A deferred answer: the test decides when the list values arrive. */
function later() {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  return { release, wait: async <T,>(reply: T) => (await gate, reply) };
}

/** The product form's server: the row, list-value categories and values, lookups by id, saves. */
function productServer({
  row = product,
  rows = [row],
  values = VALUES,
  valuesGate,
  rowGate,
}: {
  row?: Record<string, unknown>;
  rows?: Record<string, unknown>[];
  values?: typeof VALUES;
  valuesGate?: ReturnType<typeof later>;
  rowGate?: { id: number; gate: ReturnType<typeof later> };
} = {}) {
  return stubServer(
    (call): Reply | Promise<Reply> | undefined => {
      if (fetchOf(call, 'product')) {
        const id = filterOf(call, 'id');
        const answer = ok(
          rows.filter((r) => r.id === id),
          1,
        );
        return rowGate && rowGate.id === id ? rowGate.gate.wait(answer) : answer;
      }
      // The server serves the registry's fields (no custom ones, every field group: an administrator).
      if (call.url.endsWith('/fields/product')) return ok(findEntity('product')!.fields);
      if (dropdownOf(call, 'category')) return dropdown([{ text: 'DRK - Drinks', value: 3 }]);
      if (dropdownOf(call, 'listvalue')) {
        if (call.params.ids !== undefined) {
          const wanted = String(call.params.ids).split(',').map(Number);
          return options(
            [...Object.values(values).flat(), { id: 40, name: 'Retired brand' }].filter((v) => wanted.includes(v.id)),
          );
        }
        const answer = options(values[String(call.params.category)] ?? []);
        return valuesGate ? valuesGate.wait(answer) : answer;
      }
      if (call.url.endsWith('/Update/product')) return ok({ ...rows[0], version: 3 });
      return undefined;
    },
    { otherwise: emptyList },
  );
}

/** Tabs from the first field to the Save button, touching nothing, and presses it with the keyboard. */
async function tabThroughAndSave() {
  const user = userEvent.setup({ delay: null });
  const form = screen.getByRole('form');
  within(form).getByLabelText('SKU').focus();
  const save = within(form).getByRole('button', { name: 'Save' });
  for (let i = 0; i < 200 && document.activeElement !== save; i++) await user.tab();
  expect(document.activeElement).toBe(save);
  await user.keyboard('{Enter}');
}

/** Waits for the brand's options (a busy machine may take its time). */
const brandOptionsLoaded = () =>
  waitFor(() => expect(within(select('Brand')).getByRole('option', { name: 'Northwind' })).toBeInTheDocument(), {
    timeout: 5000,
  });
const select = (label: string) => screen.getByRole('combobox', { name: label }) as HTMLSelectElement;
const shownOption = (label: string) => select(label).selectedOptions[0]?.textContent;

describe('a saved value is never lost', () => {
  it('list values arriving after the row keep the saved choice; tabbing through and saving changes nothing', async () => {
    const gate = later();
    const server = productServer({ valuesGate: gate });
    await renderScreen(menuItem('/product'), '/product/edit/7');
    await screen.findByLabelText('SKU');
    // Before the options: the saved value under the label the row brought.
    expect(shownOption('Brand')).toBe('Acme');
    expect(shownOption('Unit of measure')).toBe('Piece');

    gate.release();
    await brandOptionsLoaded();
    expect(select('Brand')).toHaveValue('32');
    expect(shownOption('Brand')).toBe('Acme');
    expect(shownOption('Unit of measure')).toBe('Piece');
    expect(shownOption('Unit of measure, row 1')).toBe('Box');
    expect(shownOption('Type')).toBe('Composite / recipe');

    await tabThroughAndSave();
    await waitFor(() => expect(server.bodies('/Update/product')).toHaveLength(1));
    expect(server.bodies('/Update/product')[0]).toMatchObject({
      id: 7,
      version: 2,
      category: 3,
      brand: 32,
      uom: 5,
      type: 'composite',
      sellingPrice: '4.50',
      alternateBarcodes: [{ id: 70, barcode: '9550000000070', uom: 6, quantityPerUnit: '12.000' }],
    });
  });

  it('list values already loaded before the row (by the form opened before) show the saved choice at once', async () => {
    const second = { ...product, id: 8, code: 'TEA-8', brand: 31, brandLabel: 'Northwind', uom: 6, uomLabel: 'Box' };
    const rowGate = { id: 8, gate: later() };
    productServer({ rows: [product, second], rowGate });
    const { router } = await renderScreen(menuItem('/product'), '/product/edit/7');
    await brandOptionsLoaded();

    await act(() => router.navigate('/product/edit/8'));
    rowGate.gate.release();
    await waitFor(() => expect(screen.getByLabelText('SKU')).toHaveValue('TEA-8'));
    expect(shownOption('Brand')).toBe('Northwind');
    expect(shownOption('Unit of measure')).toBe('Box');
  });

  it('a saved value no longer among the options (switched off) stays chosen under its name', async () => {
    const server = productServer({ row: { ...product, brand: 40, brandLabel: null } });
    await renderScreen(menuItem('/product'), '/product/edit/7');
    await screen.findByLabelText('SKU');
    await waitFor(() => expect(shownOption('Brand')).toBe('Retired brand'));
    expect(select('Brand')).toHaveValue('40');
    expect(lookups(server, 'listvalue')).toContainEqual('40');
    await tabThroughAndSave();
    await waitFor(() => expect(server.bodies('/Update/product')).toHaveLength(1));
    expect(server.bodies('/Update/product')[0]).toMatchObject({ brand: 40, uom: 5 });
  });

  it('choosing another value saves that value, as a number', async () => {
    const server = productServer();
    await renderScreen(menuItem('/product'), '/product/edit/7');
    await brandOptionsLoaded();
    await userEvent.selectOptions(select('Brand'), 'Northwind');
    expect(shownOption('Brand')).toBe('Northwind');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.bodies('/Update/product')).toHaveLength(1));
    expect(server.bodies('/Update/product')[0]).toMatchObject({ brand: 31, uom: 5 });
  });

  it('a reference without a label from the row shows the looked-up name and keeps its id', async () => {
    const server = productServer({ row: { ...product, categoryLabel: null } });
    await renderScreen(menuItem('/product'), '/product/edit/7');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('DRK - Drinks'));
    expect(lookups(server, 'category')).toEqual(['3']);
    await tabThroughAndSave();
    await waitFor(() => expect(server.bodies('/Update/product')).toHaveLength(1));
    expect(server.bodies('/Update/product')[0]).toMatchObject({ category: 3 });
  });
});

describe('multi-reference chips', () => {
  const gateway = {
    id: 4,
    version: 2,
    code: 'PG',
    name: 'Gateway',
    provider: 'stripe',
    environment: 'sandbox',
    apiKey: '',
    outlets: [1, 3],
    isActive: true,
  };

  it('show the names of the saved rows, looked up in one call; a row the caller may not see stays an id', async () => {
    const server = stubServer(
      (call) => {
        if (fetchOf(call, 'paymentgateway')) return ok([gateway], 1);
        // The server answers only the rows the caller may see: outlet 3 is outside this user's outlets.
        if (dropdownOf(call, 'outlet')) return dropdown([{ text: 'KL1 - Main street', value: 1 }]);
        return undefined;
      },
      { otherwise: emptyList },
    );
    await renderScreen(menuItem('/paymentgateway'), '/paymentgateway/edit/4');
    const chips = await screen.findByRole('list', { name: 'Selected' });
    await within(chips).findByText('KL1 - Main street');
    expect(within(chips).getByText('#3')).toBeInTheDocument();
    expect(lookups(server, 'outlet')).toEqual(['1,3']);
  });
});
