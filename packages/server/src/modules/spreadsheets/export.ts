import { CUSTOM_FIELDS_COLUMN, fromStorageValue, type FetchRequest, type NormalisedEntity } from '@backroom/schema';
import type { FastifyRequest } from 'fastify';
import { keysetPages } from '../../data/keyset';
import { targetOf } from '../../data/references';
import { anyDb, type AnyDb } from '../../data/store';
import type { CellValue } from './cells';
import { cellFields, keyFields, sheetFields, toCell, type ScalarField } from './columns';
import { codeField } from './lookups';
import { writeWorkbook } from './write';
import { bundleItemsColumn, bundleSheetRows } from './bundle-rows';

/**
 * Rows read a query. A page and its cells stay alive while its rows go through the zip stream, and
 * V8 copies what is alive at each young-generation collection: 2,000-row pages cost an export of
 * 20,000 products on SQLite 105 ms of such collections against 17–29 ms at 500 (docs/decisions/speed.md).
 */
export const EXPORT_PAGE = 500;

/**
 * The columns of an entity's export: the ones its import reads (key first), so an export imports
 * back unchanged. An entity no import reads (no key, or read-only: online orders, sales) has no
 * round trip to keep, so it exports every one-value field, the server's own (numbers, totals,
 * statuses) included.
 */
export function exportColumns(entity: NormalisedEntity): ScalarField[] {
  const key = keyFields(entity);
  if (!key || entity.readOnly) return cellFields(entity);
  const keyNames = new Set(key.map((f) => f.name));
  return [...key, ...sheetFields(entity).filter((f) => !keyNames.has(f.name))];
}

/** The codes of the rows a reference or list-value column points at (list values: of the field's category only), for the given ids. */
async function codesOf(db: AnyDb, field: ScalarField, ids: readonly number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  const unique = [...new Set(ids)];
  if (unique.length === 0) return out;
  const target = targetOf(field)!;
  let query = db
    .selectFrom(target.table)
    .select(['id', `${codeField(target).column} as code`])
    .where('id', 'in', unique);
  if (field.kind === 'listvalue')
    query = query.where(
      'category_id',
      'in',
      db.selectFrom('list_value_category').select('id').where('code', '=', field.category),
    );
  for (const row of await query.execute()) if (row.code !== null) out.set(Number(row.id), String(row.code));
  return out;
}

/** The cells of one page of stored rows: references and list values as their codes, read for the page at once. */
async function cellsOf(
  db: AnyDb,
  columns: readonly ScalarField[],
  rows: readonly Record<string, unknown>[],
): Promise<CellValue[][]> {
  // A custom field's value is in the row's JSON column, already in its API form.
  const customs = columns.some((f) => f.custom)
    ? rows.map(
        (r) =>
          (typeof r[CUSTOM_FIELDS_COLUMN] === 'string'
            ? JSON.parse(r[CUSTOM_FIELDS_COLUMN])
            : (r[CUSTOM_FIELDS_COLUMN] ?? {})) as Record<string, unknown>,
      )
    : [];
  const valueOf = (f: ScalarField, row: Record<string, unknown>, at: number) =>
    f.custom ? (customs[at]![f.name] ?? (f.kind === 'boolean' ? false : null)) : row[f.column];
  const codes = await Promise.all(
    columns.map((f) =>
      f.kind === 'reference' || f.kind === 'listvalue'
        ? codesOf(
            db,
            f,
            rows
              .map((r, at) => valueOf(f, r, at))
              .filter((id) => id != null)
              .map(Number),
          )
        : undefined,
    ),
  );
  return rows.map((row, at) =>
    columns.map((f, i) => {
      const value = valueOf(f, row, at);
      if (codes[i]) return value == null ? null : (codes[i]!.get(Number(value)) ?? null);
      return toCell(f, f.custom ? value : fromStorageValue(f, value));
    }),
  );
}

/**
 * Writes the rows a list shows (its filters, sorts and quick search, and the caller's row limits)
 * to an xlsx, a page at a time: only the exported columns are read, references and list values
 * as their codes. The next page is read only when the writer has taken the last one.
 */
export async function runExport(
  request: FastifyRequest,
  entity: NormalisedEntity,
  query: Pick<FetchRequest, 'filters' | 'sorts' | 'search'>,
  output: string,
  progress: (percent: number) => Promise<void>,
): Promise<{ rows: number }> {
  const db = anyDb(request.server.ctx);
  const columns = exportColumns(entity);
  const selected = [...new Set(columns.map((f) => `t.${f.column}`))];
  // The whole product list exports the bundles too, as the product import reads them (`Bundle items` rows).
  const bundles = entity.name === 'product' && !query.search && !query.filters?.length;
  const written = bundles ? [...columns, bundleItemsColumn] : columns;
  async function* rows(): AsyncGenerator<CellValue[]> {
    let done = 0;
    for await (const page of keysetPages(request, entity, query, selected, EXPORT_PAGE)) {
      for (const cells of await cellsOf(db, columns, page.rows)) yield bundles ? [...cells, null] : cells;
      done += page.rows.length;
      await progress(Math.min(99, Math.floor((done / Math.max(page.total, 1)) * 100)));
    }
    if (bundles) yield* bundleSheetRows(request.server.ctx, written);
  }
  return writeWorkbook(output, [
    { name: entity.label.slice(0, 31), columns: written.map((f) => ({ header: f.label })), rows: rows() },
  ]);
}
