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

/** A pending adjustment a document asked for (a delivery order's write-off, a count) was approved or rejected. */
export interface AdjustmentDecided {
  adjustment: number;
  approved: boolean;
  product: number;
  /** The signed change it posts (thousandths), posted now if approved. */
  quantity: number;
  document: { type: string; id: number };
  /** Who decided. */
  by: string;
}

declare module '../events' {
  interface ModuleEvents {
    /** Emitted by `approve` / `reject` of an adjustment a document asked for, in its transaction. */
    'stock.adjustmentDecided': AdjustmentDecided;
    /** Emitted by every stock move that wrote movements (ledger.ts `move`), before its transaction commits. */
    'stock.moved': StockMoved;
  }
}
