import { describe, expect, it } from 'vitest';
import { nextAverage, spread } from './costs';

describe('spreading landed costs', () => {
  it('gives each line its share by weight, adding up to the total exactly', () => {
    // 10.00 over values 1 : 1 : 1 → 3.33, 3.34, 3.33 (cumulative rounding: 333, 667, 1000).
    expect(spread(1000, [100, 100, 100])).toEqual([333, 334, 333]);
    const shares = spread(1234, [7, 13, 29, 1]);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(1234);
    expect(spread(500, [0, 0])).toEqual([250, 250]);
    expect(spread(0, [5, 5])).toEqual([0, 0]);
    expect(spread(100, [])).toEqual([]);
  });
});

describe('the moving average', () => {
  it('weighs what is held against what comes in', () => {
    // 10 at 1.00 held, 12 come in worth 29.38: (10.00 + 29.38) / 22 = 1.79.
    expect(nextAverage(10_000, 100, null, 12_000, 2938)).toBe(179);
    // 5 at 3.10 held, 5 come in at 3.20: 3.15.
    expect(nextAverage(5000, 310, null, 5000, 1600)).toBe(315);
  });

  it('starts afresh on nothing or less, keeps the average when a return empties the pair', () => {
    expect(nextAverage(0, 500, 400, 10_000, 3000)).toBe(300);
    expect(nextAverage(-4000, 500, 400, 10_000, 3000)).toBe(300);
    expect(nextAverage(2000, 500, null, -2000, -1200)).toBe(500);
  });

  it('counts what is held at the cost price, else at the inflow’s own cost, when there is no average yet', () => {
    expect(nextAverage(10_000, null, 100, 10_000, 3000)).toBe(200);
    expect(nextAverage(10_000, null, null, 10_000, 3000)).toBe(300);
  });

  it('moves the average back on a return and never goes below zero', () => {
    // 22 at 1.79, 2 go back worth 4.90: (39.38 − 4.90) / 20 = 1.724 → 1.72.
    expect(nextAverage(22_000, 179, null, -2000, -490)).toBe(172);
    expect(nextAverage(10_000, 100, null, -5000, -5000)).toBe(0);
  });
});
