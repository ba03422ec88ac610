import { entities } from '@backroom/schema';
import type { Kysely } from 'kysely';
import { registryTables, type ColumnType } from './tables';

const ACCEPTED: Record<ColumnType, readonly string[]> = {
  text: ['text'],
  integer: ['integer', 'int4', 'int'],
  bigint: ['bigint', 'int8'],
  boolean: ['boolean', 'bool'],
};

/**
 * What the database lacks, or types differently, compared with what the registry needs: one line per
 * problem ("product.selling_price: bigint expected, found text"). Empty when they agree.
 */
export async function schemaDrift(db: Kysely<unknown>): Promise<string[]> {
  const tables = new Map(
    (await db.introspection.getTables()).map((t) => [
      t.name,
      new Map(t.columns.map((c) => [c.name, c.dataType.toLowerCase()])),
    ]),
  );
  const problems: string[] = [];
  for (const table of registryTables(entities)) {
    const columns = tables.get(table.name);
    if (!columns) {
      problems.push(`${table.name}: table missing`);
      continue;
    }
    if (!columns.has('id')) problems.push(`${table.name}.id: column missing`);
    for (const column of table.columns) {
      const found = columns.get(column.name);
      if (found === undefined) problems.push(`${table.name}.${column.name}: column missing`);
      else if (!ACCEPTED[column.type].includes(found))
        problems.push(`${table.name}.${column.name}: ${column.type} expected, found ${found}`);
    }
  }
  return problems;
}
