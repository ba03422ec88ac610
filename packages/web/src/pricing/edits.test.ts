import { describe, expect, it } from 'vitest';
import { canonical, changesOf, isValidPrice, withCell } from './edits';

describe('price cell edits', () => {
  it('accepts blank or an amount with at most two decimals', () => {
    expect(['', ' ', '0', '9', '9.5', '12.50'].every(isValidPrice)).toBe(true);
    expect(['-1', '1.234', 'abc', '1,50', '.5'].some(isValidPrice)).toBe(false);
  });

  it('keeps a cell only while it differs from the saved price', () => {
    expect(canonical('09.5')).toBe('9.50');
    expect(withCell({}, '1:2', '9', '9.00')).toEqual({});
    expect(withCell({ '1:2': '8' }, '1:2', '', null)).toEqual({});
    expect(withCell({}, '1:2', '', '9.00')).toEqual({ '1:2': '' });
  });

  it('sends blank as null and amounts in canonical form', () => {
    expect(changesOf({ '1:2': '', '3:4': '7.5' })).toEqual([
      { product: 1, outlet: 2, price: null },
      { product: 3, outlet: 4, price: '7.50' },
    ]);
  });
});
