import type { SheetRow } from '../cells';
import {
  amountOf,
  barcodeOf,
  categoryOf,
  codeOf,
  firstHeader,
  givenFields,
  groupedBy,
  hasHeader,
  kilograms,
  OPTIONS,
  partOf,
  readOf,
  stockColumn,
  PIECE,
  yes,
  stockOf,
  withVariants,
  type Source,
} from './source';

/** Square's option names may carry the option set's id (`#size5729d5d8-63d1-…`): the name is what comes before it. */
const optionName = (name: string) => {
  const plain = name.replace(/^#/, '').replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, '');
  const words = plain.replace(/[-_]+/g, ' ').trim() || 'Option';
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** A category cell: the first of `Categories`, without Square's id in brackets (`Books (T2B3…)`). */
const firstCategory = (text: string | null) =>
  text
    ?.split(',')
    .map((t) => t.replace(/\s*\([A-Z0-9]{16,}\)\s*$/, '').trim())
    .find(Boolean) ?? null;

/**
 * Square's item library export: one row per item variation; the variations of an item follow each
 * other under the same `Item Name`. `Option Name/Value 1–3` are the axes (else the variation name
 * is); a variation without a SKU is known by its `Token`.
 */
export const square: Source = {
  name: 'square',
  label: 'Square',
  importType: 'product',
  recognises: (headers) =>
    ['token', 'item name', 'variation name', 'price'].every((h) => headers.some((x) => x.trim().toLowerCase() === h)),
  columns: (headers) => ({
    code: 'SKU',
    name: 'Item Name',
    description: 'Description',
    category: firstHeader(headers, 'Reporting Category', 'Categories', 'Category'),
    sellingPrice: 'Price',
    costPrice: 'Default Unit Cost',
    barcode: 'GTIN',
    weight: firstHeader(headers, 'Weight (lb)', 'Weight (kg)', 'Weight (oz)', 'Weight (g)'),
    listingStatus: 'Archived',
    variantAttributeValues: 'Option Value 1',
    parent: 'Item Name',
  }),
  reads: (header) =>
    stockColumn(header, /^current quantity /i) ??
    readOf(header, [
      [/^(variation name|option (name|value) [123])$/i, OPTIONS],
      [/^token$/i, partOf('code')],
      [/^reference handle$/i, partOf('parent')],
      [/^(categories|category)$/i, partOf('category')],
      [/^stockable$/i, partOf('trackStock')],
      [/^tax - /i, partOf('taxable')],
    ]),
  fields(headers) {
    return givenFields(this.columns(headers), headers, [
      ...(hasHeader(headers, /^tax - /i) ? ['taxable'] : []),
      ...(hasHeader(headers, 'Stockable') ? ['trackStock'] : []),
    ]);
  },
  async *read(rows, options, warn) {
    for await (const { c, group } of groupedBy(rows, 'Item Name')) {
      const first = group[0]!;
      const text = (row: SheetRow, header: string) => c.text(row, header);
      const item = text(first, 'Item Name');
      if (!item) continue;
      const weightHeader = c.headers.find((h) => /^weight \((lb|kg|oz|g)\)$/i.test(h.trim()));
      const weightUnit = weightHeader ? /\((\w+)\)/.exec(weightHeader)![1]! : null;
      const taxes = c.withPrefix(/^tax - /i).map((t) => t.header);
      const shared = {
        description: text(first, 'Description'),
        category: categoryOf(
          text(first, 'Reporting Category') ?? firstCategory(text(first, 'Categories') ?? text(first, 'Category')),
          null,
          options,
        ),
        uom: PIECE,
      };
      const own = (row: SheetRow) => ({
        sellingPrice: amountOf(text(row, 'Price')),
        costPrice: amountOf(text(row, 'Default Unit Cost')),
        barcode: barcodeOf(text(row, 'GTIN'), row.number, 'GTIN', warn),
        weight: weightHeader ? kilograms(text(row, weightHeader), weightUnit) : null,
        listingStatus: yes(text(row, 'Archived')) ? 'archived' : 'active',
        taxable: taxes.length === 0 ? null : taxes.some((t) => yes(text(row, t))),
        trackStock: text(row, 'Stockable') === null ? null : yes(text(row, 'Stockable')),
      });
      const quantities = c.withPrefix(/^current quantity /i);
      const code = (row: SheetRow) => (text(row, 'SKU') ?? text(row, 'Token') ?? codeOf(item, 50)).slice(0, 50);
      if (group.length === 1) {
        yield {
          number: first.number,
          values: { code: code(first), name: item, type: 'standard', ...shared, ...own(first) },
          stock: stockOf(c, first, quantities),
        };
        continue;
      }
      const pairsOf = (row: SheetRow): [string, string][] => {
        const pairs = [1, 2, 3]
          .map((n) => [text(row, `Option Name ${n}`), text(row, `Option Value ${n}`)] as const)
          .filter((p): p is readonly [string, string] => p[0] !== null && p[1] !== null)
          .map(([name, value]): [string, string] => [optionName(name), value]);
        return pairs.length > 0 ? pairs : [['Variation', text(row, 'Variation Name') ?? text(row, 'Token') ?? '']];
      };
      yield* withVariants(
        {
          number: first.number,
          handle: text(first, 'Reference Handle') ?? codeOf(item, 50),
          name: item,
          values: { ...shared, ...own(first) },
        },
        group.map((row) => ({
          number: row.number,
          code: code(row),
          pairs: pairsOf(row),
          values: own(row),
          stock: stockOf(c, row, quantities),
        })),
      );
    }
  },
};
