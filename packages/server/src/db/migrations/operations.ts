import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import { searchTableOf, tableIndexName, type IndexSpec } from '../schema/model';
import type { ColumnSpec, ForeignKeySpec } from '../schema/tables';

/**
 * The steps of a generated migration (`npm run migration:new`), stored as plain data in
 * `migrations/NNN_name.json` and never recomputed: what a migration does is fixed when it is written.
 * This interpreter gives each step one meaning on both databases; change a step's meaning only by
 * adding a new kind of step.
 */
export type Operation =
  /** A table with an integer `id` primary key, its columns and foreign keys. */
  | { op: 'createTable'; table: string; columns: ColumnSpec[]; foreignKeys: ForeignKeySpec[] }
  | { op: 'addColumn'; table: string; column: ColumnSpec; foreignKey?: ForeignKeySpec }
  /** Skipped when an index of that name exists. */
  | { op: 'createIndex'; index: IndexSpec }
  | { op: 'dropIndex'; name: string }
  /** Foreign keys on an existing table; fails naming the rows that break one. */
  | { op: 'addForeignKeys'; table: string; foreignKeys: ForeignKeySpec[] }
  /**
   * A quick-search index over the columns, filled from the rows there are: on PostgreSQL a trigram
   * index (pg_trgm) on `lower(column)` per column; on SQLite an FTS5 table with the trigram
   * tokenizer over the columns (`{table}_search`, external content), kept in step by triggers.
   */
  | { op: 'createSearchIndex'; table: string; columns: string[] }
  | { op: 'dropSearchIndex'; table: string; columns: string[] };

type AnyKysely = Kysely<any>;

const isPostgres = (db: AnyKysely) => db.getExecutor().adapter instanceof PostgresAdapter;

const constraintName = (table: string, key: ForeignKeySpec) => tableIndexName(table, [key.column], 'fk');

function columnOptions(column: ColumnSpec, key?: ForeignKeySpec) {
  return (c: ColumnDefinitionBuilder) => {
    let out = c;
    if (column.notNull) out = out.notNull();
    if (column.defaultValue !== undefined) out = out.defaultTo(column.defaultValue);
    if (key) {
      out = out.references(`${key.references}.id`);
      if (key.onDelete === 'cascade') out = out.onDelete('cascade');
    }
    return out;
  };
}

/** The rows of `table` whose key column names a missing row; a foreign key cannot be added over them. */
async function brokenReferences(db: AnyKysely, table: string, keys: readonly ForeignKeySpec[]): Promise<string[]> {
  const problems: string[] = [];
  for (const key of keys) {
    const { rows } = await sql<{ id: number; ref: number }>`
      select t.id, t.${sql.ref(key.column)} as ref from ${sql.table(table)} t
      where t.${sql.ref(key.column)} is not null
        and not exists (select 1 from ${sql.table(key.references)} r where r.id = t.${sql.ref(key.column)})
      limit 5`.execute(db);
    for (const row of rows)
      problems.push(`${table}.${key.column} of row ${row.id} names ${key.references} ${row.ref}, which does not exist`);
  }
  return problems;
}

async function addForeignKeysPostgres(db: AnyKysely, table: string, keys: readonly ForeignKeySpec[]): Promise<void> {
  for (const key of keys) {
    const onDelete = key.onDelete === 'cascade' ? sql` on delete cascade` : sql``;
    await sql`alter table ${sql.table(table)} add constraint ${sql.id(constraintName(table, key))}
      foreign key (${sql.ref(key.column)}) references ${sql.table(key.references)} (id)${onDelete}`.execute(db);
  }
}

/**
 * SQLite adds a foreign key only by rebuilding the table (sqlite.org/lang_altertable.html, "other
 * kinds of table schema changes"): the same CREATE TABLE text with the keys appended, the rows
 * copied, the old table replaced, its indexes, triggers and AUTOINCREMENT counter kept.
 */
async function addForeignKeysSqlite(db: AnyKysely, table: string, keys: readonly ForeignKeySpec[]): Promise<void> {
  const { rows: found } = await sql<{
    sql: string;
  }>`select sql from sqlite_master where type = 'table' and name = ${table}`.execute(db);
  if (!found[0]) throw new Error(`No table ${table}`);
  const create = found[0].sql.trim();
  // Indexes and triggers go with the old table; they are made again on the new one.
  const { rows: indexes } = await sql<{
    sql: string;
  }>`select sql from sqlite_master where type in ('index', 'trigger') and tbl_name = ${table} and sql is not null order by type`.execute(
    db,
  );
  const { rows: counter } = await sql<{ seq: number }>`select seq from sqlite_sequence where name = ${table}`
    .execute(db)
    .catch(() => ({ rows: [] }));
  const temporary = `${table}__rebuild`;
  const clauses = keys
    .map(
      (key) =>
        `, foreign key ("${key.column}") references "${key.references}" ("id")${key.onDelete === 'cascade' ? ' on delete cascade' : ''}`,
    )
    .join('');
  const head = /^create\s+table\s+("[^"]+"|\S+)\s*\(/i.exec(create);
  if (!head || !create.endsWith(')')) throw new Error(`Cannot read the definition of ${table}`);
  const rebuilt = `create table "${temporary}" (${create.slice(head[0].length, -1)}${clauses})`;
  const columns = (await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db)).rows
    .map((r) => `"${r.name}"`)
    .join(', ');

  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql`begin`.execute(db);
    try {
      await sql.raw(rebuilt).execute(db);
      await sql.raw(`insert into "${temporary}" (${columns}) select ${columns} from "${table}"`).execute(db);
      await sql.raw(`drop table "${table}"`).execute(db);
      await sql.raw(`alter table "${temporary}" rename to "${table}"`).execute(db);
      for (const index of indexes) await sql.raw(index.sql).execute(db);
      if (counter[0])
        await sql`update sqlite_sequence set seq = cast(${counter[0].seq} as integer) where name = ${table}`.execute(
          db,
        );
      await sql`commit`.execute(db);
    } catch (error) {
      await sql`rollback`.execute(db);
      throw error;
    }
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

const trigramIndexName = (table: string, column: string) => tableIndexName(table, [column], 'trgm');

async function createSearchIndex(
  db: AnyKysely,
  postgres: boolean,
  table: string,
  columns: readonly string[],
): Promise<void> {
  if (postgres) {
    await sql`create extension if not exists pg_trgm`.execute(db);
    for (const column of columns)
      await sql`create index if not exists ${sql.id(trigramIndexName(table, column))} on ${sql.table(table)} using gin (lower(${sql.ref(column)}) gin_trgm_ops)`.execute(
        db,
      );
    return;
  }
  const search = searchTableOf(table);
  const list = columns.map((c) => `"${c}"`).join(', ');
  const values = (row: 'new' | 'old') => columns.map((c) => `${row}."${c}"`).join(', ');
  await sql
    .raw(
      `create virtual table "${search}" using fts5(${list}, content='${table}', content_rowid='id', tokenize='trigram')`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger "${search}_insert" after insert on "${table}" begin insert into "${search}"(rowid, ${list}) values (new.id, ${values('new')}); end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger "${search}_delete" after delete on "${table}" begin insert into "${search}"("${search}", rowid, ${list}) values ('delete', old.id, ${values('old')}); end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger "${search}_update" after update of ${list} on "${table}" begin ` +
        `insert into "${search}"("${search}", rowid, ${list}) values ('delete', old.id, ${values('old')}); ` +
        `insert into "${search}"(rowid, ${list}) values (new.id, ${values('new')}); end`,
    )
    .execute(db);
  await sql.raw(`insert into "${search}"("${search}") values ('rebuild')`).execute(db);
}

async function dropSearchIndex(
  db: AnyKysely,
  postgres: boolean,
  table: string,
  columns: readonly string[],
): Promise<void> {
  if (postgres) {
    for (const column of columns)
      await sql`drop index if exists ${sql.id(trigramIndexName(table, column))}`.execute(db);
    return;
  }
  const search = searchTableOf(table);
  for (const suffix of ['insert', 'delete', 'update'])
    await sql.raw(`drop trigger if exists "${search}_${suffix}"`).execute(db);
  await sql.raw(`drop table if exists "${search}"`).execute(db);
}

async function run(db: AnyKysely, operation: Operation): Promise<void> {
  const postgres = isPostgres(db);
  switch (operation.op) {
    case 'createTable': {
      let create = postgres
        ? db.schema.createTable(operation.table).addColumn('id', 'serial', (c) => c.primaryKey())
        : db.schema.createTable(operation.table).addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
      const keys = new Map(operation.foreignKeys.map((k) => [k.column, k]));
      for (const column of operation.columns)
        create = create.addColumn(column.name, column.type, columnOptions(column, keys.get(column.name)));
      await create.execute();
      return;
    }
    case 'addColumn':
      await db.schema
        .alterTable(operation.table)
        .addColumn(operation.column.name, operation.column.type, columnOptions(operation.column, operation.foreignKey))
        .execute();
      return;
    case 'createIndex': {
      const { name, table, columns, unique, lower } = operation.index;
      if (lower) {
        const opclass = postgres ? sql` text_pattern_ops` : sql``;
        await sql`create index if not exists ${sql.id(name)} on ${sql.table(table)} (lower(${sql.ref(columns[0]!)})${opclass})`.execute(
          db,
        );
        return;
      }
      let create = db.schema.createIndex(name).ifNotExists().on(table).columns(columns);
      if (unique) create = create.unique();
      await create.execute();
      return;
    }
    case 'dropIndex':
      await db.schema.dropIndex(operation.name).ifExists().execute();
      return;
    case 'createSearchIndex':
      return createSearchIndex(db, postgres, operation.table, operation.columns);
    case 'dropSearchIndex':
      return dropSearchIndex(db, postgres, operation.table, operation.columns);
    case 'addForeignKeys': {
      const broken = await brokenReferences(db, operation.table, operation.foreignKeys);
      if (broken.length > 0)
        throw new Error(`Foreign keys cannot be added to ${operation.table}: ${broken.join('; ')}`);
      await (postgres ? addForeignKeysPostgres : addForeignKeysSqlite)(db, operation.table, operation.foreignKeys);
      return;
    }
  }
}

/** A migration that runs the steps in order. */
export const operationsMigration = (operations: readonly Operation[]): Migration => ({
  async up(db: Kysely<unknown>) {
    for (const operation of operations) await run(db as AnyKysely, operation);
  },
});
