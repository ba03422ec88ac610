import { describe, expect, it } from 'vitest';
import {
  compareDecimals,
  formatScaled,
  fromMinorUnits,
  multiplyScaled,
  parseScaled,
  sumDecimals,
  toMinorUnits,
} from './money';

describe('exact money and quantities', () => {
  it('parses decimal strings into scaled integers without floats', () => {
    expect(toMinorUnits('12.50')).toBe(1250);
    expect(toMinorUnits('12.5')).toBe(1250);
    expect(toMinorUnits('0.1')).toBe(10);
    expect(toMinorUnits('.5')).toBe(50);
    expect(toMinorUnits(' 7 ')).toBe(700);
    expect(toMinorUnits('-3.10')).toBe(-310);
    expect(toMinorUnits('1.005', 3)).toBe(1005);
    expect(toMinorUnits('19.990')).toBe(1999);
    expect(toMinorUnits(1.15)).toBe(115); // 1.15 * 100 is 114.99999999999999 in floats
    expect(toMinorUnits('1234567890123.45')).toBe(123456789012345);
  });

  it('refuses what it cannot represent exactly', () => {
    expect(parseScaled('12.345', 2)).toEqual({ ok: false, reason: 'scale' });
    expect(parseScaled(0.1 + 0.2, 2)).toEqual({ ok: false, reason: 'scale' });
    expect(parseScaled('12,50', 2)).toEqual({ ok: false, reason: 'format' });
    expect(parseScaled('1e3', 2)).toEqual({ ok: false, reason: 'format' });
    expect(parseScaled('', 2)).toEqual({ ok: false, reason: 'format' });
    expect(parseScaled('.', 2)).toEqual({ ok: false, reason: 'format' });
    expect(parseScaled(Number.NaN, 2)).toEqual({ ok: false, reason: 'format' });
    expect(parseScaled('99999999999999999', 2)).toEqual({ ok: false, reason: 'range' });
    expect(() => toMinorUnits('abc')).toThrow(RangeError);
  });

  it('reads numbers of up to 15 digits without a BigInt, and larger ones exactly up to the largest safe integer', () => {
    expect(parseScaled('9999999999999.99', 2)).toEqual({ ok: true, value: 999999999999999 });
    expect(parseScaled('90071992547409.91', 2)).toEqual({ ok: true, value: Number.MAX_SAFE_INTEGER });
    expect(parseScaled('-90071992547409.91', 2)).toEqual({ ok: true, value: -Number.MAX_SAFE_INTEGER });
    expect(parseScaled('90071992547409.92', 2)).toEqual({ ok: false, reason: 'range' });
    expect(parseScaled('0000000000000000012.5', 2)).toEqual({ ok: true, value: 1250 });
    expect(parseScaled(-0, 2)).toEqual({ ok: true, value: 0 });
    for (const digits of ['1', '12', '999999999999999', '1000000000000000', '4503599627370497', '9007199254740991'])
      expect(parseScaled(digits, 0), digits).toEqual({ ok: true, value: Number(BigInt(digits)) });
  });

  it('formats scaled integers back, whatever the driver returned', () => {
    expect(fromMinorUnits(1250)).toBe('12.50');
    expect(fromMinorUnits(5)).toBe('0.05');
    expect(fromMinorUnits(-5)).toBe('-0.05');
    expect(fromMinorUnits('123456789012345')).toBe('1234567890123.45');
    expect(formatScaled(1500n, 3)).toBe('1.500');
    expect(formatScaled(42, 0)).toBe('42');
    expect(formatScaled(-0, 2)).toBe('0.00');
    expect(formatScaled(2 ** 53 + 2, 2)).toBe('90071992547409.94');
    // A number, a bigint and a string of the same amount read alike.
    for (const amount of [0, 7, -7, 1999, -100000, 123456789012345, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER])
      for (const scale of [0, 2, 3])
        expect(formatScaled(amount, scale), `${amount} at ${scale}`).toBe(formatScaled(BigInt(amount), scale));
  });

  it('adds "0.1" and "0.2" to exactly "0.30"', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(sumDecimals(['0.1', '0.2'])).toBe('0.30');
    expect(compareDecimals(sumDecimals(['0.1', '0.2']), '0.3', 2)).toBe(0);
    expect(sumDecimals(Array.from({ length: 10 }, () => '0.10'))).toBe('1.00');
    expect(sumDecimals(['1.005', '2.001'], 3)).toBe('3.006');
  });

  it('multiplies price by quantity, rounding half away from zero', () => {
    // 19.99 × 1.500 = 29.985 → 29.99
    expect(multiplyScaled(1999, 2, 1500, 3, 2)).toBe(2999);
    expect(multiplyScaled(-1999, 2, 1500, 3, 2)).toBe(-2999);
    expect(multiplyScaled(333, 2, 3000, 3, 2)).toBe(999);
    expect(multiplyScaled(5, 0, 2, 0, 2)).toBe(1000);
  });
});
