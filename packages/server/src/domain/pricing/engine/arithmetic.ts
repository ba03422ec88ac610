/** Exact integer arithmetic for the engine: every amount is an integer of minor units. */

/** a × b / c rounded half up, for non-negative integers; BigInt inside, so no product overflows. */
export function mulDiv(a: number, b: number, c: number): number {
  const product = BigInt(a) * BigInt(b);
  const divisor = BigInt(c);
  return Number((product * 2n + divisor) / (divisor * 2n));
}

/** a × b / c rounded down, for non-negative integers. */
export function mulDivFloor(a: number, b: number, c: number): number {
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
