import type { Kysely } from 'kysely';
import type { AnyDb } from '../../../data/store';
import type { Database } from '../../types';
import { seedMembers } from './members';
import { seedMerchandising } from './merchandising';
import { seedOutlets } from './outlets';
import { seedPricing } from './pricing';
import { seedProducts } from './products';
import { seedReference } from './reference';
import { seedStock } from './stock';

/**
 * The demo retail chain's catalogue: currencies and tax codes, ~290 products with variants,
 * barcodes and suppliers, four outlets with their locations and terminals, members, opening stock
 * and delivery orders. Runs inside the demo seed's transaction, after its list values.
 */
export async function seedCatalogue(db: Kysely<Database>, now: string): Promise<void> {
  const s = { db: db as unknown as AnyDb, now };
  const ref = await seedReference(s);
  const { outlets, locations } = await seedOutlets(s, ref.currencies);
  const { products, categories } = await seedProducts(s, ref);
  await seedMerchandising(s, products, outlets);
  await seedMembers(s, outlets, ref.genders);
  await seedPricing(s, products, categories, outlets);
  await seedStock(s, products, locations);
}
