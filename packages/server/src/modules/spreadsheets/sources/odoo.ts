import { SOURCE_NOTES, type SheetSourceRead } from '@backroom/schema';
import type { CellValue, SheetRow } from '../cells';
import {
  afterHeader,
  amountOf,
  barcodeOf,
  categoryOf,
  codeOf,
  firstHeader,
  groups,
  hasHeader,
  kilograms,
  OPTIONS,
  partOf,
  PIECE,
  withVariants,
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
  // A variant's values (`product.product`, labels): `Size: M`, one a line, further ones on rows of their own.
  variantAttributeValues: ['Variant Values'],
} satisfies Record<string, string[]>;
type Field = keyof typeof NAMES;
/**
 * Columns read to derive another field's value (a code from the external id, a type from the
 * storable flag, variants from their values), and how, as the mapping step says it.
 */
const DERIVED: Partial<Record<Field, SheetSourceRead>> = {
  id: partOf('code'),
  storable: partOf('type'),
  variantAttributeValues: OPTIONS,
};
const DERIVING = Object.keys(DERIVED) as Field[];
const FIELDS = (Object.keys(NAMES) as Field[]).filter((field) => !DERIVING.includes(field));

const given = (headers: readonly string[], field: Field) => NAMES[field].some((h) => hasHeader(headers, h));

const SERVICE = /service|dienstleistung|servicio/i;
const CONSUMABLE = /consu|verbrauch/i;

/** A category cell: an external id's last part (`__export__.product_category_3`) or a path's last step (`All / Saleable`). */
const categoryName = (text: string | null) =>
  text === null ? null : text.split('/').pop()!.trim().split('.').pop()!.trim() || null;

/** A `Variant Values` cell's pairs: `Size: M` (several, if a spreadsheet joined them: `Color: Red, Size: M`). */
const pairsOf = (text: string | null): [string, string][] =>
  (text ?? '')
    .split(/,\s*(?=[^,:]+:)/)
    .map((part) => /^([^:]+):\s*(.+)$/.exec(part.trim()))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => [m[1]!.trim(), m[2]!.trim()]);

/**
 * Odoo's product export (`product.template` or `product.product`), with technical field names (an
 * import-compatible export) or with their labels. One row per product; an archived product
 * (`active` False) is archived here too. A blank sales price is 0, with a warning. In a
 * `product.product` export with `Variant Values`, the variants of a template follow each other under
 * its name, each value on a row of its own (the other cells blank after the first): they become a
 * variant parent (its SKU from the name) and its variants.
 */
export const odoo: Source = {
  name: 'odoo',
  label: 'Odoo',
  importType: 'product',
  recognises: (headers) =>
    given(headers, 'code') &&
    given(headers, 'name') &&
    (given(headers, 'sellingPrice') || given(headers, 'costPrice') || given(headers, 'type')),
  reads: (header) => {
    const field = DERIVING.find((f) => given([header], f));
    return field ? DERIVED[field]! : null;
  },
  columns: (headers) => ({
    ...Object.fromEntries(FIELDS.map((field) => [field, firstHeader(headers, ...NAMES[field])])),
    ...(given(headers, 'variantAttributeValues')
      ? {
          variantAttributeValues: firstHeader(headers, ...NAMES.variantAttributeValues),
          parent: firstHeader(headers, ...NAMES.name),
        }
      : {}),
  }),
  fields(headers) {
    const fields = FIELDS.filter((field) => given(headers, field));
    const variants = given(headers, 'variantAttributeValues') ? ['type', 'parent', 'variantAttributeValues'] : [];
    return [...new Set([...fields, 'code', 'name', 'category', 'uom', ...variants])];
  },
  async *read(rows, options, warn) {
    let c!: Columns;
    const body = afterHeader(rows, (columns) => (c = columns));
    const header = (field: Field) => firstHeader(c.headers, ...NAMES[field]);
    const text = (row: SheetRow, field: Field) => c.text(row, header(field));
    // A product's own code: its internal reference, else its external id's last part.
    const referenceOf = (row: SheetRow) => text(row, 'code') ?? text(row, 'id')?.split('.').pop() ?? null;
    const product = (row: SheetRow, name: string): Record<string, CellValue> => {
      const kind = text(row, 'type') ?? '';
      const storable = c.has(header('storable')) ? /^(true|1|yes)$/i.test(text(row, 'storable') ?? '') : null;
      const active = text(row, 'listingStatus');
      const taxes = c.has(header('taxable')) ? text(row, 'taxable') !== null : null;
      const price = amountOf(text(row, 'sellingPrice'));
      if (price === null && c.has(header('sellingPrice')))
        warn({ row: row.number, column: header('sellingPrice'), message: SOURCE_NOTES.noSalesPrice() });
      return {
        code: (referenceOf(row) ?? name).slice(0, 50),
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
      };
    };
    for await (const group of groups(body, (row) => text(row, 'name'))) {
      const name = text(group[0]!, 'name');
      if (!name) continue;
      // Each row naming the product starts a variant; a row with only a value adds it to the one before.
      const variants: { row: SheetRow; pairs: [string, string][] }[] = [];
      for (const row of group)
        if (text(row, 'name') !== null) variants.push({ row, pairs: pairsOf(text(row, 'variantAttributeValues')) });
        else variants.at(-1)?.pairs.push(...pairsOf(text(row, 'variantAttributeValues')));
      if (variants.every((v) => v.pairs.length === 0)) {
        for (const { row } of variants) yield { number: row.number, values: product(row, name) };
        continue;
      }
      const handle = codeOf(name, 50);
      const first = product(variants[0]!.row, name);
      yield* withVariants(
        { number: variants[0]!.row.number, handle, name, values: first },
        variants.map(({ row, pairs }) => ({
          number: row.number,
          // A variant without an internal reference: the template's code and its values.
          code: referenceOf(row) ?? `${handle}-${codeOf(pairs.map(([, v]) => v).join('-'))}`,
          pairs,
          values: row === variants[0]!.row ? first : product(row, name),
        })),
      );
    }
  },
};
