import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SheetMappingOffer } from '@backroom/schema';
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
