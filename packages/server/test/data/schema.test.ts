import { readFileSync } from 'node:fs';
import {
  entities,
  entityDefs,
  menuGroups,
  normaliseRegistry,
  screens,
  storageType,
  field as f,
} from '@backroom/schema';
import { sql, type Kysely } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { operationsMigration } from '../../src/db/migrations/operations';
import { diffSchemas } from '../../src/db/schema/diff';
import { schemaDrift } from '../../src/db/schema/drift';
import { registrySchema, type SchemaModel } from '../../src/db/schema/model';
import { GENERATED_FILES, entityNamesSource, rowTypesSource } from '../../src/db/schema/row-types';
import { entityTables } from '../../src/db/schema/tables';
import { database } from '../support/server';
import { useTestServer } from '../support/harness';

const t = useTestServer();
let db: Kysely<unknown>;
beforeAll(async () => {
  db = t.server.app.ctx.db as unknown as Kysely<unknown>;
});

describe('the migrated database against the registry', () => {
  it('has a column of the right type for every field of every entity', async () => {
    expect(await schemaDrift(db)).toEqual([]);
    // The introspection itself, spelled out for one field of each storage type.
    const tables = new Map((await db.introspection.getTables()).map((table) => [table.name, table]));
    const product = tables.get('product')!;
    const type = (column: string) => product.columns.find((c) => c.name === column)?.dataType.toLowerCase();
    expect(['bigint', 'int8']).toContain(type('selling_price'));
    expect(['integer', 'int4']).toContain(type('category_id'));
    expect(['boolean', 'bool']).toContain(type('track_stock'));
    expect(type('custom_fields')).toBe('text');
    expect(tables.get('product_alternate_barcodes')?.columns.map((c) => c.name)).toEqual(
      expect.arrayContaining(['id', 'parent_id', 'line_no', 'barcode', 'uom_id']),
    );
    expect(tables.get('app_user_outlets')?.columns.map((c) => c.name)).toEqual(
      expect.arrayContaining(['parent_id', 'ref_id']),
    );
  });

  it('derives a table for every entity and a child or link table for every list and multi-reference', () => {
    for (const entity of entities) {
      const names = entityTables(entity).map((table) => table.name);
      expect(names[0]).toBe(entity.table);
      for (const field of entity.fields)
        if (storageType(field) === 'child' || storageType(field) === 'link')
          expect(names).toContain((field as { table: string }).table);
    }
  });

  it('keeps on the sales ledger only the indexes lists, foreign keys and the domain read by', async () => {
    const indexesOf = async (table: string) => {
      const query =
        database === 'sqlite'
          ? sql<{
              name: string;
            }>`select name from sqlite_master where type = 'index' and tbl_name = ${table} and name not like 'sqlite_%'`
          : sql<{
              name: string;
            }>`select indexname as name from pg_indexes where tablename = ${table} and indexname not like '%_pkey'`;
      return (await query.execute(db)).rows.map((r) => r.name).sort();
    };
    // A sale writes a row to each of these: every index here is paid for at every sale.
    expect(await indexesOf('stock_movement')).toEqual([
      'stock_movement_at_idx',
      'stock_movement_location_id_at_idx',
      'stock_movement_product_id_at_idx',
      'stock_movement_reason_id_at_idx',
      'stock_movement_reference_idx',
      'stock_movement_reference_lower_idx',
    ]);
    expect(await indexesOf('stock_balance')).toEqual([
      'stock_balance_location_id_product_id_uq',
      'stock_balance_product_id_idx',
    ]);
    expect(await indexesOf('sale')).toEqual([
      'sale_at_idx',
      'sale_cashier_id_at_idx',
      'sale_cashier_id_receipt_no_idx',
      'sale_home_idx',
      'sale_member_id_idx',
      'sale_online_channel_id_idx',
      'sale_original_sale_id_idx',
      'sale_outlet_id_at_idx',
      'sale_outlet_id_receipt_no_idx',
      'sale_receipt_no_idx',
      'sale_receipt_no_lower_idx',
      'sale_terminal_id_at_idx',
      'sale_terminal_id_receipt_no_uq',
    ]);
  });

  it('leads an index with every foreign key column, and no plain index with what another index begins with', () => {
    const indexes = Object.values(registrySchema().indexes).filter((i) => !i.lower);
    for (const [table, { foreignKeys }] of Object.entries(registrySchema().tables))
      for (const key of foreignKeys)
        expect(
          indexes.some((i) => i.table === table && i.columns[0] === key.column),
          `${table}.${key.column}`,
        ).toBe(true);
    const begins = (short: readonly string[], long: readonly string[]) =>
      short.every((column, k) => long[k] === column);
    const covered = indexes.filter(
      (i) =>
        !i.unique &&
        indexes.some(
          (o) =>
            o !== i &&
            o.table === i.table &&
            begins(i.columns, o.columns) &&
            (o.unique || o.columns.length > i.columns.length),
        ),
    );
    expect(covered.map((i) => i.name)).toEqual([]);
  });

  it('keeps no list index for a column declared indexed: false', () => {
    const defs = entityDefs(menuGroups).map((d) =>
      d.def.name === 'supplier'
        ? {
            ...d,
            def: {
              ...d.def,
              fields: { ...d.def.fields, name: f.text({ required: true, maxLength: 200, indexed: false }) },
            },
          }
        : d,
    );
    const names = (model: SchemaModel) => Object.keys(model.indexes).filter((name) => name.startsWith('supplier_name'));
    expect(names(registrySchema())).not.toEqual([]);
    expect(
      names(
        registrySchema(
          normaliseRegistry(
            defs,
            screens.map((s) => s.name),
          ),
        ),
      ),
    ).toEqual([]);
  });

  it('reports a field whose column is missing', async () => {
    await sql`alter table supplier drop column address`.execute(db);
    expect(await schemaDrift(db)).toEqual(['supplier.address: column missing']);
  });
});

const snapshot = () =>
  JSON.parse(
    readFileSync(new URL('../../src/db/migrations/registry-snapshot.json', import.meta.url), 'utf8'),
  ) as SchemaModel;

describe('the frozen migration chain', () => {
  const u = useTestServer({ users: ['admin'] });
  let db: Kysely<unknown>;
  beforeAll(async () => {
    db = u.server.app.ctx.db as unknown as Kysely<unknown>;
  });

  it('has a migration for every registry change (else: npm run migration:new -- <name>)', () => {
    expect(diffSchemas(snapshot(), registrySchema())).toEqual([]);
  });

  it('has the row types and entity names of the registry as it is (else: npm run migration:new -- <name>)', () => {
    const committed = (file: string) => readFileSync(new URL(`../../../../${file}`, import.meta.url), 'utf8');
    expect(committed(GENERATED_FILES.rows)).toBe(rowTypesSource(registrySchema(), entities));
    expect(committed(GENERATED_FILES.entityNames)).toBe(entityNamesSource(entities));
    // What it holds, spelled out for one table: an id, nullable text, a money column, a boolean with its default.
    expect(committed(GENERATED_FILES.rows)).toMatch(
      /export interface ProductRow \{\n {2}id: Generated<number>;\n {2}code: string \| null;[^}]*selling_price: number \| null;[^}]*track_stock: SqlBoolean;/,
    );
  });

  it('upgrades a database in place when a field is added through the documented steps', async () => {
    // Step 1: a new field in the registry (here a copy of it with supplier.season).
    const defs = entityDefs(menuGroups).map((d) =>
      d.def.name === 'supplier'
        ? {
            ...d,
            def: {
              ...d.def,
              fields: { ...d.def.fields, season: f.text({ maxLength: 20 }), preferredOutlet: f.ref('outlet') },
            },
          }
        : d,
    );
    const changed = normaliseRegistry(
      defs,
      screens.map((s) => s.name),
    );
    // Step 2: `npm run migration:new` writes the difference as steps.
    const steps = diffSchemas(snapshot(), registrySchema(changed));
    expect(steps).toEqual([
      { op: 'addColumn', table: 'supplier', column: { name: 'season', type: 'text' } },
      {
        op: 'addColumn',
        table: 'supplier',
        column: { name: 'preferred_outlet_id', type: 'integer' },
        foreignKey: { column: 'preferred_outlet_id', references: 'outlet' },
      },
      {
        op: 'createIndex',
        index: { name: 'supplier_preferred_outlet_id_idx', table: 'supplier', columns: ['preferred_outlet_id'] },
      },
    ]);
    // Step 3: the next start runs it on the existing database, rows and all.
    const supplier = await u.post('/DataRepository/Insert/supplier', { code: 'S-UPG', name: 'Before the upgrade' });
    expect(supplier.status).toBe(200);
    await operationsMigration(steps).up(db);
    expect(
      (await db.introspection.getTables()).find((table) => table.name === 'supplier')!.columns.map((c) => c.name),
    ).toEqual(expect.arrayContaining(['season', 'preferred_outlet_id']));
    const kept = await sql<{ name: string }>`select name from supplier where id = ${supplier.body.data.id}`.execute(db);
    expect(kept.rows).toEqual([{ name: 'Before the upgrade' }]);
    await expect(
      sql`update supplier set preferred_outlet_id = 999999 where id = ${supplier.body.data.id}`.execute(db),
    ).rejects.toThrow(/foreign key/i);
  });

  it('holds every reference with a database foreign key', async () => {
    const category = await u.post('/DataRepository/Insert/category', { code: 'FK-C', name: 'Held' });
    expect(category.status).toBe(200);
    await expect(
      sql`update category set department_id = 999999 where id = ${category.body.data.id}`.execute(db),
    ).rejects.toThrow(/foreign key/i);
    // Child rows go with their parent.
    const attribute = await u.post('/DataRepository/Insert/attribute', {
      code: 'FK-A',
      name: 'Owned',
      kind: 'list',
      values: [{ code: 'X', name: 'X' }],
    });
    expect(attribute.status).toBe(200);
    await sql`delete from attribute where id = ${attribute.body.data.id}`.execute(db);
    expect(
      (await sql`select id from attribute_values where parent_id = ${attribute.body.data.id}`.execute(db)).rows,
    ).toEqual([]);
    expect(database === 'sqlite' ? (await sql`pragma foreign_key_check`.execute(db)).rows : []).toEqual([]);
  });
});
