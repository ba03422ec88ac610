import type { DomainModule } from '../module';
import { registerActivePaymentRoutes } from './active-payments';
import { commandHooks } from './commands';
import { commissionProcedure } from './commission';
import { startDemoHeartbeat } from './demo-heartbeat';
import { terminalsDemoSeed } from './demo-seed';
import { pairingActions } from './pairing';
import { priceDifferencesProcedure } from './price-differences';
import { registerTerminalRoutes } from './terminal-api';
export { recordDifferences, type Difference, type DifferenceSale } from './differences';
export { ONLINE_MINUTES } from './status';

/**
 * POS terminals: pairing, the terminal API (heartbeat, catalogue, sales, app commands), the
 * sales it records, their price differences, the commission report over them, and the payment
 * modes active at an outlet or terminal. See README.md.
 */
export const terminalsModule: DomainModule = {
  name: 'terminals',
  entities: { pointofsale: pairingActions, appcommand: commandHooks },
  procedures: [commissionProcedure, priceDifferencesProcedure],
  seed: terminalsDemoSeed,
  routes: (app, at) => {
    registerTerminalRoutes(app, at.api);
    registerActivePaymentRoutes(app, at.api);
    startDemoHeartbeat(app);
  },
};
