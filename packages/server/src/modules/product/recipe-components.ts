import type { Kysely } from 'kysely';
import { RowRefused, type EntityHook } from '../../data/hooks';
import { typedDb, type Database } from '../../db/types';
import { validationError } from '../../http/envelope';

/**
 * Whether `start` uses `target`, directly or through its own components: the stored recipes, and
 * `more` components by product (an import's rows, not yet written).
 */
async function uses(
  trx: Kysely<Database>,
  start: number,
  target: number,
  more: ReadonlyMap<number, readonly number[]> = new Map(),
): Promise<boolean> {
  const seen = new Set<number>([start]);
  let frontier = [start];
  while (frontier.length > 0) {
    const rows = await trx
      .selectFrom('product_recipe_components')
      .select('product_id')
      .where('parent_id', 'in', frontier)
      .execute();
    const next = [
      ...new Set([...rows.map((r) => Number(r.product_id)), ...frontier.flatMap((p) => more.get(p) ?? [])]),
    ];
    if (next.includes(target)) return true;
    frontier = next.filter((p) => !seen.has(p));
    for (const p of frontier) seen.add(p);
  }
  return false;
}

/** Why `component` cannot be in `product`'s recipe (it is the product, or uses it), or undefined when it can. */
export async function recipeCycle(
  trx: Kysely<Database>,
  product: number,
  component: number,
  more?: ReadonlyMap<number, readonly number[]>,
): Promise<string | undefined> {
  if (component === product) return 'A product cannot be a component of itself';
  if (await uses(trx, component, product, more))
    return 'The component already uses this product: the recipe would go round in a circle';
  return undefined;
}

/** A composite product's recipe may not contain the product itself, directly or through a component. */
export const recipeComponents: EntityHook = {
  async beforeWriteMany(events) {
    for (const [index, { trx, action, id, row }] of events.entries()) {
      if (action === 'delete' || id === null || !Array.isArray(row.recipeComponents)) continue;
      for (const [i, component] of (row.recipeComponents as { product: number }[]).entries()) {
        const message = await recipeCycle(typedDb(trx), id, component.product);
        if (message)
          throw new RowRefused(index, validationError([{ field: `recipeComponents.${i}.product`, message }]));
      }
    }
  },
};
