import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import type { SheetMappingOffer } from '@backroom/schema';
import ms from '../../public/locales/ms/translations.json';
import { renderSignedIn, stubServer } from '../test/app';
import { MappingStep } from './MappingStep';

const offer: SheetMappingOffer = {
  source: { name: 'shopify', label: 'Shopify' },
  tagsTo: 'tags',
  columns: [
    { header: 'Title', field: 'name', by: 'source' },
    { header: 'Vendor', field: 'brand', by: 'source' },
    { header: 'Tags', field: 'tags', by: 'source' },
    { header: 'Variant Compare At Price', field: 'minimumPrice', by: 'saved' },
    { header: 'Gift Card', field: null, by: 'none' },
    { header: 'Material (product.metafields.custom.material)', field: null, by: 'none' },
  ],
  fields: [
    { name: 'code', label: 'SKU', required: true },
    { name: 'name', label: 'Name', required: true },
    { name: 'brand', label: 'Brand', required: false },
    { name: 'tags', label: 'Tags', required: false },
    { name: 'minimumPrice', label: 'Minimum price', required: false },
    { name: 'compareAtPrice', label: 'Compare-at price', required: false },
    { name: 'material', label: 'Material', required: false },
  ],
};

describe('the mapping step of a recognised source', () => {
  it('lets each column be confirmed, sent elsewhere or ignored (those the source does not read too), and sends the edit', async () => {
    stubServer(() => undefined);
    const onConfirm = vi.fn();
    await renderSignedIn(
      <MappingStep offer={offer} fileName="products.csv" onConfirm={onConfirm} onCancel={() => {}} />,
    );
    // Its tags are decided by the tags choice; a column it does not read is asked about like the others.
    expect(screen.queryByRole('combobox', { name: 'Field for column Tags' })).toBeNull();
    expect(screen.getByRole('combobox', { name: /Gift Card/ })).toHaveValue('');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /metafields/ }), 'material');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /Vendor/ }), '');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /Compare At/ }), 'compareAtPrice');
    await userEvent.click(screen.getByRole('button', { name: 'Use these columns and check the file' }));
    expect(onConfirm).toHaveBeenCalledWith({
      tagsTo: 'tags',
      sourceMapping: {
        Title: 'name',
        Vendor: null,
        'Variant Compare At Price': 'compareAtPrice',
        'Gift Card': null,
        'Material (product.metafields.custom.material)': 'material',
      },
    });
  });
});

describe('the mapping step of a source that reads a column into several fields', () => {
  const square: SheetMappingOffer = {
    source: { name: 'square', label: 'Square' },
    tagsTo: 'tags',
    columns: [
      { header: 'SKU', field: 'code', by: 'source' },
      { header: 'Item Name', field: 'parent', by: 'source', feeds: ['name', 'parent'] },
    ],
    fields: [
      { name: 'code', label: 'SKU', required: true },
      { name: 'name', label: 'Name', required: true },
      { name: 'parent', label: 'Parent product', required: false },
    ],
  };

  it('says every field the column feeds, counts each as given, and sends the column back as offered', async () => {
    stubServer(() => undefined);
    const onConfirm = vi.fn();
    await renderSignedIn(
      <MappingStep offer={square} fileName="catalog.csv" onConfirm={onConfirm} onCancel={() => {}} />,
    );
    const itemName = screen.getByRole('combobox', { name: /Item Name/ });
    expect(itemName).toHaveValue('parent');
    expect(within(itemName).getByRole('option', { selected: true })).toHaveTextContent(/^Name, Parent product$/);
    expect(screen.queryByText(/No column goes into/)).toBeNull();

    // Sent into the name alone, the parent is no longer read from it (and the name is still given).
    await userEvent.selectOptions(itemName, 'name');
    expect(within(itemName).getByRole('option', { selected: true })).toHaveTextContent(/^Name \*$/);
    await userEvent.selectOptions(itemName, '');
    expect(screen.getByText('No column goes into: Name. New rows need them.')).toBeInTheDocument();
    await userEvent.selectOptions(itemName, 'parent');
    await userEvent.click(screen.getByRole('button', { name: 'Use these columns and check the file' }));
    expect(onConfirm).toHaveBeenCalledWith({ tagsTo: 'tags', sourceMapping: { SKU: 'code', 'Item Name': 'parent' } });
  });
});

describe('the mapping step offering a saved mapping whose field is gone', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  const saved: SheetMappingOffer = {
    source: null,
    tagsTo: 'tags',
    columns: [
      { header: 'Artikelnummer', field: 'code', by: 'saved' },
      { header: 'Regal', field: null, by: 'saved', lost: 'shelf' },
    ],
    fields: [
      { name: 'code', label: 'SKU', required: true },
      { name: 'name', label: 'Name', required: true },
    ],
  };

  it('offers the column ignored, says which column lost its field in the user’s language, and sends it ignored', async () => {
    stubServer(() => undefined);
    const onConfirm = vi.fn();
    await renderSignedIn(
      <MappingStep offer={saved} fileName="artikel.csv" onConfirm={onConfirm} onCancel={() => {}} />,
    );
    expect(screen.getByText(/^Last time the column "Regal"/)).toHaveTextContent(
      'Last time the column "Regal" went into "shelf", a field that no longer exists: it is ignored now. Choose another field for it, or leave it ignored.',
    );
    i18n.addResourceBundle('ms', 'translations', ms);
    await i18n.changeLanguage('ms');
    expect(await screen.findByText(/^Kali lepas lajur "Regal" dimasukkan ke "shelf"/)).toHaveTextContent(
      'Kali lepas lajur "Regal" dimasukkan ke "shelf", medan yang tidak wujud lagi: lajur itu kini diabaikan. Pilih medan lain untuknya, atau biarkan ia diabaikan.',
    );
    const regal = screen.getByRole('combobox', { name: /Regal/ });
    expect(regal).toHaveValue('');
    await userEvent.click(screen.getByRole('button', { name: 'Guna lajur ini dan semak fail' }));
    expect(onConfirm).toHaveBeenLastCalledWith({ mapping: { Artikelnummer: 'code', Regal: null } });

    // Sent into a field, the note has said its part.
    await userEvent.selectOptions(regal, 'name');
    expect(screen.queryByText(/Kali lepas lajur/)).toBeNull();
  });
});

describe('the mapping step of a real Shopify file', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  // The offer the server gives for Shopify's own product template (its test checks it still does).
  const shopify = JSON.parse(
    readFileSync(join(__dirname, '../../../server/test/fixtures/imports/shopify-product_template.offer.json'), 'utf8'),
  ) as SheetMappingOffer;
  const fieldOf = (header: string) =>
    within(screen.getByRole('rowheader', { name: header }).closest('tr')!).getAllByRole('cell')[0]!;

  it('shows the columns the source needs as read, in English and Malay, offers no field for them and sends none', async () => {
    stubServer(() => undefined);
    const onConfirm = vi.fn();
    await renderSignedIn(
      <MappingStep offer={shopify} fileName="product_template.csv" onConfirm={onConfirm} onCancel={() => {}} />,
    );
    for (const header of ['Option1 Name', 'Option1 Value', 'Option3 Value'])
      expect(fieldOf(header)).toHaveTextContent(/^Read as variant options$/);
    expect(fieldOf('Variant Inventory Qty')).toHaveTextContent(/^Read as stock on hand at your first store location$/);
    expect(fieldOf('Variant Image')).toHaveTextContent(/^Read for Image URLs$/);
    expect(screen.queryByRole('combobox', { name: /Option1|Variant Inventory Qty|Variant Image/ })).toBeNull();
    // A column the source does not read is still a question; one it reads into a field, an editable answer.
    expect(screen.getByRole('combobox', { name: 'Field for column Gift Card' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Field for column Variant Price' })).toHaveValue('sellingPrice');

    i18n.addResourceBundle('ms', 'translations', ms);
    await i18n.changeLanguage('ms');
    await screen.findAllByText('Dibaca sebagai pilihan varian');
    expect(fieldOf('Option1 Value')).toHaveTextContent(/^Dibaca sebagai pilihan varian$/);
    expect(fieldOf('Variant Inventory Qty')).toHaveTextContent(
      /^Dibaca sebagai stok dalam tangan di lokasi kedai pertama anda$/,
    );

    await userEvent.click(screen.getByRole('button', { name: 'Guna lajur ini dan semak fail' }));
    const sent = (onConfirm.mock.calls[0]![0] as { sourceMapping: Record<string, string | null> }).sourceMapping;
    expect(sent).not.toHaveProperty('Option1 Name');
    expect(sent).not.toHaveProperty('Option1 Value');
    expect(sent).not.toHaveProperty('Variant Inventory Qty');
    expect(sent).toMatchObject({ 'Variant Price': 'sellingPrice', 'Gift Card': null });
  });
});

describe('the mapping step of a Loyverse file', () => {
  it('names the store a quantity column is read as stock at', async () => {
    stubServer(() => undefined);
    const loyverse: SheetMappingOffer = {
      source: { name: 'loyverse', label: 'Loyverse' },
      tagsTo: 'tags',
      columns: [
        { header: 'SKU', field: 'code', by: 'source' },
        { header: 'In stock [Chillo]', field: null, by: 'source', reads: { as: 'stock', location: 'Chillo' } },
      ],
      fields: [{ name: 'code', label: 'SKU', required: true }],
    };
    await renderSignedIn(
      <MappingStep offer={loyverse} fileName="export_items.csv" onConfirm={() => {}} onCancel={() => {}} />,
    );
    expect(screen.getByRole('row', { name: /In stock \[Chillo\]/ })).toHaveTextContent(
      'Read as stock on hand at Chillo',
    );
  });
});
