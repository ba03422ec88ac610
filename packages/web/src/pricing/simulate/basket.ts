import type { SimulateLineRequest, SimulateSalesResult } from '@backroom/schema';

/** The basket as the screen keeps it: what it sends back with each change. */
export interface BasketLineState {
  productId?: number;
  bundleId?: number;
  quantity: string;
}

/** The priced lines as lines to send again (products and bundles by id, in the fields named for ids). */
export const linesOf = (result: SimulateSalesResult | undefined): BasketLineState[] =>
  (result?.lines ?? []).map((l) =>
    l.bundle !== null ? { bundleId: l.bundle, quantity: l.quantity } : { productId: l.product!, quantity: l.quantity },
  );

/** The basket with one line's quantity changed; 0 or less takes the line out. */
export function withQuantity(lines: readonly BasketLineState[], index: number, quantity: string): BasketLineState[] {
  const value = Number(quantity);
  if (quantity.trim() !== '' && Number.isFinite(value) && value <= 0) return lines.filter((_, i) => i !== index);
  return lines.map((line, i) => (i === index ? { ...line, quantity } : line));
}

export const withoutLine = (lines: readonly BasketLineState[], index: number) => lines.filter((_, i) => i !== index);

/** A typed or scanned entry: "3*CODE" or "3 x CODE" adds three. */
export function itemOf(typed: string): SimulateLineRequest | null {
  const text = typed.trim();
  if (!text) return null;
  const match = /^(\d+(?:\.\d{1,3})?)\s*[*x×]\s*(.+)$/i.exec(text);
  return match ? { code: match[2]!.trim(), quantity: match[1]! } : { code: text };
}

/** A quantity the server takes: above 0, at most 3 decimals. */
export const isQuantity = (text: string) => /^\d+(\.\d{1,3})?$/.test(text.trim()) && Number(text) > 0;
