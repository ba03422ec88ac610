import { SOURCE_NOTES, type SheetSourceRead } from '@backroom/schema';
import type { CellValue, SheetRow } from '../cells';
import { cellText } from '../cells';
import { numberFromText } from '../columns';

/** A row a source's export becomes: product fields (API names) with cell values, and the sheet row it came from. */
export interface SourceRow {
  number: number;
  values: Record<string, CellValue>;
  /** On hand per location (by the source's location name; `null`: the default location), as decimal text. */
  stock?: StockCell[];
}

/** A quantity on hand a source's row gives, with the sheet row and column it was read from. */
export interface StockCell {
  location: string | null;
  quantity: string;
  row: number;
  column: string;
}

/** How a source reads its variant options' columns. */
export const OPTIONS: SheetSourceRead = { as: 'options' };
/** A column a source reads as part of a field (a fallback, or to derive it). */
export const partOf = (field: string): SheetSourceRead => ({ as: 'field', field });
/** A column a source reads as stock on hand at a location (null: the first store location). */
export const stockAt = (location: string | null): SheetSourceRead => ({ as: 'stock', location });
/** The location a quantity column is named after (`In stock [Chillo]` → `Chillo`). */
const locationOf = (rest: string) => rest.replace(/^\[|\]$/g, '').trim();

/** The read of the first pattern a header matches; null when none. */
export const readOf = (header: string, rules: readonly (readonly [RegExp, SheetSourceRead])[]) =>
  rules.find(([pattern]) => pattern.test(header))?.[1] ?? null;

/** A quantity column's read (`Current Quantity Main St`): stock at the location it is named after. */
export const stockColumn = (header: string, prefix: RegExp): SheetSourceRead | null => {
  const match = prefix.exec(header);
  return match ? stockAt(locationOf(header.slice(match[0].length))) : null;
};

/** A row's quantities in columns named after their location (`Current Quantity Main St` → `Main St`). */
export const stockOf = (c: Columns, row: SheetRow, columns: readonly { header: string; rest: string }[]): StockCell[] =>
  columns.flatMap(({ header, rest }) => {
    const quantity = amountOf(c.text(row, header));
    return quantity === null ? [] : [{ location: locationOf(rest), quantity, row: row.number, column: header }];
  });

/** Something the reading noticed that is not an error: a cell left out, and why. */
export interface SourceWarning {
  row: number;
  column: string;
  message: string;
}

/** Where a source's tags go: the product's category (the first tag) or its Tags field. */
export type TagsTo = 'category' | 'tags';

export interface SourceOptions {
  tagsTo: TagsTo;
}

/** A known system's export: recognised by its headers, read into product rows in full. */
export interface Source {
  name: 'shopify' | 'square' | 'loyverse' | 'odoo';
  label: string;
  /** The importer it feeds. */
  importType: 'product';
  /** Whether a header row is this source's export. */
  recognises(headers: readonly string[]): boolean;
  /**
   * The column each field is read from in a file with these headers, for messages and the mapping
   * table (field → header): an export's vintage or language may name a column otherwise.
   */
  columns(headers: readonly string[]): Record<string, string>;
  /**
   * How the reading uses a column that is none of `columns` (option names and values, quantities per
   * location, a fallback category), as the mapping step shows it; null: not read (listed as ignored).
   */
  reads?(header: string, headers: readonly string[]): SheetSourceRead | null;
  /** The product fields a file with these headers gives (a field not given is left as stored). */
  fields(headers: readonly string[]): string[];
  /** The export's rows (header first) as product rows; warnings for cells left out. */
  read(
    rows: AsyncIterable<SheetRow>,
    options: SourceOptions,
    warn: (w: SourceWarning) => void,
  ): AsyncGenerator<SourceRow>;
}

export const compact = (text: string) => text.toLowerCase().replace(/[^a-z0-9\u00c0-\uffff]+/g, '');

/** Reads cells by header (case and spacing ignored). */
export class Columns {
  private readonly index = new Map<string, number>();
  readonly headers: string[];
  constructor(cells: readonly CellValue[]) {
    this.headers = cells.map((c) => cellText(c) ?? '');
    this.headers.forEach((h, i) => {
      if (h && !this.index.has(compact(h))) this.index.set(compact(h), i);
    });
  }
  has(header: string) {
    return this.index.has(compact(header));
  }
  /** The cell's text, trimmed; null when blank or absent. */
  text(row: SheetRow, header: string): string | null {
    const at = this.index.get(compact(header));
    if (at === undefined) return null;
    const text = cellText(row.cells[at] ?? null);
    return text === null || text.trim() === '' ? null : text.trim();
  }
  /** Headers starting with a prefix, and what follows it (`Current Quantity Main St` → `Main St`). */
  withPrefix(prefix: RegExp): { header: string; rest: string }[] {
    return this.headers
      .map((header) => ({ header, match: prefix.exec(header) }))
      .filter((h) => h.match)
      .map((h) => ({ header: h.header, rest: h.header.slice(h.match![0].length).trim() }));
  }
}

/** The header row (the first row with a value) and the rows after it. */
export async function* afterHeader(
  rows: AsyncIterable<SheetRow>,
  onHeader: (columns: Columns) => void,
): AsyncGenerator<SheetRow> {
  let header = false;
  for await (const row of rows) {
    if (row.cells.every((c) => cellText(c) === null || String(cellText(c)).trim() === '')) continue;
    if (!header) {
      header = true;
      onHeader(new Columns(row.cells));
      continue;
    }
    yield row;
  }
}

/** Consecutive rows sharing a key (a handle, an item name), as groups. */
export async function* groups(rows: AsyncIterable<SheetRow>, keyOf: (row: SheetRow) => string | null) {
  let current: SheetRow[] = [];
  let key: string | null = null;
  for await (const row of rows) {
    const k = keyOf(row);
    if (current.length > 0 && k !== null && k !== key) {
      yield current;
      current = [];
    }
    if (k !== null) key = k;
    current.push(row);
  }
  if (current.length > 0) yield current;
}

/** An export's rows after its header, in groups of consecutive rows sharing a column's value, with the header's columns. */
export async function* groupedBy(
  rows: AsyncIterable<SheetRow>,
  header: string,
): AsyncGenerator<{ c: Columns; group: SheetRow[] }> {
  let c!: Columns;
  const body = afterHeader(rows, (columns) => (c = columns));
  for await (const group of groups(body, (row) => c.text(row, header))) yield { c, group };
}

const SCIENTIFIC = /^\d+(\.\d+)?e\+\d+$/i;

/**
 * A barcode cell: kept as text, or left out with a warning when a spreadsheet turned it into
 * scientific notation (`3.65275E+11`): its digits are lost and cannot be read back.
 */
export function barcodeOf(
  text: string | null,
  row: number,
  column: string,
  warn: (w: SourceWarning) => void,
): string | null {
  if (text === null) return null;
  // A leading apostrophe is a spreadsheet's mark for text (Shopify's export writes one to keep leading zeros).
  if (text.startsWith("'")) return barcodeOf(text.slice(1).trim() || null, row, column, warn);
  // A GS1 code read by a scanner carries its group separators (FNC1, U+001D) as control characters.
  const plain = [...text].filter((ch) => ch.charCodeAt(0) >= 32 && ch.charCodeAt(0) !== 127).join('');
  if (plain !== text) {
    warn({
      row,
      column,
      message: SOURCE_NOTES.scannerSeparators({ text: plain }),
    });
    return barcodeOf(plain, row, column, warn);
  }
  if (SCIENTIFIC.test(text)) {
    warn({
      row,
      column,
      message: SOURCE_NOTES.scientificBarcode({ text }),
    });
    return null;
  }
  return text;
}

/**
 * A money or quantity cell without its currency sign (`$1,250.00` → `1,250.00`); null when blank.
 * The number itself is read by the import as it reads any number cell (`numberFromText`: thousands
 * separators, a decimal comma, and a number read two ways refused with what was read).
 */
export function amountOf(text: string | null): string | null {
  if (text === null) return null;
  return text.replace(/[$€£¥\s]/g, '') || null;
}

/** A weight in kilograms with 3 places, from a number in the given unit. */
export function kilograms(text: string | null, unit: string | null): string | null {
  const amount = amountOf(text);
  if (amount === null) return null;
  // Read before it is scaled (`1,5` g is 0.0015 kg, not 1.5): a number that cannot be read is left
  // as written, for the import to refuse with what it read.
  const read = numberFromText(amount);
  if (!read.ok || !/^-?\d+(\.\d+)?$/.test(String(read.value))) return amount;
  const per: Record<string, number> = { g: 0.001, kg: 1, lb: 0.45359237, oz: 0.028349523125 };
  const factor = per[(unit ?? 'g').toLowerCase()] ?? 0.001;
  return (Number(read.value) * factor).toFixed(3);
}

const YES = new Set(['y', 'yes', 'true', '1']);
export const yes = (text: string | null) => (text === null ? null : YES.has(text.toLowerCase()));

/** A variant axis's values as the product sheet's `Variant attributes` cell: `Color=Green; Size=S`. */
export const attributesCell = (pairs: readonly [string, string][]) =>
  pairs.map(([name, value]) => `${name}=${value}`).join('; ');

/** A code from a name: capitals, digits and dashes, at most `max` long. */
export const codeOf = (name: string, max = 30) =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/g, '') || 'X';

/** A product's category from its type or tags, as the user chose. */
export function categoryOf(type: string | null, tags: string | null, options: SourceOptions): string {
  const firstTag = tags
    ?.split(',')
    .map((t) => t.trim())
    .find(Boolean);
  return (options.tagsTo === 'category' ? (firstTag ?? type) : (type ?? firstTag)) ?? UNCATEGORISED;
}

/** The category of products whose export names none; created on the way like any other. */
export const UNCATEGORISED = 'Uncategorised';

/** The unit of measure of imported products that are not sold by weight. */
export const PIECE = 'PCS';

/** Whether a header row has a header (case and spacing ignored), or one matching a pattern. */
export const hasHeader = (headers: readonly string[], header: string | RegExp) =>
  headers.some((h) => (typeof header === 'string' ? compact(h) === compact(header) : header.test(h.trim())));

/** The fields every source of products with variants gives, whatever its columns. */
const PRODUCT_FIELDS = ['code', 'name', 'type', 'category', 'uom', 'parent', 'variantAttributeValues'];

/** The file's own header for the first of these it has (case and spacing ignored); the first of them when none. */
export function firstHeader(headers: readonly string[], ...candidates: string[]): string {
  for (const candidate of candidates) {
    const found = headers.find((h) => compact(h) === compact(candidate));
    if (found !== undefined) return found.trim();
  }
  return candidates[0]!;
}

/** The fields of a source's `columns` whose column the file has, the fields of every product, and those it derives. */
export const givenFields = (
  columns: Record<string, string>,
  headers: readonly string[],
  derived: readonly string[] = [],
): string[] => [
  ...new Set([
    ...Object.keys(columns).filter((field) => hasHeader(headers, columns[field]!)),
    ...PRODUCT_FIELDS,
    ...derived,
  ]),
];

/** A variant of a product with variants: its sheet row, code, axis values and own fields. */
export interface VariantOf {
  number: number;
  code: string;
  pairs: readonly [string, string][];
  values: Record<string, CellValue>;
  stock?: SourceRow['stock'];
}

/**
 * A product with variants as rows: its variant parent (its code the source's handle, no barcode of
 * its own), then a variant per row naming the parent and its values (`Color=Green; Size=S`).
 */
export function* withVariants(
  product: { number: number; handle: string; name: string; values: Record<string, CellValue> },
  variants: readonly VariantOf[],
): Generator<SourceRow> {
  const handle = product.handle.slice(0, 50);
  yield {
    number: product.number,
    values: {
      Handle: handle,
      ...product.values,
      code: handle,
      name: product.name,
      type: 'variantParent',
      barcode: null,
    },
  };
  for (const variant of variants)
    yield {
      number: variant.number,
      stock: variant.stock,
      values: {
        ...product.values,
        ...variant.values,
        code: variant.code.slice(0, 50),
        name: `${product.name} - ${variant.pairs.map(([, v]) => v).join(' / ')}`.slice(0, 200),
        type: 'standard',
        parent: handle,
        variantAttributeValues: attributesCell(variant.pairs),
      },
    };
}
