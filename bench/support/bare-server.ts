/**
 * The baseline of `bench/http.ts`: a bare Fastify endpoint over the same driver and database as
 * Backroom, answering the bench's fetch bodies with the same SQL Backroom runs for them — the capped
 * count, the page, the product's four child tables and the labels of its references — from
 * statements prepared once, with no authentication, registry or query builder. What the stack can
 * do; Backroom's throughput is measured against it.
 *
 *   BARE_SQLITE=/path/backroom.db | DATABASE_URL=postgres://…   PORT=…   tsx bench/support/bare-server.ts
 */
import BetterSqlite3 from 'better-sqlite3';
import Fastify from 'fastify';
import pg from 'pg';
import { bareSearch, bareStartsWith } from './bare-search';

interface Body {
  Skip?: number;
  Take?: number;
  filters?: { ColumnName: string; ColumnValue: unknown; Operator: string }[];
  sorts?: { ColumnName: string; Direction: string }[];
  search?: string;
}

type Query = (text: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

const COLUMNS = 'id, code, name, short_name, description, barcode, category_id, department_id, brand_id, uom_id, type, cost_price, selling_price, tax_code_id, tax_inclusive, track_stock, allow_open_price, allow_discount, minimum_price, images, parent_id, is_active, custom_fields, version, created_at, created_by, updated_at, updated_by';
const CHILDREN = ['product_alternate_barcodes', 'product_variant_attribute_values', 'product_supplier_mapping', 'product_recipe_components'];
const SORT_COLUMN: Record<string, string> = { name: 'name', code: 'code', sellingPrice: 'selling_price' };

/** `?` placeholders as PostgreSQL's `$1, $2, …`. */
function numbered(text: string): string {
  let n = 0;
  return text.replace(/\?/g, () => `$${++n}`);
}

function connect(): { query: Query; postgres: boolean } {
  if (process.env.DATABASE_URL) {
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
    // Named statements: prepared once per connection, like a driver's statement cache.
    const names = new Map<string, string>();
    return {
      postgres: true,
      query: async (text, params) => {
        let name = names.get(text);
        if (!name) names.set(text, (name = `bare_${names.size}`));
        return (await pool.query({ name, text: numbered(text), values: params })).rows;
      },
    };
  }
  const db = new BetterSqlite3(process.env.BARE_SQLITE!, { readonly: true });
  db.pragma('journal_mode = WAL');
  const statements = new Map<string, BetterSqlite3.Statement>();
  return {
    postgres: false,
    query: async (text, params) => {
      let statement = statements.get(text);
      if (!statement) statements.set(text, (statement = db.prepare(text)));
      return statement.all(...params.map((p) => (typeof p === 'boolean' ? Number(p) : p))) as Record<string, unknown>[];
    },
  };
}

const { query, postgres } = connect();

/**
 * WHERE of the bench's bodies. `walk`: as Backroom does on SQLite past 10,000 matches, hide the
 * filter columns from their indexes (a unary `+`) so the page is read off the sort's index.
 */
function where(body: Body, walk = false): { sql: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  const col = (name: string) => (walk ? `+t.${name}` : `t.${name}`);
  for (const filter of body.filters ?? []) {
    if (filter.ColumnName === 'category') parts.push(`${col('category_id')} = ?`), params.push(filter.ColumnValue);
    else if (filter.ColumnName === 'isActive') parts.push(`${col('is_active')} = ?`), params.push(filter.ColumnValue);
    else if (filter.ColumnName === 'name') {
      const condition = bareStartsWith(col('name'), String(filter.ColumnValue), postgres);
      parts.push(condition.sql);
      params.push(...condition.params);
    }
  }
  if (body.search) {
    const condition = bareSearch(body.search, postgres);
    parts.push(condition.sql);
    params.push(...condition.params);
  }
  return { sql: parts.length > 0 ? parts.join(' and ') : '1 = 1', params };
}

const app = Fastify({ logger: false });
app.post<{ Body: Body }>('/fetch/product', async (request) => {
  const body = request.body;
  const { sql, params } = where(body);
  const [counted] = await query(`select count(*) as n from (select 1 from product t where ${sql} limit 10001) matches`, params);
  const sort = body.sorts?.[0];
  const column = SORT_COLUMN[sort?.ColumnName ?? 'code'] ?? 'code';
  const direction = sort?.Direction?.toLowerCase() === 'desc' ? 'desc' : 'asc';
  const page = !postgres && Number(counted!.n) > 10_000 ? where(body, true) : { sql, params };
  const rows = await query(`select ${COLUMNS} from product t where ${page.sql} order by t.${column} ${direction}, t.id ${direction} limit ? offset ?`, [...page.params, body.Take ?? 10, body.Skip ?? 0]);
  const ids = rows.map((r) => r.id);
  const marks = ids.map(() => '?').join(', ') || 'null';
  for (const table of CHILDREN) await query(`select * from ${table} where parent_id in (${marks}) order by parent_id, line_no`, ids);
  const categories = [...new Set(rows.map((r) => r.category_id))];
  const uoms = [...new Set(rows.map((r) => r.uom_id))];
  const categoryLabels = await query(`select id, code, name from category where id in (${categories.map(() => '?').join(', ') || 'null'})`, categories);
  const uomLabels = await query(`select id, name from list_value where id in (${uoms.map(() => '?').join(', ') || 'null'})`, uoms);
  const label = (list: Record<string, unknown>[], id: unknown) => list.find((l) => l.id === id);
  return {
    resultCode: 200,
    message: 'OK',
    data: rows.map((r) => ({ ...r, categoryLabel: label(categoryLabels, r.category_id)?.name ?? null, uomLabel: label(uomLabels, r.uom_id)?.name ?? null })),
    totalCount: Math.min(Number(counted!.n), 10_000),
  };
});

await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
const address = app.server.address();
console.log(`bare listening ${typeof address === 'object' && address ? address.port : ''}`);
