import { entities, storageType } from '@backroom/schema';
import { sql, type Kysely } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { schemaDrift } from '../../src/data/schema/drift';
import { entityTables } from '../../src/data/schema/tables';
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
    expect(tables.get('product_alternate_barcodes')?.columns.map((c) => c.name)).toEqual(expect.arrayContaining(['id', 'parent_id', 'line_no', 'barcode', 'uom_id']));
    expect(tables.get('app_user_outlets')?.columns.map((c) => c.name)).toEqual(expect.arrayContaining(['parent_id', 'ref_id']));
  });

  it('derives a table for every entity and a child or link table for every list and multi-reference', () => {
    for (const entity of entities) {
      const names = entityTables(entity).map((table) => table.name);
      expect(names[0]).toBe(entity.table);
      for (const field of entity.fields) if (storageType(field) === 'child' || storageType(field) === 'link') expect(names).toContain((field as { table: string }).table);
    }
  });

  it('reports a field whose column is missing', async () => {
    await sql`alter table supplier drop column address`.execute(db);
    expect(await schemaDrift(db)).toEqual(['supplier.address: column missing']);
  });
});
