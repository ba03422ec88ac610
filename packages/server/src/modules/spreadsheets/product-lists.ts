import { findEntity } from '@backroom/schema';
import type { AppContext } from '../../context';
import { anyDb, type Row } from '../../data/store';
import { barcodeHolders, recipeCycle } from '../product/index';
import { childListImporter } from './child-lists';
import type { ScalarField } from './columns';
import type { Importer, RowIssue } from './importer';

const product = findEntity('product')!;
/** A column naming a product by SKU (or name): the product's own `parent` reference, relabelled. */
const productColumn = (label: string, help: string) =>
  ({ ...product.fields.find((f) => f.name === 'parent'), label, help }) as ScalarField;

const LINES =
  'Lines the sheet does not name stay as they are. Every row is checked first (codes, numbers, the rules of the product form); then every product is written, or none.';

type SheetRows = readonly { number: number; input: Row }[];

/** A recipe may not go round in a circle: checked against the stored recipes and the sheet's other rows together. */
async function recipeCycles(ctx: AppContext, rows: SheetRows): Promise<RowIssue[]> {
  const more = new Map<number, number[]>();
  for (const { input } of rows)
    more.set(input.owner as number, [...(more.get(input.owner as number) ?? []), input.product as number]);
  const issues: RowIssue[] = [];
  for (const { number, input } of rows) {
    const message = await recipeCycle(anyDb(ctx), input.owner as number, input.product as number, more);
    if (message) issues.push({ row: number, field: 'product', message });
  }
  return issues;
}

/** The product codes of `ids`. */
async function codesOf(ctx: AppContext, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await anyDb(ctx).selectFrom(product.table).select(['id', 'code']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [Number(r.id), String(r.code)]));
}

/** A barcode scans to one product: one held by another product, or as this product's main barcode, is refused. */
async function barcodesTaken(ctx: AppContext, rows: SheetRows): Promise<RowIssue[]> {
  const holders = await barcodeHolders(anyDb(ctx), [...new Set(rows.map((r) => String(r.input.barcode)))]);
  const clashes = rows.flatMap(({ number, input }) => {
    const other = (holders.get(String(input.barcode)) ?? []).find((h) => h.main || h.product !== input.owner);
    return other ? [{ number, barcode: String(input.barcode), other }] : [];
  });
  const codes = await codesOf(ctx, [...new Set(clashes.map((c) => c.other.product))]);
  return clashes.map(({ number, barcode, other }) => ({
    row: number,
    field: 'barcode',
    message: `Barcode "${barcode}" is already used: it is the ${other.main ? 'main' : 'alternate'} barcode of ${codes.get(other.product)}`,
  }));
}

/** One supplier per product is the preferred one: two preferred rows for one product are refused. */
async function onePreferred(_ctx: AppContext, rows: SheetRows): Promise<RowIssue[]> {
  const first = new Map<number, number>();
  const issues: RowIssue[] = [];
  for (const { number, input } of rows) {
    if (input.preferred !== true) continue;
    const earlier = first.get(input.owner as number);
    if (earlier !== undefined)
      issues.push({
        row: number,
        field: 'preferred',
        message: `Only one supplier can be the preferred one: row ${earlier} already is for this product`,
      });
    else first.set(input.owner as number, number);
  }
  return issues;
}

export const recipeImporter = (): Importer =>
  childListImporter({
    type: 'recipe',
    label: 'Recipes',
    entity: product,
    list: 'recipeComponents',
    owner: productColumn('Composite SKU', 'SKU of the composite (recipe) product whose recipe the row belongs to.'),
    columns: [{ name: 'product', label: 'Component SKU' }, { name: 'quantity' }, { name: 'uom' }],
    line: ['product'],
    screen: 'importer/recipe',
    options: [{ text: 'Recipe components', value: 'components' }],
    meaning: `Recipe components of composite products: each row says that one unit of the composite product (by SKU) is made of a quantity of a component product (by SKU), optionally in a unit of measure. A component already in that recipe has its quantity and unit updated; a new one is added. A recipe may not contain its own product, directly or through a component's recipe (cycles are refused). ${LINES}`,
    verify: recipeCycles,
  });

export const supplierProductImporter = (): Importer =>
  childListImporter({
    type: 'supplierproduct',
    label: 'Supplier products',
    entity: product,
    list: 'supplierMapping',
    owner: productColumn('SKU', 'SKU of the product the supplier sells.'),
    columns: [
      { name: 'supplier' },
      { name: 'supplierItemCode' },
      { name: 'cost' },
      { name: 'leadTimeDays', label: 'Lead time (days)' },
      { name: 'preferred' },
    ],
    line: ['supplier'],
    key: ['supplier', 'owner'],
    screen: 'importer/supplierproduct',
    options: [{ text: 'Supplier item codes and costs', value: 'mapping' }],
    meaning: `Which supplier sells which product: each row maps a supplier (by code) to a product (by SKU) with the supplier's own item code, the cost from that supplier, the lead time in days, and whether it is the product's preferred supplier. A supplier already mapped to the product is updated in the columns the sheet has; a new one is added. Making a supplier preferred makes the product's other suppliers not preferred. ${LINES}`,
    verify: onePreferred,
    settle(lines, sent) {
      const chosen = sent.find((l) => l.preferred === true);
      if (chosen) for (const line of lines) if (line !== chosen && line.preferred === true) line.preferred = false;
    },
  });

export const alternateBarcodeImporter = (): Importer =>
  childListImporter({
    type: 'alternatebarcode',
    label: 'Alternate barcodes',
    entity: product,
    list: 'alternateBarcodes',
    owner: productColumn('SKU', 'SKU of the product the barcode scans to.'),
    columns: [{ name: 'barcode' }, { name: 'uom' }, { name: 'quantityPerUnit' }],
    line: ['barcode'],
    key: ['barcode'],
    screen: 'importer/alternatebarcode',
    options: [{ text: 'Alternate barcodes', value: 'barcodes' }],
    meaning: `More barcodes that scan to a product: each row gives a product (by SKU) and a barcode, optionally the unit of measure the barcode sells in and how many base units it holds (a carton of 12). A barcode scans to one product only: one that is any product's main barcode, or another product's alternate barcode, is refused. A barcode the product already has is updated in its unit and quantity. ${LINES}`,
    verify: barcodesTaken,
  });
