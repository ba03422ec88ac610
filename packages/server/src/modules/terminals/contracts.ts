import { SALE_KINDS } from '@backroom/schema';
import { z } from 'zod';

/** What the terminal API answers (`data` of its envelope), for the OpenAPI document and the handlers' types. */

export const pairAnswer = z.object({
  terminalToken: z.string(),
  terminal: z.object({ id: z.number().int(), code: z.string(), outlet: z.number().int() }),
});

export const heartbeatAnswer = z.object({
  serverTime: z.string(),
  /** Commands waiting for the terminal: fetch them from `Commands`. */
  commands: z.number().int(),
});

export const pendingCommand = z.object({ id: z.number().int(), command: z.string(), createdAt: z.string() });

export const commandAck = z.object({ id: z.number().int(), status: z.string(), updatedOn: z.string() });

const useStatus = z.enum([
  'reserved',
  'limitReached',
  'alreadyUsed',
  'heldElsewhere',
  'unknown',
  'expired',
  'notStarted',
  'inactive',
  'notApplicable',
  'memberLimitReached',
]);
export type UseStatus = z.infer<typeof useStatus>;

export const reserveResult = z.object({
  reservationId: z.number().int(),
  expiresAt: z.string(),
  vouchers: z.array(z.object({ code: z.string(), status: useStatus })),
  rules: z.array(z.object({ id: z.number().int(), code: z.string(), status: useStatus })),
});
export type ReserveResult = z.infer<typeof reserveResult>;

const money = z.string();

/** A recorded sale or return as the till is answered it: the till's figures and the engine's. */
export const saleResult = z.object({
  id: z.number().int(),
  receiptNo: z.string(),
  kind: z.enum(SALE_KINDS),
  at: z.string(),
  channel: z.string().nullable(),
  subtotal: money,
  discountTotal: money,
  taxTotal: money,
  /** As the till charged it. */
  total: money,
  /** As the pricing engine prices the sale at its own time. */
  expectedTotal: money.nullable(),
  priceDifference: z.boolean(),
  pointsEarned: z.string().nullable(),
  lines: z.array(
    z.object({
      product: z.number().int(),
      bundle: z.number().int().nullable(),
      quantity: z.string(),
      unitPrice: money,
      discount: money,
      lineTotal: money,
      tax: money,
      expectedUnitPrice: money.nullable(),
      expectedLineTotal: money.nullable(),
    }),
  ),
  payments: z.array(z.object({ paymentMode: z.number().int(), amount: money, reference: z.string().nullable() })),
  vouchers: z.array(z.object({ code: z.string(), amount: money, status: z.string() })),
  discounts: z.array(
    z.object({
      lineNo: z.number().int().nullable(),
      discount: z.number().int(),
      amount: money,
      needsApproval: z.boolean(),
      approvedBy: z.number().int().nullable(),
    }),
  ),
  differences: z.array(
    z.object({
      lineNo: z.number().int().nullable(),
      product: z.number().int().nullable(),
      reason: z.string(),
      reference: z.string().nullable(),
      expected: money,
      charged: money,
      difference: money,
    }),
  ),
});
export type SaleResult = z.infer<typeof saleResult>;
