import { findEntity, toStorageRow } from '@backroom/schema';
import { sql, type Kysely } from 'kysely';

export const CATEGORIES = 50;
const BATCH = 2_000;

const centsToDecimal = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** Words the product names are made of, so a quick search by part of a name finds a few hundred rows. */
const WORDS = [
  'Canvas',
  'Cotton',
  'Linen',
  'Denim',
  'Leather',
  'Wool',
  'Silk',
  'Bamboo',
  'Cedar',
  'Maple',
  'Amber',
  'Coral',
  'Indigo',
  'Saffron',
  'Olive',
  'Pewter',
];
const THINGS = [
  'Tote',
  'Shirt',
  'Scarf',
  'Mug',
  'Lamp',
  'Chair',
  'Candle',
  'Notebook',
  'Wallet',
  'Basket',
  'Pillow',
  'Bowl',
  'Towel',
  'Apron',
  'Planter',
  'Clock',
];

/** A product name: two words and a number, e.g. "Indigo Candle 48213". */
export const productName = (i: number, total: number) =>
  `${WORDS[i % WORDS.length]} ${THINGS[Math.floor(i / WORDS.length) % THINGS.length]} ${(i * 7919) % total}`;

/**
 * Seeds `count` products in 50 categories straight through the server's connection (rows shaped by
 * the registry's storage mapping), then gathers statistics. Answers the category ids.
 */
export async function seedProducts(db: Kysely<any>, dialect: 'sqlite' | 'postgres', count: number): Promise<number[]> {
  const product = findEntity('product')!;
  const category = findEntity('category')!;
  const uom = await db.selectFrom('list_value').select('id').limit(1).executeTakeFirstOrThrow();
  const categoryIds: number[] = [];
  for (let c = 0; c < CATEGORIES; c++) {
    const row = toStorageRow(category, { code: `BENCH-C${c}`, name: `Bench category ${c}`, isActive: true }, dialect);
    const inserted = await db.insertInto(category.table).values(row).returning('id').executeTakeFirstOrThrow();
    categoryIds.push(Number(inserted.id));
  }
  for (let start = 0; start < count; start += BATCH) {
    const rows = [];
    for (let i = start; i < Math.min(count, start + BATCH); i++) {
      rows.push(
        toStorageRow(
          product,
          {
            code: `B${String(i).padStart(7, '0')}`,
            name: productName(i, count),
            category: categoryIds[i % CATEGORIES],
            uom: Number(uom.id),
            type: 'standard',
            sellingPrice: centsToDecimal(100 + (i % 50_000)),
            isActive: i % 10 !== 0,
            trackStock: true,
            allowDiscount: true,
          },
          dialect,
        ),
      );
    }
    await db.insertInto(product.table).values(rows).execute();
  }
  // As autovacuum does after a bulk load: statistics, and on PostgreSQL the visibility map that lets a count read an index alone.
  await (dialect === 'postgres' ? sql`VACUUM ANALYZE` : sql`ANALYZE`).execute(db);
  return categoryIds;
}

/** The ids of the categories `seedProducts` wrote, when `count` products are already seeded (a kept database); else null. */
export async function seededCategories(db: Kysely<any>, count: number): Promise<number[] | null> {
  const { n } = await db
    .selectFrom('product')
    .select(sql<number>`count(*)`.as('n'))
    .where('code', 'like', 'B%')
    .executeTakeFirstOrThrow();
  if (Number(n) !== count) return null;
  const rows = await db.selectFrom('category').select('id').where('code', 'like', 'BENCH-C%').orderBy('id').execute();
  return rows.length === CATEGORIES ? rows.map((r) => Number(r.id)) : null;
}

export const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** The fetch bodies the benches drive: three filter + sort shapes, and a quick search by part of a name. */
export function fetchShapes(categoryIds: readonly number[]) {
  return {
    'category EQ, sort name': (n: number) => ({
      filters: [{ ColumnName: 'category', ColumnValue: categoryIds[n % categoryIds.length], Operator: 'EQ' }],
      sorts: [{ ColumnName: 'name', Direction: 'ASC' }],
    }),
    'name STARTSWITH, sort code': (n: number) => ({
      filters: [
        {
          ColumnName: 'name',
          ColumnValue: `${WORDS[n % WORDS.length]} ${THINGS[n % THINGS.length]} ${n % 100}`,
          Operator: 'STARTSWITH',
        },
      ],
      sorts: [{ ColumnName: 'code', Direction: 'ASC' }],
    }),
    'isActive EQ, sort price desc': () => ({
      filters: [{ ColumnName: 'isActive', ColumnValue: true, Operator: 'EQ' }],
      sorts: [{ ColumnName: 'sellingPrice', Direction: 'DESC' }],
    }),
    'quick search, part of a name': (n: number) => ({
      search: `${THINGS[n % THINGS.length]!.slice(1, 4).toLowerCase()} ${(n * 37) % 1000}`,
    }),
  } as const;
}
