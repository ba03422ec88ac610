import {
  fieldOf,
  findEntity,
  validateRow,
  type SheetCounts,
  type SheetRowError,
  type SheetRowPreview,
} from '@backroom/schema';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { storedRows, toApiRows } from '../../data/read';
import { anyDb, inTransaction, type Row } from '../../data/store';
import { insertRow, updateRow } from '../../data/write';
import { assertPrivilege } from '../../http/auth-guard';
import { ApiError } from '../../http/envelope';
import { jobWriter } from '../../jobs/acting-user';
import { cellText, type CellValue } from './cells';
import { fromCell, type ScalarField } from './columns';
import { Lookups } from './lookups';
import { componentParts } from './component-cells';

const bundle = findEntity('bundle')!;
const product = findEntity('product')!;
const productRef = product.fields.find((f) => f.name === 'parent') as ScalarField;

/** The product sheet's pseudo-field of a bundle row: its items, `TEE-S=1; MUG=2` (product SKU or handle = quantity). */
export const BUNDLE_ITEMS = 'bundleItems';
export const BUNDLE_ITEMS_LABEL = 'Bundle items';
/**
 * The `Bundle items` column of the product template and export: not a product field (a row with
 * it is a bundle, read aside), so it is written blank on product rows and never read as a field.
 */
export const bundleItemsColumn = {
  ...fieldOf(product, 'description'),
  name: BUNDLE_ITEMS,
  label: BUNDLE_ITEMS_LABEL,
  help: 'Blank on a product row. Filled, the row is a bundle: its SKU the bundle code, its name and selling price the bundle\'s, and this cell its items as product SKU = quantity, separated by ";" — TEE-S=2; MUG=1. An item may be a product row of this sheet, above or below.',
  required: false,
} as ScalarField;

/**
 * The stored bundles as rows of a product sheet of `columns` (SKU, Name, Selling price and Bundle
 * items filled, the rest blank), read 500 at a time: a product export imports back with its bundles.
 */
export async function* bundleSheetRows(ctx: AppContext, columns: readonly ScalarField[]): AsyncGenerator<CellValue[]> {
  const db = anyDb(ctx);
  const at = (name: string) => columns.findIndex((f) => f.name === name);
  const [code, name, price, items] = [at('code'), at('name'), at('sellingPrice'), at(BUNDLE_ITEMS)];
  const ids = (await db.selectFrom('bundle').select('id').orderBy('code').execute()).map((r) => Number(r.id));
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await toApiRows(ctx, db, bundle, await storedRows(db, bundle, ids.slice(i, i + 500)), {
      labels: false,
    });
    const productIds = [
      ...new Set(rows.flatMap((r) => ((r.items as Row[] | null) ?? []).map((l) => Number(l.product)))),
    ];
    const codes = new Map<number, string>();
    for (let j = 0; j < productIds.length; j += 500)
      for (const p of await db
        .selectFrom('product')
        .select(['id', 'code'])
        .where('id', 'in', productIds.slice(j, j + 500))
        .execute())
        codes.set(Number(p.id), String(p.code));
    const byId = new Map(rows.map((r) => [Number(r.id), r]));
    for (const id of ids.slice(i, i + 500)) {
      const row = byId.get(id);
      if (!row) continue;
      const cells: CellValue[] = columns.map(() => null);
      if (code >= 0) cells[code] = row.code as string;
      if (name >= 0) cells[name] = row.name as string;
      if (price >= 0) cells[price] = row.price === null ? null : Number(row.price);
      if (items >= 0)
        cells[items] = ((row.items as Row[] | null) ?? [])
          .map((l) => `${codes.get(Number(l.product)) ?? String(l.product)}=${Number(l.quantity)}`)
          .join('; ');
      yield cells;
    }
  }
}

/** Headers read as the `Bundle items` column (compared without case, spacing or punctuation). */
export const BUNDLE_HEADERS = ['bundleitems', 'bundlecomponents', 'bundlecontents'];

/** A row of the product sheet with a `Bundle items` cell: a bundle, not a product. */
export interface BundleRow {
  number: number;
  code: CellValue;
  name: CellValue;
  price: CellValue;
  items: string;
}

/** Ids standing for products of the sheet a validation has not written yet (above any row id). */
const SHEET_PRODUCT_BASE = 2_000_000_000;

/** A bundle's problem as its row says it: the message names its field; an item's says which item of the cell. */
function bundleProblem(issue: { field: string; message: string }): string {
  const item = /^items\.(\d+)\./.exec(issue.field);
  return item ? `${BUNDLE_ITEMS_LABEL}, item ${Number(item[1]) + 1}: ${issue.message}` : issue.message;
}

interface Checked {
  row: BundleRow;
  input: Row;
  existing?: Row;
  action?: SheetRowPreview['action'];
  changes: SheetRowPreview['changes'];
}

/**
 * The bundles of a product sheet (rows with a `Bundle items` cell): each row's SKU is the bundle's
 * code, its name and selling price the bundle's, and its items products by SKU, name or handle —
 * stored, or product rows of the same sheet, above or below (the products are written first, so
 * their ids are read after the product commit). The whole list of items is the cell's: a bundle
 * is defined by what it holds. Checked with every product row before anything is written; written
 * after the products, in one transaction, through the generic write path.
 */
export class SheetBundles {
  readonly rows: BundleRow[] = [];
  /** The sheet's product rows: SKU by lower-case SKU, name and handle. */
  readonly products = new Map<string, string>();

  reset() {
    this.rows.length = 0;
    this.products.clear();
  }

  /** A product row of the sheet, so that a bundle may name it. */
  addProduct(code: string | null, name: string | null, handle: string | null) {
    if (!code) return;
    for (const key of [code, name, handle]) {
      const lower = key?.trim().toLowerCase();
      if (lower && !this.products.has(lower)) this.products.set(lower, code.trim());
    }
  }

  private async check(ctx: AppContext, stored: boolean): Promise<{ checked: Checked[]; errors: SheetRowError[] }> {
    const db = anyDb(ctx);
    const products = await new Lookups(db).of(productRef);
    const errors: SheetRowError[] = [];
    const checked: Checked[] = [];
    const sheetCodes = [...new Set(this.products.values())];
    const existingBundles = await storedBundles(
      ctx,
      this.rows.map((row) => cellText(row.code)),
    );
    const seen = new Map<string, number>();
    for (const row of this.rows) {
      const lines: Row[] = [];
      const problems: string[] = [];
      for (const part of componentParts(row.items, 'TEE-S=1; MUG=2', true)) {
        if ('problem' in part) {
          problems.push(part.problem);
          continue;
        }
        const { name, quantity } = part;
        const found = products.idOf(name);
        const inSheet = this.products.get(name.toLowerCase());
        if (inSheet !== undefined && (stored || !('id' in found))) {
          // A product row of this sheet: stored by the product commit before the bundles are written.
          const id = products.idOf(inSheet);
          if ('id' in id) lines.push({ product: id.id, quantity });
          else if (stored) problems.push(`"${name}" was not written`);
          else lines.push({ product: SHEET_PRODUCT_BASE + sheetCodes.indexOf(inSheet), quantity });
          continue;
        }
        if ('id' in found) lines.push({ product: found.id, quantity });
        else
          problems.push(
            found.missing ? `"${name}" is not the SKU or name of a product, nor of a row of this sheet` : found.message,
          );
      }
      if (lines.length === 0 && problems.length === 0) problems.push('name at least one item');
      const code = cellText(row.code);
      const input: Row = {
        code,
        name: cellText(row.name),
        price: fromCell(bundle.fields.find((f) => f.name === 'price') as ScalarField, row.price),
        items: lines,
      };
      const price = input.price as ReturnType<typeof fromCell>;
      if (!price.ok) problems.push(`Selling price ${price.message}`);
      input.price = price.ok ? price.value : null;
      if (code) {
        const earlier = seen.get(code.toLowerCase());
        if (earlier !== undefined) problems.push(`the same bundle SKU is on row ${earlier}`);
        else seen.set(code.toLowerCase(), row.number);
        if (this.products.has(code.toLowerCase()) && this.products.get(code.toLowerCase()) === code)
          problems.push(`${code} is also a product row of this sheet`);
      }
      if (problems.length > 0) {
        errors.push({
          row: row.number,
          column: BUNDLE_ITEMS_LABEL,
          message: `${BUNDLE_ITEMS_LABEL}: ${problems.join('; ')}`,
        });
        continue;
      }
      const existing = code ? existingBundles.get(code) : undefined;
      const result = existing
        ? validateRow(bundle, { ...input, id: existing.id, version: existing.version ?? 0 }, 'update')
        : validateRow(bundle, input, 'insert');
      if (!result.ok) {
        for (const issue of result.errors)
          errors.push({ row: row.number, column: BUNDLE_ITEMS_LABEL, message: bundleProblem(issue) });
        continue;
      }
      const entry: Checked = { row, input: result.value, existing, changes: [] };
      if (!existing) entry.action = 'insert';
      else {
        const shownItems = (items: unknown) =>
          ((items as Row[] | null) ?? [])
            .map((l) => {
              const id = Number(l.product);
              const code = id >= SHEET_PRODUCT_BASE ? sheetCodes[id - SHEET_PRODUCT_BASE] : products.codeOf(id);
              return `${code ?? String(id)}=${Number(l.quantity)}`;
            })
            .join('; ');
        const before: Record<string, unknown> = {
          name: existing.name,
          price: existing.price,
          items: shownItems(existing.items),
        };
        const after: Record<string, unknown> = {
          name: result.value.name,
          price: result.value.price,
          items: shownItems(lines),
        };
        for (const field of ['name', 'price', 'items'])
          if (String(before[field] ?? '') !== String(after[field] ?? ''))
            entry.changes.push({
              field,
              column: field === 'items' ? BUNDLE_ITEMS_LABEL : field === 'price' ? 'Selling price' : 'Name',
              old: (before[field] ?? null) as string | null,
              new: (after[field] ?? null) as string | null,
            });
        entry.action = entry.changes.length > 0 ? 'update' : 'unchanged';
      }
      checked.push(entry);
    }
    return { checked, errors };
  }

  /** The bundles' checks and what writing them does (validate: would do), as the import's counts. */
  async run(ctx: AppContext, request: FastifyRequest, commit: boolean): Promise<SheetCounts> {
    const counts: SheetCounts = {
      total: this.rows.length,
      processed: this.rows.length,
      inserted: 0,
      updated: 0,
      unchanged: 0,
      errorCount: 0,
      errors: [],
      committed: commit,
      rows: [],
    };
    if (this.rows.length === 0) return counts;
    try {
      await assertPrivilege(request, bundle.permission, 'edit');
    } catch {
      counts.errors = this.rows.map((row) => ({
        row: row.number,
        column: BUNDLE_ITEMS_LABEL,
        message: `${BUNDLE_ITEMS_LABEL}: your role may not change bundles`,
      }));
      counts.errorCount = counts.errors.length;
      counts.committed = false;
      return counts;
    }
    const { checked, errors } = await this.check(ctx, commit);
    counts.errors = errors;
    counts.errorCount = errors.length;
    for (const entry of checked) {
      counts[entry.action === 'insert' ? 'inserted' : entry.action === 'update' ? 'updated' : 'unchanged']++;
      counts.rows!.push({
        row: entry.row.number,
        key: String(entry.input.code),
        action: entry.action!,
        changes: entry.changes,
      });
    }
    if (!commit || errors.length > 0) return { ...counts, committed: false };
    try {
      await inTransaction(anyDb(ctx), async (trx) => {
        const w = await jobWriter(ctx, trx, request, bundle);
        for (const entry of checked) {
          if (entry.action === 'unchanged') continue;
          if (!entry.existing) await insertRow(w, bundle, entry.input);
          else {
            const { id: _id, version: _version, ...values } = entry.input;
            await updateRow(w, bundle, { id: entry.existing.id, version: entry.existing.version ?? 0, ...values });
          }
        }
      });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      counts.errors = [{ row: this.rows[0]!.number, column: BUNDLE_ITEMS_LABEL, message: error.message }];
      counts.errorCount = 1;
      return { ...counts, committed: false };
    }
    return counts;
  }
}

/** The stored bundles of these codes, as API rows by code: read in a few queries, not one per row. */
async function storedBundles(ctx: AppContext, codes: (string | null)[]): Promise<Map<string, Row>> {
  const db = anyDb(ctx);
  const wanted = [...new Set(codes.filter((c): c is string => !!c))];
  const out = new Map<string, Row>();
  for (let i = 0; i < wanted.length; i += 500) {
    const ids = (
      await db
        .selectFrom('bundle')
        .select('id')
        .where('code', 'in', wanted.slice(i, i + 500))
        .execute()
    ).map((r) => Number(r.id));
    if (ids.length === 0) continue;
    for (const row of await toApiRows(ctx, db, bundle, await storedRows(db, bundle, ids), { labels: false }))
      out.set(String(row.code), row);
  }
  return out;
}

/** An import's counts with its bundles': one sheet, one status. */
export function withBundles(products: SheetCounts, bundles: SheetCounts): SheetCounts {
  if (bundles.total === 0) return products;
  const errors = [...products.errors, ...bundles.errors].sort((a, b) => a.row - b.row);
  return {
    ...products,
    total: products.total + bundles.total,
    processed: products.processed + bundles.processed,
    inserted: products.inserted + bundles.inserted,
    updated: products.updated + bundles.updated,
    unchanged: products.unchanged + bundles.unchanged,
    errorCount: errors.length,
    errors,
    committed: products.committed && bundles.committed,
    rows: [...(products.rows ?? []), ...(bundles.rows ?? [])].sort((a, b) => a.row - b.row),
  };
}
