import { SOURCE_NOTES } from '@backroom/schema';
import type { SheetRow } from '../cells';
import {
  afterHeader,
  amountOf,
  barcodeOf,
  categoryOf,
  firstHeader,
  hasHeader,
  kilograms,
  PIECE,
  type Columns,
  type Source,
} from './source';

/**
 * The columns of an Odoo export by field: its technical names (an import-compatible export) first,
 * then its labels in the export's language (English, German, French, Spanish).
 */
const NAMES = {
  code: ['default_code', 'Internal Reference', 'Interne Referenz', 'Référence interne', 'Referencia interna'],
  name: ['name', 'Name', 'Nom', 'Nombre'],
  sellingPrice: ['list_price', 'lst_price', 'Sales Price', 'Verkaufspreis', 'Prix de vente', 'Precio de venta'],
  costPrice: ['standard_price', 'Cost', 'Kosten', 'Coût', 'Costo', 'Coste'],
  barcode: ['barcode', 'Barcode', 'Strichcode', 'Code-barres', 'Código de barras'],
  category: [
    'categ_id/id',
    'categ_id',
    'Product Category',
    'Produktkategorie',
    'Catégorie de produit',
    "Catégorie d'article",
    'Categoría de producto',
  ],
  weight: ['weight', 'Weight', 'Gewicht', 'Poids', 'Peso'],
  description: ['description_sale', 'Sales Description', 'Verkaufsbeschreibung', 'Description de vente'],
  listingStatus: ['active', 'Active', 'Aktiv', 'Actif', 'Activo'],
  type: ['type', 'detailed_type', 'Product Type', 'Produktart', 'Produkttyp', "Type d'article", 'Tipo de producto'],
  taxable: ['taxes_id/id', 'taxes_id', 'Customer Taxes', 'Kundensteuern', 'Taxes à la vente', 'Impuestos del cliente'],
  id: ['id', 'External ID', 'Externe ID', 'ID externe', 'ID externo'],
  // Odoo 18: goods (`consu`) are stocked when this is set.
  storable: ['is_storable', 'Track Inventory'],
} satisfies Record<string, string[]>;
type Field = keyof typeof NAMES;
/** Columns read to derive another field's value (a code from the external id, a type from the storable flag). */
const DERIVING: readonly Field[] = ['id', 'storable'];
const FIELDS = (Object.keys(NAMES) as Field[]).filter((field) => !DERIVING.includes(field));

const given = (headers: readonly string[], field: Field) => NAMES[field].some((h) => hasHeader(headers, h));

const SERVICE = /service|dienstleistung|servicio/i;
const CONSUMABLE = /consu|verbrauch/i;

/** A category cell: an external id's last part (`__export__.product_category_3`) or a path's last step (`All / Saleable`). */
const categoryName = (text: string | null) =>
  text === null ? null : text.split('/').pop()!.trim().split('.').pop()!.trim() || null;

/**
 * Odoo's product export (`product.template` or `product.product`), with technical field names (an
 * import-compatible export) or with their labels. One row per product; an archived product
 * (`active` False) is archived here too. A blank sales price is 0, with a warning.
 */
export const odoo: Source = {
  name: 'odoo',
  label: 'Odoo',
  importType: 'product',
  recognises: (headers) =>
    given(headers, 'code') &&
    given(headers, 'name') &&
    (given(headers, 'sellingPrice') || given(headers, 'costPrice') || given(headers, 'type')),
  reads: (header) => DERIVING.some((field) => given([header], field)),
  columns: (headers) => Object.fromEntries(FIELDS.map((field) => [field, firstHeader(headers, ...NAMES[field])])),
  fields(headers) {
    const fields = FIELDS.filter((field) => given(headers, field));
    return [...new Set([...fields, 'code', 'name', 'category', 'uom'])];
  },
  async *read(rows, options, warn) {
    let c!: Columns;
    const body = afterHeader(rows, (columns) => (c = columns));
    const header = (field: Field) => firstHeader(c.headers, ...NAMES[field]);
    const text = (row: SheetRow, field: Field) => c.text(row, header(field));
    for await (const row of body) {
      const name = text(row, 'name');
      if (!name) continue;
      const kind = text(row, 'type') ?? '';
      const storable = c.has(header('storable')) ? /^(true|1|yes)$/i.test(text(row, 'storable') ?? '') : null;
      const active = text(row, 'listingStatus');
      const taxes = c.has(header('taxable')) ? text(row, 'taxable') !== null : null;
      const price = amountOf(text(row, 'sellingPrice'));
      if (price === null && c.has(header('sellingPrice')))
        warn({ row: row.number, column: header('sellingPrice'), message: SOURCE_NOTES.noSalesPrice() });
      yield {
        number: row.number,
        values: {
          code: (text(row, 'code') ?? text(row, 'id')?.split('.').pop() ?? name).slice(0, 50),
          name,
          type: SERVICE.test(kind) ? 'service' : (storable ?? !CONSUMABLE.test(kind)) ? 'standard' : 'nonStock',
          description: text(row, 'description'),
          category: categoryOf(categoryName(text(row, 'category')), null, options),
          sellingPrice: price ?? (c.has(header('sellingPrice')) ? '0' : null),
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
