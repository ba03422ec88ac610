import type { SheetRow } from '../cells';
import {
  afterHeader,
  amountOf,
  barcodeOf,
  categoryOf,
  hasHeader,
  kilograms,
  PIECE,
  type Columns,
  type Source,
} from './source';

/** A column of an Odoo export by its technical name (import-compatible export) or its label (the other). */
const EITHER: Record<string, [string, string]> = {
  code: ['default_code', 'Internal Reference'],
  name: ['name', 'Name'],
  sellingPrice: ['list_price', 'Sales Price'],
  costPrice: ['standard_price', 'Cost'],
  barcode: ['barcode', 'Barcode'],
  category: ['categ_id/id', 'Product Category'],
  weight: ['weight', 'Weight'],
  description: ['description_sale', 'Sales Description'],
  active: ['active', 'Active'],
  type: ['type', 'Product Type'],
  taxes: ['taxes_id/id', 'Customer Taxes'],
  id: ['id', 'External ID'],
};

const SERVICE = /service/i;
const CONSUMABLE = /consu|consommable|consumable/i;

/** A category cell: an external id's last part (`__export__.product_category_3`) or a path's last step (`All / Saleable`). */
const categoryName = (text: string | null) =>
  text === null ? null : text.split('/').pop()!.trim().split('.').pop()!.trim() || null;

/**
 * Odoo's product export (`product.template` or `product.product`), with technical field names (an
 * import-compatible export) or with their labels. One row per product; an archived product
 * (`active` False) is archived here too.
 */
export const odoo: Source = {
  name: 'odoo',
  label: 'Odoo',
  importType: 'product',
  recognises: (headers) => {
    const has = (h: string) => headers.some((x) => x.trim().toLowerCase() === h.toLowerCase());
    return (has('default_code') && has('list_price')) || (has('Internal Reference') && has('Sales Price'));
  },
  columns: {
    code: 'default_code',
    name: 'name',
    sellingPrice: 'list_price',
    costPrice: 'standard_price',
    barcode: 'barcode',
    category: 'categ_id/id',
    weight: 'weight',
    description: 'description_sale',
    listingStatus: 'active',
    type: 'type',
    taxable: 'taxes_id/id',
  },
  fields(headers) {
    const given = Object.keys(EITHER).filter((field) => EITHER[field]!.some((h) => hasHeader(headers, h)));
    const fields = given.map((field) => (field === 'active' ? 'listingStatus' : field === 'taxes' ? 'taxable' : field));
    return [...fields.filter((f) => f !== 'id'), 'code', 'name', 'category', 'uom'];
  },
  async *read(rows, options, warn) {
    let c!: Columns;
    const body = afterHeader(rows, (columns) => (c = columns));
    const header = (field: string) => EITHER[field]!.find((h) => c.has(h)) ?? EITHER[field]![0];
    const text = (row: SheetRow, field: string) => c.text(row, header(field));
    for await (const row of body) {
      const name = text(row, 'name');
      if (!name) continue;
      const kind = text(row, 'type') ?? '';
      const active = text(row, 'active');
      const taxes = c.has(header('taxes')) ? text(row, 'taxes') !== null : null;
      yield {
        number: row.number,
        values: {
          code: (text(row, 'code') ?? text(row, 'id')?.split('.').pop() ?? name).slice(0, 50),
          name,
          type: SERVICE.test(kind) ? 'service' : CONSUMABLE.test(kind) ? 'nonStock' : 'standard',
          description: text(row, 'description'),
          category: categoryOf(categoryName(text(row, 'category')), null, options),
          sellingPrice: amountOf(text(row, 'sellingPrice')),
          costPrice: amountOf(text(row, 'costPrice')),
          barcode: barcodeOf(text(row, 'barcode'), row.number, header('barcode'), warn),
          weight: kilograms(text(row, 'weight'), 'kg'),
          listingStatus: active !== null && /^(false|0|no)$/i.test(active) ? 'archived' : 'active',
          taxable: taxes,
          uom: PIECE,
        },
      };
    }
  },
};
