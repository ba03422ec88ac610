import type { SheetRow } from '../cells';
import {
  amountOf,
  barcodeOf,
  categoryOf,
  givenFields,
  groupedBy,
  hasHeader,
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

/**
 * Loyverse's items export: one row per variant; the variants of an item share its `Handle` and only
 * the first carries the item's name. Prices and stock are per store (`Price [Store]`,
 * `In stock [Store]`): the first store's price is the selling price. `variable` prices are asked at
 * the till: imported as open-price items at 0.
 */
export const loyverse: Source = {
  name: 'loyverse',
  label: 'Loyverse',
  importType: 'product',
  recognises: (headers) =>
    ['handle', 'sku', 'name', 'sold by weight'].every((h) => headers.some((x) => x.trim().toLowerCase() === h)),
  columns: () => ({
    code: 'SKU',
    name: 'Name',
    description: 'Description',
    category: 'Category',
    costPrice: 'Cost',
    barcode: 'Barcode',
    trackStock: 'Track stock',
    uom: 'Sold by weight',
    variantAttributeValues: 'Option 1 value',
    parent: 'Handle',
  }),
  // Only the first store's price is the selling price (else the default price); every store's stock is read.
  reads: (header, headers) =>
    stockColumn(header, /^in stock (?=\[)/i) ??
    (header === headers.find((h) => /^price \[/i.test(h.trim()))?.trim()
      ? partOf('sellingPrice')
      : readOf(header, [
          [/^option [123] (name|value)$/i, OPTIONS],
          [/^tax - /i, partOf('taxable')],
          [/^default price$/i, partOf('sellingPrice')],
        ])),
  fields(headers) {
    return givenFields(this.columns(headers), headers, [
      ...(hasHeader(headers, /^(price \[|default price$)/i) ? ['sellingPrice', 'allowOpenPrice'] : []),
      ...(hasHeader(headers, /^tax - /i) ? ['taxable'] : []),
    ]);
  },
  async *read(rows, options, warn) {
    for await (const { c, group } of groupedBy(rows, 'Handle')) {
      const first = group[0]!;
      const text = (row: SheetRow, header: string) => c.text(row, header);
      const handle = text(first, 'Handle');
      if (!handle) continue;
      const name = text(first, 'Name') ?? handle;
      const price = c.withPrefix(/^price \[/i)[0]?.header;
      const taxes = c.withPrefix(/^tax - /i).map((t) => t.header);
      const names = [1, 2, 3].map((n) => text(first, `Option ${n} name`));
      const shared = {
        description: text(first, 'Description'),
        category: categoryOf(text(first, 'Category'), null, options),
        uom: yes(text(first, 'Sold by weight')) ? 'KG' : PIECE,
      };
      // A variant's row leaves the item's own settings blank: tracking stock, taxes.
      const ofItem = (row: SheetRow, header: string) => text(row, header) ?? text(first, header);
      const own = (row: SheetRow) => {
        const priceText = (price ? text(row, price) : null) ?? text(row, 'Default price');
        const variable = priceText?.toLowerCase() === 'variable';
        return {
          sellingPrice: variable ? '0' : amountOf(priceText),
          allowOpenPrice: variable ? true : null,
          costPrice: amountOf(text(row, 'Cost')),
          barcode: barcodeOf(text(row, 'Barcode'), row.number, 'Barcode', warn),
          trackStock: yes(ofItem(row, 'Track stock')),
          taxable: taxes.length === 0 ? null : taxes.some((t) => yes(ofItem(row, t))),
        };
      };
      const quantities = c.withPrefix(/^in stock \[/i);
      const code = (row: SheetRow) => (text(row, 'SKU') ?? handle).slice(0, 50);
      if (group.length === 1 && !names[0]) {
        yield {
          number: first.number,
          values: { code: code(first), name, type: 'standard', ...shared, ...own(first) },
          stock: stockOf(c, first, quantities),
        };
        continue;
      }
      yield* withVariants(
        { number: first.number, handle, name, values: { ...shared, ...own(first) } },
        group.map((row) => ({
          number: row.number,
          code: code(row),
          pairs: names
            .map((n, i) => [n, text(row, `Option ${i + 1} value`)] as const)
            .filter((p): p is readonly [string, string] => p[0] !== null && p[1] !== null)
            .map(([n, v]): [string, string] => [n, v]),
          values: own(row),
          stock: stockOf(c, row, quantities),
        })),
      );
    }
  },
};
