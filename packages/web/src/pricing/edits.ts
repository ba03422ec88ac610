import type { PriceChange } from '@backroom/schema';

/** Typed cell values by `{product}:{outlet}`, kept only while they differ from the saved price. */
export type Edits = Record<string, string>;

export const cellKey = (product: number, outlet: number) => `${product}:${outlet}`;

const MONEY = /^\d{1,12}(\.\d{1,2})?$/;

/** Blank (sell at the base price) or an amount with at most two decimals. */
export const isValidPrice = (text: string) => text.trim() === '' || MONEY.test(text.trim());

/** "9" and "9.0" read as "9.00"; blank as "". Only for valid input. */
export function canonical(text: string): string {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  const [whole, fraction = ''] = trimmed.split('.');
  return `${String(Number(whole))}.${fraction.padEnd(2, '0')}`;
}

/** The edits after typing `text` into a cell whose saved override is `saved` (null: none). */
export function withCell(edits: Edits, key: string, text: string, saved: string | null): Edits {
  const next = { ...edits };
  if (isValidPrice(text) && canonical(text) === (saved ?? '')) delete next[key];
  else next[key] = text;
  return next;
}

/** What Save sends: every edited cell, blank as null (removes the override). */
export const changesOf = (edits: Edits): PriceChange[] =>
  Object.entries(edits).map(([key, text]) => {
    const [product, outlet] = key.split(':').map(Number) as [number, number];
    const price = canonical(text);
    return { product, outlet, price: price === '' ? null : price };
  });
