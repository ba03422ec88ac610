import { describe, expect, it } from 'vitest';
import { isEan13, symbologyOf } from './barcode';

describe('barcode symbology', () => {
  it('takes EAN-13 only for 13 digits with a right check digit', () => {
    expect(isEan13('9551234567896')).toBe(true);
    expect(isEan13('4006381333931')).toBe(true);
    expect(isEan13('9551234567890')).toBe(false);
    expect(isEan13('955123456789')).toBe(false);
    expect(isEan13('95512345678961')).toBe(false);
    expect(isEan13('95512345678a6')).toBe(false);
    expect(isEan13(null)).toBe(false);
    expect(symbologyOf('9551234567896')).toBe('ean13');
    expect(symbologyOf('9551234567890')).toBe('code128');
    expect(symbologyOf('RC-10')).toBe('code128');
  });
});
