import { QUANTITY_SCALE, formatScaled, multiplyScaled, parseScaled } from '@backroom/schema';

/**
 * Quantities inside the stock service are integer thousandths (1.5 units = 1500), as the database
 * stores them: sums and comparisons stay exact. The wire form is the registry's decimal string.
 */
export type Thousandths = number;

/** "1.500" (or 1.5) → 1500; undefined when it is no quantity with at most 3 decimals. */
export function thousandths(value: unknown): Thousandths | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const parsed = parseScaled(value, QUANTITY_SCALE);
  return parsed.ok ? parsed.value : undefined;
}

/** 1500 → "1.500". Accepts what the drivers return for BIGINT columns. */
export const quantityText = (value: number | bigint | string | null | undefined): string =>
  formatScaled(value ?? 0, QUANTITY_SCALE);

/** `per` units of a component for each of `count` units of its parent, rounded to a thousandth. */
export const timesQuantity = (per: Thousandths, count: Thousandths): Thousandths =>
  multiplyScaled(per, QUANTITY_SCALE, count, QUANTITY_SCALE, QUANTITY_SCALE);
