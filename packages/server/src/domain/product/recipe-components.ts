import { CHILD_PARENT_COLUMN, getEntity } from '@backroom/schema';
import type { EntityHook } from '../../data/hooks';
import type { AnyDb } from '../../data/store';
import { validationError } from '../../http/envelope';
import { columnOf, fieldOf } from '../columns';

const components = fieldOf(getEntity('product'), 'recipeComponents', 'children');
const COMPONENT = columnOf(components, 'product');

/** Whether `start` uses `target`, directly or through its own components (stored recipes). */
async function uses(trx: AnyDb, start: number, target: number): Promise<boolean> {
  const seen = new Set<number>([start]);
  let frontier = [start];
  while (frontier.length > 0) {
    const rows = await trx.selectFrom(components.table).select(COMPONENT).where(CHILD_PARENT_COLUMN, 'in', frontier).execute();
    const next = [...new Set(rows.map((r) => Number(r[COMPONENT])))];
    if (next.includes(target)) return true;
    frontier = next.filter((p) => !seen.has(p));
    for (const p of frontier) seen.add(p);
  }
  return false;
}

/** A composite product's recipe may not contain the product itself, directly or through a component. */
export const recipeComponents: EntityHook = {
  async beforeWrite({ trx, action, id, row }) {
    if (action === 'delete' || id === null || !Array.isArray(row.recipeComponents)) return;
    for (const [i, component] of (row.recipeComponents as { product: number }[]).entries()) {
      const field = `recipeComponents.${i}.product`;
      if (component.product === id) throw validationError([{ field, message: 'A product cannot be a component of itself' }]);
      if (await uses(trx, component.product, id))
        throw validationError([{ field, message: `Component ${component.product} already uses this product: the recipe would go round in a circle` }]);
    }
  },
};
