import { describe, expect, it } from 'vitest';
import { textColourOn } from './textColourOn';

describe('textColourOn', () => {
  it('writes white on dark colours and black on light ones', () => {
    expect(textColourOn('#7a2e0e')).toBe('#fff');
    expect(textColourOn('#1a237e')).toBe('#fff');
    expect(textColourOn('#ffeb3b')).toBe('#000');
    expect(textColourOn('#FFFFFF')).toBe('#000');
    expect(textColourOn('#808080')).toBe('#000');
  });
});
