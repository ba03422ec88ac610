/** Exact integer arithmetic for the engine: every amount is an integer of minor units. */

const SAFE = Number.MAX_SAFE_INTEGER / 4;

/** ⌊x / c⌋ for integers with x < 2⁵³: the float quotient, corrected by the exact remainder. */
function divFloor(x: number, c: number): number {
  let q = Math.floor(x / c);
  const r = x - q * c;
  if (r < 0) q -= 1;
  else if (r >= c) q += 1;
  return q;
}

/** a × b / c rounded half up, for non-negative integers; exact (BigInt when the product is too large for a double). */
export function mulDiv(a: number, b: number, c: number): number {
  const product = a * b;
  if (product <= SAFE && c <= SAFE) return divFloor(2 * product + c, 2 * c);
  const divisor = BigInt(c);
  return Number((BigInt(a) * BigInt(b) * 2n + divisor) / (divisor * 2n));
}

/** a × b / c rounded down, for non-negative integers. */
export function mulDivFloor(a: number, b: number, c: number): number {
  const product = a * b;
  if (product <= SAFE) return divFloor(product, c);
  return Number((BigInt(a) * BigInt(b)) / BigInt(c));
}

/** `percent` (hundredths) of `amount`, rounded half up. */
export const percentOf = (amount: number, percent: number) => mulDiv(amount, percent, 10_000);

/** Price × quantity (thousandths), rounded half up. */
export const times = (price: number, quantity: number) => mulDiv(price, quantity, 1000);

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

/**
 * Shares `amount` over `weights` in proportion, in whole minor units that add up exactly (largest
 * remainder; ties to the earlier weight). No share exceeds its weight when `amount` ≤ Σ weights.
 */
export function allocate(amount: number, weights: readonly number[]): number[] {
  const total = sum(weights);
  if (total === 0 || amount === 0) return weights.map(() => 0);
  const big = BigInt(amount);
  const whole = BigInt(total);
  const shares = weights.map((w) => (big * BigInt(w)) / whole);
  const remainders = weights.map((w, i) => ({ i, r: (big * BigInt(w)) % whole }));
  let left = amount - sum(shares.map(Number));
  remainders.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  const out = shares.map(Number);
  for (const { i } of remainders) {
    if (left === 0) break;
    out[i]! += 1;
    left--;
  }
  return out;
}

export { sum };
