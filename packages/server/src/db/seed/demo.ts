import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../types';
import { seedCatalogue } from './catalogue/index';
import type { DemoFiles, SeedingModule } from './module-seed';

const LIST_VALUES: Record<string, { name: string; values: [string, string][] }> = {
  BRAND: {
    name: 'Brand',
    values: [
      ['ACME', 'Acme'],
      ['NORTHWIND', 'Northwind'],
      ['CONTOSO', 'Contoso'],
    ],
  },
  UOM: {
    name: 'Unit of measure',
    values: [
      ['PCS', 'Piece'],
      ['BOX', 'Box'],
      ['KG', 'Kilogram'],
      ['L', 'Litre'],
    ],
  },
  GENDER: {
    name: 'Gender',
    values: [
      ['F', 'Female'],
      ['M', 'Male'],
      ['X', 'Unspecified'],
    ],
  },
  COLOUR: {
    name: 'Colour',
    values: [
      ['BLACK', 'Black'],
      ['WHITE', 'White'],
      ['RED', 'Red'],
      ['BLUE', 'Blue'],
    ],
  },
  SIZE: {
    name: 'Size',
    values: [
      ['S', 'Small'],
      ['M', 'Medium'],
      ['L', 'Large'],
      ['XL', 'Extra large'],
    ],
  },
  CANCEL_REASON: {
    name: 'Cancel reason',
    values: [
      ['OUT_OF_STOCK', 'Out of stock'],
      ['CUSTOMER', 'Customer request'],
      ['DUPLICATE', 'Duplicate order'],
    ],
  },
};

/**
 * The demo data, written once on a fresh database: the company, list values, top menu, the demo
 * catalogue if asked, then each module's demo rows (`ModuleSeed.demo`: roles and users, promotions,
 * stock…), all in one transaction. Privileges must exist already.
 */
export async function seedDemo(
  db: Kysely<Database>,
  now: string,
  options: { catalogue: boolean; modules: readonly SeedingModule[]; files: DemoFiles },
): Promise<void> {
  const audit = { created_at: now, created_by: 'system', updated_at: now, updated_by: 'system' };
  await db.transaction().execute(async (trx: Transaction<Database>) => {
    await trx
      .insertInto('company')
      .values({ name: 'Backroom Demo Retail', timezone: 'UTC', ...audit })
      .execute();

    for (const [code, category] of Object.entries(LIST_VALUES)) {
      const { id } = await trx
        .insertInto('list_value_category')
        .values({ code, name: category.name, description: null, ...audit })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('list_value')
        .values(
          category.values.map(([valueCode, name], i) => ({
            category_id: id,
            code: valueCode,
            name,
            sort_order: (i + 1) * 10,
            ...audit,
          })),
        )
        .execute();
    }

    const catalogue = options.catalogue ? await seedCatalogue(trx, now) : undefined;
    const scope = {
      trx,
      now,
      files: options.files,
      ...(catalogue ? { catalogue: { seeder: catalogue.seeder, ids: catalogue.catalogue } } : {}),
    };
    for (const module of options.modules) await module.seed?.demo?.(scope);
  });
}
