import type { DomainModule } from '../module';
import { lowStockMarks } from './trigger-hook';
import { productOnHand } from './on-hand-figure';
import { markLowStock } from './low-stock';
import { stockDemoSeed } from './demo-seed';
import { registerStockRoutes } from './routes';
export type { AdjustmentDecided, StockMoved } from './events';
export { reasonRules, requestAdjustments, valueOf, type AdjustmentRequest, type ReasonRules } from './adjustments';
export { StockShortage, ensureBalances, move, onHand, type StockDocument } from './ledger';
export { lowStockRows } from './low-stock';
export { productsByBarcode, stockProducts } from './products';
export { quantityText, thousandths } from './quantities';
export { unitCostsAt } from './unit-costs';
export { onOrderFor, reservedFor } from './virtual-stock';

const QUARTER_HOUR = 15 * 60 * 1000;

/**
 * Stock: the movement ledger and balances every other module moves stock through (ledger.ts),
 * virtual stock with adjustments and their approval, low-quantity triggers and the low-stock list,
 * a product's on-hand figure.
 */
export const stockModule: DomainModule = {
  name: 'stock',
  entities: { itemquantitytrigger: lowStockMarks, product: productOnHand },
  jobs: {
    markLowStock: {
      privilege: { screen: 'lowstock', action: 'view' },
      everyMs: QUARTER_HOUR,
      run: ({ ctx }) => markLowStock(ctx.db, new Date().toISOString()),
    },
  },
  seed: stockDemoSeed,
  routes: (app, at) => registerStockRoutes(app, at.api),
};
