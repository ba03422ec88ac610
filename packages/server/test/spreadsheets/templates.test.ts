import { findEntity, type BlankTemplateOption } from '@backroom/schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { useCatalogue } from '../domain/support/catalogue';
import { importSheet, legacyOf, rowsOf, xlsx } from './support';

/** Every blank template, downloaded and sent back as it is, validates with no problem (issue 24). */
const c = useCatalogue();

beforeAll(async () => {
  // What a shop has before its first import: a category, a supplier, a product, a member group.
  await c.builder.insert(findEntity('category')!, { code: 'TPL', name: 'Template goods' });
  await c.builder.insert(findEntity('supplier')!, await c.builder.row(findEntity('supplier')!));
  await c.builder.insert(findEntity('membershipgroup')!, await c.builder.row(findEntity('membershipgroup')!));
  await c.builder.insert(findEntity('inventorylocation')!, await c.builder.row(findEntity('inventorylocation')!));
  await c.newProduct({ code: 'TPL-1' });
  await c.newProduct({ code: 'TPL-2' });
});

const IMPORTERS = [
  'product',
  'membership',
  'promotion',
  'recipe',
  'supplierproduct',
  'alternatebarcode',
  'outletitembalance',
  'lowquantity',
];

const templateOf = async (importType: string, option: string) => {
  const response = await fetch(`${legacyOf(c)}/DataExporter/ExportBlankTemplate/${importType}/${option}`, {
    headers: { authorization: `Bearer ${c.tokens.admin}` },
  });
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
};

describe('blank templates', () => {
  it.each(IMPORTERS)('%s: every option validates as downloaded', async (importType) => {
    const options = await c.get<BlankTemplateOption[]>(`/AppModule/GetBlankTemplateOption/${importType}`);
    expect(options.status).toBe(200);
    for (const { value } of options.body.data) {
      const template = await templateOf(importType, value);
      const job = await importSheet(c, template, importType, 'validate');
      expect([value, job.errors]).toEqual([value, []]);
      expect(job.inserted + job.updated + job.unchanged).toBe(1);
    }
  });

  it('writes a choice as its label, as the import reads it: the product type "Standard", not its value', async () => {
    const [option] = (await c.get<BlankTemplateOption[]>('/AppModule/GetBlankTemplateOption/product')).body.data;
    const rows = await rowsOf(await templateOf('product', option!.value));
    const type = rows[0]!.findIndex((h) => String(h).startsWith('Type'));
    expect(rows[1]![type]).toBe('Standard');
  });

  it('fills the supplier-product example row’s required SKU, also when there are too many products for a drop-down', async () => {
    const many = Array.from({ length: 501 }, (_, i) => [`TPL-M${i}`, `Many ${i}`, 'TPL', 'PCS', 1]);
    const added = await importSheet(
      c,
      await xlsx(['SKU', 'Name', 'Category', 'Unit of measure', 'Selling price'], many),
      'product',
      'commit',
    );
    expect(added).toMatchObject({ inserted: 501, committed: true });
    const rows = await rowsOf(await templateOf('supplierproduct', 'mapping'));
    const sku = rows[0]!.findIndex((h) => String(h).startsWith('SKU'));
    expect(rows[1]![sku]).toEqual(expect.any(String));
  });
});
