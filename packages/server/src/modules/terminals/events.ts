import type { SaleKind } from '@backroom/schema';

/** A sale or return a till recorded, as its transaction writes it. */
export interface SaleRecorded {
  id: number;
  receiptNo: string;
  kind: SaleKind;
  outlet: number;
  terminal: number;
  at: string;
  /** The total as decimal text in the currency. */
  total: string;
  /** The total in minor units (negative for a return). */
  spend: number;
  member: number | null;
  /** Points the sale earns (0 for a return: what a return takes back is its own call). */
  points: number;
  userName: string;
}

declare module '../events' {
  interface ModuleEvents {
    /** Emitted by `recordSale` (sales.ts) in the sale's transaction, after its rows and before its stock moves. */
    'sale.recorded': SaleRecorded;
  }
}
