import { CHILD_PARENT_COLUMN, getEntity } from '@backroom/schema';
import { RowRefused, type EntityHook } from '../../data/hooks';
import type { AnyDb } from '../../data/store';
import { validationError } from '../../http/envelope';
import { columnOf, fieldOf } from '../columns';

const components = fieldOf(getEntity('product'), 'recipeComponents', 'children');
const COMPONENT = columnOf(components, 'product');

/**
 * Whether `start` uses `target`, directly or through its own components: the stored recipes, and
 * `more` components by product (an import's rows, not yet written).
 */
async function uses(
  trx: AnyDb,
  start: number,
  target: number,
  more: ReadonlyMap<number, readonly number[]> = new Map(),
): Promise<boolean> {
  const seen = new Set<number>([start]);
  let frontier = [start];
  while (frontier.length > 0) {
    const rows = await trx
      .selectFrom(components.table)
      .select(COMPONENT)
      .where(CHILD_PARENT_COLUMN, 'in', frontier)
      .execute();
    const next = [
      ...new Set([...rows.map((r) => Number(r[COMPONENT])), ...frontier.flatMap((p) => more.get(p) ?? [])]),
    ];
    if (next.includes(target)) return true;
    frontier = next.filter((p) => !seen.has(p));
    for (const p of frontier) seen.add(p);
  }
  return false;
}

/** Why `component` cannot be in `product`'s recipe (it is the product, or uses it), or undefined when it can. */
export async function recipeCycle(
  trx: AnyDb,
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
        const message = await recipeCycle(trx, id, component.product);
        if (message)
          throw new RowRefused(index, validationError([{ field: `recipeComponents.${i}.product`, message }]));
      }
    }
  },
};
