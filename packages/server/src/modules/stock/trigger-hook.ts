import type { EntityHook } from '../../data/hooks';
import { markLowStock } from './low-stock';

/** A trigger saved with a new minimum is checked at once, not at the next scheduled check. */
export const lowStockMarks: EntityHook = {
  async afterWrite({ trx, action, id, now }) {
    if (action !== 'delete') await markLowStock(trx, now, [id]);
  },
};
