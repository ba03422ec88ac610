import { z } from 'zod';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Must be a date such as 2026-09-28');

/** The body of the sales reports (`pricedifferences`, `commission`): a period of days (`from`, `to`, both included) and optionally one outlet. */
export const reportPeriod = z.object({ from: day, to: day, outlet: z.number().int().positive().optional() });
export type ReportPeriod = z.infer<typeof reportPeriod>;

/** `GET {api}/pointofsale/Status`: one terminal as the terminal status screen shows it. */
const terminalStatus = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  outlet: z.number().int(),
  outletName: z.string(),
  isActive: z.boolean(),
  paired: z.boolean(),
  /** Its last heartbeat is at most `onlineMinutes` old. */
  online: z.boolean(),
  lastSeenAt: z.string().nullable(),
  appVersion: z.string().nullable(),
  lastSyncAt: z.string().nullable(),
  unsentTransactions: z.number().int().nullable(),
});
export type TerminalStatus = z.infer<typeof terminalStatus>;

export const terminalStatusAnswer = z.object({
  serverTime: z.string(),
  onlineMinutes: z.number(),
  terminals: z.array(terminalStatus),
});
export type TerminalStatusAnswer = z.infer<typeof terminalStatusAnswer>;

/** `DataRepository/procedure/commission`: one cashier's commission under one rule in one period. */
export const commissionRow = z.object({
  user: z.number().int(),
  userName: z.string(),
  rule: z.string(),
  /** yyyy-mm (monthly rules) or yyyy-mm-dd (daily rules). */
  period: z.string().regex(/^\d{4}-\d{2}(-\d{2})?$/),
  sales: z.number().int().min(0),
  quantity: z.string(),
  salesTotal: z.string(),
  commission: z.string(),
});
export type CommissionRow = z.infer<typeof commissionRow>;

/** `DataRepository/procedure/pricedifferences`: the price differences of one outlet, terminal, cashier and day, summed. */
export const priceDifferenceTotal = z.object({
  outlet: z.number().int(),
  outletName: z.string(),
  terminal: z.number().int(),
  terminalCode: z.string(),
  cashier: z.number().int().nullable(),
  cashierName: z.string().nullable(),
  /** The sales' date at the outlet (yyyy-mm-dd). */
  day,
  count: z.number().int().min(1),
  expected: z.string(),
  charged: z.string(),
  difference: z.string(),
});
export type PriceDifferenceTotal = z.infer<typeof priceDifferenceTotal>;
