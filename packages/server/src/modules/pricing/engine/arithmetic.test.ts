import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocate, mulDiv, mulDivFloor } from './arithmetic';

describe('exact arithmetic', () => {
  it('mulDiv and mulDivFloor agree with BigInt everywhere', () => {
    const n = fc.oneof(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }));
    fc.assert(
      fc.property(n, n, fc.integer({ min: 1, max: 10_000_000 }), (a, b, c) => {
        const exact = BigInt(a) * BigInt(b);
        expect(mulDivFloor(a, b, c)).toBe(Number(exact / BigInt(c)));
        expect(mulDiv(a, b, c)).toBe(Number((exact * 2n + BigInt(c)) / (BigInt(c) * 2n)));
      }),
      { numRuns: 2000 },
    );
  });

  it('allocate shares an amount exactly, none above its weight', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 1, maxLength: 20 }),
        fc.nat(),
        (weights, k) => {
          const total = weights.reduce((a, b) => a + b, 0);
          const amount = total === 0 ? 0 : k % (total + 1);
          const shares = allocate(amount, weights);
          expect(shares.reduce((a, b) => a + b, 0)).toBe(amount);
          shares.forEach((s, i) => expect(s).toBeLessThanOrEqual(weights[i]!));
        },
      ),
    );
  });
});
