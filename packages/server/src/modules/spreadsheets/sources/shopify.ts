import type { SheetRow } from '../cells';
import {
  amountOf,
  barcodeOf,
  categoryOf,
  firstHeader,
  givenFields,
  groupedBy,
  kilograms,
  OPTIONS,
  partOf,
  readOf,
  stockAt,
  PIECE,
  yes,
  withVariants,
  type Source,
  type SourceRow,
} from './source';

const STATUSES = new Set(['active', 'draft', 'archived']);

/** The most precise step of Shopify's standard product category (`Food Items > Bakery > Cupcakes` → `Cupcakes`). */
const lastStep = (path: string | null) => path?.split('>').pop()!.trim() || null;

/**
 * Shopify's products CSV (export or import template): one row per variant, rows of a product share
 * its `Handle` and only the first has the product's own columns; rows with only `Image Src` add an
 * image. Option1–3 Name/Value are the variant axes (`Title` / `Default Title`: no variants). The
 * category is the merchant's own `Type`, else the last step of Shopify's `Product Category` (2023 on).
 */
export const shopify: Source = {
  name: 'shopify',
  label: 'Shopify',
  importType: 'product',
  recognises: (headers) =>
    ['handle', 'title', 'variant price', 'option1 name'].every((h) =>
      headers.some((x) => x.trim().toLowerCase() === h),
    ),
  columns: (headers) => ({
    code: 'Variant SKU',
    name: 'Title',
    description: 'Body (HTML)',
    brand: 'Vendor',
    category: firstHeader(headers, 'Type', 'Product Category'),
    tags: 'Tags',
    sellingPrice: 'Variant Price',
    compareAtPrice: 'Variant Compare At Price',
    costPrice: 'Cost per item',
    barcode: 'Variant Barcode',
    weight: 'Variant Grams',
    taxable: 'Variant Taxable',
    listingStatus: 'Status',
    imageUrls: 'Image Src',
    variantAttributeValues: 'Option1 Value',
    parent: 'Handle',
  }),
  reads: (header) =>
    readOf(header, [
      [/^(option1 name|option[23] (name|value))$/i, OPTIONS],
      [/^variant image$/i, partOf('imageUrls')],
      [/^variant inventory qty$/i, stockAt(null)],
      [/^product category$/i, partOf('category')],
    ]),
  fields(headers) {
    return givenFields(this.columns(headers), headers);
  },
  async *read(rows, options, warn) {
    for await (const { c, group } of groupedBy(rows, 'Handle')) {
      const first = group[0]!;
      const handle = c.text(first, 'Handle');
      if (!handle) continue;
      const text = (row: SheetRow, header: string) => c.text(row, header);
      const title = text(first, 'Title');
      const names = [1, 2, 3].map((n) => text(first, `Option${n} Name`));
      const variants = group.filter(
        (row) => text(row, 'Variant Price') !== null || text(row, 'Variant SKU') !== null || text(row, 'Option1 Value'),
      );
      const images = [
        ...new Set(group.map((row) => text(row, 'Image Src')).filter((src): src is string => src !== null)),
      ];
      const status = text(first, 'Status')?.toLowerCase() ?? null;
      const tags = text(first, 'Tags');
      const shared = {
        description: text(first, 'Body (HTML)'),
        brand: text(first, 'Vendor'),
        category: categoryOf(text(first, 'Type') ?? lastStep(text(first, 'Product Category')), tags, options),
        tags,
        listingStatus: status && STATUSES.has(status) ? status : 'active',
        uom: PIECE,
      };
      const own = (row: SheetRow) => ({
        sellingPrice: amountOf(text(row, 'Variant Price')),
        compareAtPrice: amountOf(text(row, 'Variant Compare At Price')),
        costPrice: amountOf(text(row, 'Cost per item')),
        barcode: barcodeOf(text(row, 'Variant Barcode'), row.number, 'Variant Barcode', warn),
        weight: kilograms(text(row, 'Variant Grams'), 'g'),
        taxable: yes(text(row, 'Variant Taxable')),
      });
      // The products CSV has one quantity, at the shop's default location.
      const inventory = (row: SheetRow) => {
        const quantity = amountOf(text(row, 'Variant Inventory Qty'));
        return quantity === null
          ? []
          : [{ location: null, quantity, row: row.number, column: 'Variant Inventory Qty' }];
      };
      const single =
        variants.length <= 1 &&
        (text(variants[0] ?? first, 'Option1 Value') === null ||
          text(variants[0] ?? first, 'Option1 Value') === 'Default Title');
      if (single) {
        const row = variants[0] ?? first;
        yield {
          number: first.number,
          values: {
            Handle: handle,
            code: text(row, 'Variant SKU') ?? handle,
            name: title ?? handle,
            type: 'standard',
            ...shared,
            ...own(row),
            imageUrls: images.join('\n') || null,
          },
          stock: inventory(row),
        } satisfies SourceRow;
        continue;
      }
      const pairsOf = (row: SheetRow) =>
        names
          .map((name, i) => [name, text(row, `Option${i + 1} Value`)] as [string | null, string | null])
          .filter((p): p is [string, string] => p[0] !== null && p[1] !== null);
      yield* withVariants(
        {
          number: first.number,
          handle,
          name: title ?? handle,
          values: { ...shared, ...own(variants[0] ?? first), imageUrls: images.join('\n') || null },
        },
        variants.map((row) => ({
          number: row.number,
          code:
            text(row, 'Variant SKU') ??
            `${handle}-${pairsOf(row)
              .map(([, v]) => v)
              .join('-')}`,
          pairs: pairsOf(row),
          values: { ...own(row), imageUrls: text(row, 'Variant Image') ?? text(row, 'Image Src') },
          stock: inventory(row),
        })),
      );
    }
  },
};
