/**
 * The bare baseline's fetch: for the bench's four body shapes, the statements Backroom runs
 * (packages/server/src/data/fetch.ts, query.ts, read.ts) written out by hand — the capped count,
 * the page (with SQLite's index hints), the product's four child tables, the labels of its
 * references and the on-hand figure (stock balances summed, transit locations left out), each only
 * when Backroom runs it — over the bare driver, with statements prepared
 * once and no authentication, registry or query builder. `bench/http.ts` checks, before any load,
 * that both sides run the same statements with the same parameters and answer the same rows.
 */
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';

export interface BareBody {
  Skip?: number;
  Take?: number;
  filters?: { ColumnName: string; ColumnValue: unknown; Operator: string }[];
  sorts?: { ColumnName: string; Direction: string }[];
  search?: string;
}

export type Query = (text: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

export interface BareConnection {
  query: Query;
  postgres: boolean;
  close: () => Promise<void>;
}

const COUNT_LIMIT = 1_000;
const COLUMNS = [
  'id',
  'code',
  'name',
  'short_name',
  'description',
  'barcode',
  'category_id',
  'department_id',
  'brand_id',
  'uom_id',
  'type',
  'cost_price',
  'selling_price',
  'tax_code_id',
  'tax_inclusive',
  'track_stock',
  'allow_open_price',
  'allow_discount',
  'minimum_price',
  'images',
  'compare_at_price',
  'taxable',
  'weight',
  'listing_status',
  'tags',
  'image_urls',
  'parent_id',
  'is_active',
  'version',
  'created_at',
  'created_by',
  'updated_at',
  'updated_by',
  'custom_fields',
]
  .map((c) => `t.${c}`)
  .join(', ');
const CHILDREN: [table: string, columns: string][] = [
  ['product_alternate_barcodes', 'id, parent_id, barcode, uom_id, quantity_per_unit'],
  ['product_variant_attribute_values', 'id, parent_id, attribute_id, value'],
  [
    'product_supplier_mapping',
    'id, parent_id, supplier_id, supplier_item_code, cost, lead_time_days, pack_size, preferred',
  ],
  ['product_recipe_components', 'id, parent_id, product_id, quantity, uom_id'],
];
/** The product's references that the bench's rows hold, in the registry's field order, and the table of their labels. */
const LABELS: [column: string, table: string][] = [
  ['category_id', 'category'],
  ['uom_id', 'list_value'],
];
/** Sort columns by API name; each leads an index of the product table. */
const SORT_COLUMN: Record<string, string> = { name: 'name', code: 'code', sellingPrice: 'selling_price' };
const SEARCH_COLUMNS = ['code', 'name', 'short_name', 'barcode'];

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);
const marks = (values: readonly unknown[]) => values.map(() => '?').join(', ');

/** `?` placeholders as PostgreSQL's `$1, $2, …`. */
const numbered = (text: string) => {
  let n = 0;
  return text.replace(/\?/g, () => `$${++n}`);
};

/** The database both servers use: a pg pool of `poolSize`, or the SQLite file read-only, statements prepared once. */
export function bareConnect(options: { databaseUrl?: string; sqliteFile?: string; poolSize?: number }): BareConnection {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // Named statements: prepared once per connection, like a driver's statement cache.
    const names = new Map<string, string>();
    return {
      postgres: true,
      query: async (text, params) => {
        let name = names.get(text);
        if (!name) names.set(text, (name = `bare_${names.size}`));
        return (await pool.query({ name, text: numbered(text), values: params })).rows;
      },
      close: () => pool.end(),
    };
  }
  const db = new BetterSqlite3(options.sqliteFile!, { readonly: true });
  const statements = new Map<string, BetterSqlite3.Statement>();
  return {
    postgres: false,
    query: async (text, params) => {
      let statement = statements.get(text);
      if (!statement) statements.set(text, (statement = db.prepare(text)));
      return statement.all(...params.map((p) => (typeof p === 'boolean' ? Number(p) : p))) as Record<string, unknown>[];
    },
    close: async () => void db.close(),
  };
}

/**
 * WHERE of the bench's bodies. `hide`: as Backroom does on SQLite past COUNT_LIMIT matches, the
 * filter columns are hidden from their indexes (a unary `+`) so the page is read off the sort's index.
 */
function where(body: BareBody, postgres: boolean, hide = false): { sql: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  const col = (name: string) => (hide ? `+t.${name}` : `t.${name}`);
  for (const filter of body.filters ?? []) {
    if (filter.ColumnName === 'category') {
      parts.push(`${col('category_id')} = ?`);
      params.push(filter.ColumnValue);
    } else if (filter.ColumnName === 'isActive') {
      parts.push(`${col('is_active')} = ?`);
      params.push(filter.ColumnValue);
    } else if (filter.ColumnName === 'name' && filter.Operator === 'STARTSWITH') {
      const prefix = String(filter.ColumnValue);
      const name = col('name');
      if (postgres) {
        parts.push(`lower(${name}) like lower(?) escape '\\'`);
        params.push(`${escapeLike(prefix)}%`);
      } else {
        parts.push(`lower(${name}) >= lower(?) and lower(${name}) < lower(?) || ?`);
        params.push(prefix, prefix, '\u{10FFFF}');
      }
    } else throw new Error(`the bare endpoint does not know the filter ${JSON.stringify(filter)}`);
  }
  const search = body.search?.trim();
  if (search) {
    // SQLite: the FTS5 trigram table for three characters or more; PostgreSQL: LIKEs its trigram indexes serve.
    if (!postgres && [...search].length >= 3) {
      parts.push('(t.id in (select rowid from product_search where product_search match ?))');
      params.push(`"${search.replace(/"/g, '""')}"`);
    } else {
      parts.push(`(${SEARCH_COLUMNS.map((c) => `lower(t.${c}) like lower(?) escape '\\'`).join(' or ')})`);
      params.push(...SEARCH_COLUMNS.map(() => `%${escapeLike(search)}%`));
    }
  }
  return { sql: parts.length > 0 ? parts.join(' and ') : '1 = 1', params };
}

/** One page of the bench's fetch, as Backroom answers it: rows with their child rows and labels, the capped count. */
export async function bareFetch(query: Query, postgres: boolean, body: BareBody) {
  const condition = where(body, postgres);
  // The count gathers the matches' ids too: a page that sorts its matches reads them by id rather than evaluating the condition again.
  const aggregate = postgres ? 'array_agg(id)::text' : 'json_group_array(id)';
  const [counted] = await query(
    `select count(*) as n, case when count(*) <= ${COUNT_LIMIT} then ${aggregate} end as ids from (select t.id from product as t where ${condition.sql} limit ?) as matches`,
    [...condition.params, COUNT_LIMIT + 1],
  );
  const matches = Number(counted!.n);
  const totalCount = Math.min(matches, COUNT_LIMIT);
  if (matches <= COUNT_LIMIT && (body.Skip ?? 0) >= matches)
    return { resultCode: 200, message: 'OK', data: [], totalCount };
  const sort = body.sorts?.[0];
  const column = SORT_COLUMN[sort?.ColumnName ?? 'code'] ?? 'code';
  const direction = sort?.Direction?.toLowerCase() === 'desc' ? 'desc' : 'asc';
  // SQLite: past the count limit, walk the sort's index; within it, sort the matches (a `+` keeps the sort's index out);
  // neither when an index leads with an equality filter's column and the sort's (product: category or brand, then code or name).
  const paired = (body.filters ?? []).some(
    (f) => f.Operator === 'EQ' && f.ColumnName === 'category' && (column === 'code' || column === 'name'),
  );
  // PostgreSQL: a quick search with few matches, likewise (its LIKEs' matches are guessed, not known).
  const hidden = matches <= COUNT_LIMIT && (postgres ? Boolean(body.search?.trim()) : !paired);
  const byId = {
    sql: postgres ? 't.id = any(?::bigint[])' : 't.id in (select value from json_each(?))',
    params: [counted!.ids],
  };
  const page = hidden ? byId : !postgres && !paired && matches > COUNT_LIMIT ? where(body, postgres, true) : condition;
  const key = (name: string) => (!hidden ? `t.${name}` : postgres ? `coalesce(t.${name}, t.${name})` : `+t.${name}`);
  const rows = await query(
    `select ${COLUMNS} from product as t where ${page.sql} order by ${key(column)} ${direction}, ${key('id')} ${direction} limit ? offset ?`,
    [...page.params, body.Take ?? 10, body.Skip ?? 0],
  );
  const ids = rows.map((r) => Number(r.id));
  const children: Record<string, Record<string, unknown>[]> = {};
  if (ids.length > 0) {
    for (const [table, columns] of CHILDREN)
      children[table] = await query(
        `select ${columns} from ${table} where parent_id in (${marks(ids)}) order by parent_id, line_no`,
        ids,
      );
  }
  const labels = new Map<string, Map<number, unknown>>();
  for (const [column, table] of LABELS) {
    const refs = [...new Set(rows.map((r) => Number(r[column])).filter((id) => id > 0))];
    if (refs.length === 0) continue;
    labels.set(
      column,
      new Map(
        (await query(`select id, name from ${table} where id in (${marks(refs)})`, refs)).map((l) => [
          Number(l.id),
          l.name,
        ]),
      ),
    );
  }
  const onHand = new Map<number, unknown>();
  if (ids.length > 0)
    for (const sum of await query(
      `select t.product_id, sum(t.quantity) as quantity from stock_balance as t where t.product_id in (${marks(ids)}) and t.location_id not in (select id from inventory_location where kind = ?) and 1 = 1 group by t.product_id`,
      [...ids, 'transit'],
    ))
      onHand.set(Number(sum.product_id), sum.quantity);
  return {
    resultCode: 200,
    message: 'OK',
    data: rows.map((r): Record<string, unknown> => ({
      ...r,
      on_hand: onHand.get(Number(r.id)) ?? null,
      ...Object.fromEntries(
        CHILDREN.map(([table]) => [table, (children[table] ?? []).filter((c) => Number(c.parent_id) === Number(r.id))]),
      ),
      ...Object.fromEntries(
        LABELS.map(([column]) => [`${column}_label`, labels.get(column)?.get(Number(r[column])) ?? null]),
      ),
    })),
    totalCount,
  };
}
