import type { Kysely } from 'kysely';
import type { AnyDb, Database } from '../../types';
import type { Ids, Seeder } from './insert';
import { seedMembers } from './members';
import { seedMerchandising } from './merchandising';
import { seedOutlets } from './outlets';
import { seedProducts } from './products';
import { seedReference } from './reference';

/** The demo catalogue's ids by code, for the modules' demo seeds that build on it. */
export interface DemoCatalogue {
  products: Ids;
  categories: Ids;
  outlets: Ids;
  locations: Ids;
}

/**
 * The demo retail chain's catalogue: currencies and tax codes, ~290 products with variants,
 * barcodes and suppliers, four outlets with their locations and terminals, members. Plain rows of
 * the registry; what needs a module's behaviour (promotions and vouchers, opening stock and
 * delivery orders) the modules add after it (`ModuleSeed.demo`). Runs inside the demo seed's
 * transaction, after its list values.
 */
export async function seedCatalogue(
  db: Kysely<Database>,
  now: string,
): Promise<{ seeder: Seeder; catalogue: DemoCatalogue }> {
  const s = { db: db as unknown as AnyDb, now };
  const ref = await seedReference(s);
  const { outlets, locations } = await seedOutlets(s, ref.currencies);
  const { products, categories } = await seedProducts(s, ref);
  await seedMerchandising(s, products, outlets);
  await seedMembers(s, outlets, ref.genders);
  return { seeder: s, catalogue: { products, categories, outlets, locations } };
}
