import { z } from 'zod';

/**
 * The range of every integer column (PostgreSQL `integer` and `serial`; SQLite holds more, but both
 * databases take the same input): row ids, versions, whole-number fields, offsets. Integer input
 * outside it is a 400 naming the field, on both databases, never a database error.
 */
export const MAX_INT32 = 2_147_483_647;
export const MIN_INT32 = -2_147_483_648;

/** A row id in a request body or query: a whole number from 1 to MAX_INT32 (digits as text too). */
export const rowId = z.coerce.number().int().positive().max(MAX_INT32);

/** A row id a print or action request names, its message saying what it is the id of. */
export const rowIdOf = (what: string) =>
  z.coerce
    .number({ error: `Give the id of the ${what}` })
    .int()
    .min(1)
    .max(MAX_INT32);

/** A row id that must come as a JSON number. */
export const rowIdNumber = z.number().int().positive().max(MAX_INT32);

/** A row id from a body, an address or a spreadsheet cell (digits as text too), or undefined. */
export function parseRowId(value: unknown): number | undefined {
  const n =
    typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
  return Number.isInteger(n) && n > 0 && n <= MAX_INT32 ? n : undefined;
}
