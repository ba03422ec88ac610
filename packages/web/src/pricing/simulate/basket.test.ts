import { describe, expect, it } from 'vitest';
import { isQuantity, itemOf, withQuantity } from './basket';

describe('the simulator’s basket', () => {
  it('reads a typed entry, with a quantity in front', () => {
    expect(itemOf(' COF-001 ')).toEqual({ code: 'COF-001' });
    expect(itemOf('3*COF-001')).toEqual({ code: 'COF-001', quantity: '3' });
    expect(itemOf('1.5 x 9551234567890')).toEqual({ code: '9551234567890', quantity: '1.5' });
    expect(itemOf('   ')).toBeNull();
  });

  it('changes a quantity, and takes the line out at zero', () => {
    const lines = [
      { product: 1, quantity: '1.000' },
      { product: 2, quantity: '2.000' },
    ];
    expect(withQuantity(lines, 1, '5')).toEqual([
      { product: 1, quantity: '1.000' },
      { product: 2, quantity: '5' },
    ]);
    expect(withQuantity(lines, 0, '0')).toEqual([{ product: 2, quantity: '2.000' }]);
  });

  it('accepts quantities above 0 with at most 3 decimals', () => {
    expect(['1', '0.5', '2.125'].every(isQuantity)).toBe(true);
    expect(['0', '-1', '1.2345', 'abc', ''].some(isQuantity)).toBe(false);
  });
});
