import type { StockMovementKind } from '@backroom/schema';

/** One move's movements, in the order written: quantities and the balance after each as decimal text. */
export interface StockMoved {
  movements: {
    product: number;
    location: number;
    quantity: string;
    onHand: string;
    kind: StockMovementKind;
    /** What people call the document it came from ("DO-2025-000042"), if any. */
    reference: string | null;
  }[];
}

declare module '../events' {
  interface ModuleEvents {
    /** Emitted by every stock move that wrote movements (ledger.ts `move`), before its transaction commits. */
    'stock.moved': StockMoved;
  }
}
