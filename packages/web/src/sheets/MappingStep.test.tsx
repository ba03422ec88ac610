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
    { header: 'Gift Card', field: null, by: 'source' },
  ],
  fields: [
    { name: 'code', label: 'SKU', required: true },
    { name: 'name', label: 'Name', required: true },
    { name: 'brand', label: 'Brand', required: false },
    { name: 'tags', label: 'Tags', required: false },
    { name: 'minimumPrice', label: 'Minimum price', required: false },
    { name: 'compareAtPrice', label: 'Compare-at price', required: false },
  ],
};

describe('the mapping step of a recognised source', () => {
  it('lets each column the source reads be confirmed, sent elsewhere or ignored, and sends the edit', async () => {
    stubServer(() => undefined);
    const onConfirm = vi.fn();
    await renderSignedIn(
      <MappingStep offer={offer} fileName="products.csv" onConfirm={onConfirm} onCancel={() => {}} />,
    );
    // A column the source cannot read, and its tags (decided by the tags choice), are not asked about.
    expect(screen.queryByRole('combobox', { name: /Gift Card/ })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Field for column Tags' })).toBeNull();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /Vendor/ }), '');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /Compare At/ }), 'compareAtPrice');
    await userEvent.click(screen.getByRole('button', { name: 'Use these columns and check the file' }));
    expect(onConfirm).toHaveBeenCalledWith({
      tagsTo: 'tags',
      sourceMapping: { Title: 'name', Vendor: null, 'Variant Compare At Price': 'compareAtPrice' },
    });
  });
});
