/**
 * Exact decimals without binary floats. Money, quantities, percents and other decimals travel as
 * canonical decimal strings ("12.50", "1.500") and are stored as scaled integers (minor units for
 * money, thousandths for quantities): an INTEGER column sorts, filters and sums exactly on both
 * SQLite (which has no exact decimal type: NUMERIC there is a binary float) and PostgreSQL.
 */

/** Decimal places: money in the base currency's minor units (default 2), quantities 3. */
export const MONEY_SCALE = 2;
export const QUANTITY_SCALE = 3;

export type ScaledParse = { ok: true; value: number } | { ok: false; reason: 'format' | 'scale' | 'range' };

const DECIMAL = /^([+-])?(\d*)(?:\.(\d*))?$/;
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * "12.50" at scale 2 → 1250. A JS number is read through its shortest decimal spelling (12.5 →
 * "12.5"), so what the caller typed is what counts; 0.1 + 0.2 as a float is refused, not rounded.
 * Digits past the scale are refused unless they are zeros: money is never silently rounded.
 */
export function parseScaled(input: string | number | bigint, scale: number): ScaledParse {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return { ok: false, reason: 'format' };
    text = String(input);
  } else {
    text = String(input).trim();
  }
  const match = DECIMAL.exec(text);
  if (!match) return { ok: false, reason: 'format' };
  const [, sign, whole = '', rawFraction = ''] = match;
  if (whole === '' && rawFraction === '') return { ok: false, reason: 'format' };
  const fraction = rawFraction.replace(/0+$/, '');
  if (fraction.length > scale) return { ok: false, reason: 'scale' };
  const digitsText = (whole || '0') + fraction.padEnd(scale, '0');
  // Up to 15 digits a number holds exactly (the largest safe integer has 16): no BigInt needed.
  let value: number;
  if (digitsText.length <= 15) value = Number(digitsText);
  else {
    const digits = BigInt(digitsText);
    if (digits > MAX_SAFE) return { ok: false, reason: 'range' };
    value = Number(digits);
  }
  return { ok: true, value: sign === '-' && value !== 0 ? -value : value };
}

/** 1250 at scale 2 → "12.50". Accepts what drivers return for integer columns (number, bigint, string). */
export function formatScaled(scaled: number | bigint | string, scale: number): string {
  // Safe integers (every stored amount SQLite hands back) need no BigInt: lists format thousands of them.
  const whole =
    typeof scaled === 'number' && Number.isSafeInteger(scaled)
      ? scaled
      : BigInt(typeof scaled === 'number' ? Math.trunc(scaled) : scaled);
  const negative = whole < 0;
  const digits = String(negative ? -whole : whole).padStart(scale + 1, '0');
  const integral = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale);
  return `${negative ? '-' : ''}${integral}${scale > 0 ? `.${fraction}` : ''}`;
}

/** "12.50" → 1250 (minor units). Throws a RangeError on anything that is not an exact amount. */
export function toMinorUnits(amount: string | number, decimals = MONEY_SCALE): number {
  const parsed = parseScaled(amount, decimals);
  if (!parsed.ok) throw new RangeError(`Not an amount with at most ${decimals} decimal places: ${String(amount)}`);
  return parsed.value;
}

/** 1250 → "12.50". */
export const fromMinorUnits = (minor: number | bigint | string, decimals = MONEY_SCALE): string =>
  formatScaled(minor, decimals);

/** Exact sum of decimal strings: sumDecimals(["0.1", "0.2"]) === "0.30". */
export function sumDecimals(values: readonly (string | number)[], scale = MONEY_SCALE): string {
  let total = 0n;
  for (const value of values) total += BigInt(toMinorUnits(value, scale));
  return formatScaled(total, scale);
}

/**
 * Product of two scaled integers, rounded half away from zero to `resultScale`: a line total is
 * multiplyScaled(priceMinor, 2, quantityThousandths, 3, 2).
 */
export function multiplyScaled(a: number, aScale: number, b: number, bScale: number, resultScale: number): number {
  const product = BigInt(a) * BigInt(b);
  const shift = aScale + bScale - resultScale;
  if (shift <= 0) return Number(product * 10n ** BigInt(-shift));
  const divisor = 10n ** BigInt(shift);
  const negative = product < 0n;
  const magnitude = negative ? -product : product;
  const rounded = (magnitude + divisor / 2n) / divisor;
  return Number(negative ? -rounded : rounded);
}

/** Compares two decimal strings exactly (-1, 0, 1); both must parse at `scale`. */
export function compareDecimals(a: string | number, b: string | number, scale: number): number {
  const x = toMinorUnits(a, scale);
  const y = toMinorUnits(b, scale);
  return x < y ? -1 : x > y ? 1 : 0;
}
