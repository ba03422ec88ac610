import { describe, expect, test } from 'vitest';
import { dateText, datePlaceholder, dateTimeText, moneyText, numberText, parseDateText } from './format';

describe('the company’s date and number convention', () => {
  test('a date reads and is typed in the company’s order: en-MY day first, en-US month first', () => {
    expect(dateText('2026-09-28', 'en-MY')).toBe('28/09/2026');
    expect(datePlaceholder('en-MY')).toBe('dd/mm/yyyy');
    expect(parseDateText('28/09/2026', 'en-MY')).toBe('2026-09-28');
    expect(parseDateText('28-9-26', 'en-MY')).toBe('2026-09-28');
    expect(parseDateText('2026-09-28', 'en-MY')).toBe('2026-09-28');
    expect(dateText('2026-09-28', 'en-US')).toBe('09/28/2026');
    expect(parseDateText('09/28/2026', 'en-US')).toBe('2026-09-28');
  });

  test('what is not a whole, real date is not a date', () => {
    expect(parseDateText('31/02/2026', 'en-MY')).toBeNull();
    expect(parseDateText('28/09', 'en-MY')).toBeNull();
    expect(parseDateText('', 'en-MY')).toBeNull();
  });

  test('an instant in the company’s time zone and order; money with its currency and thousands separators', () => {
    expect(dateTimeText('2026-09-28T16:30:00Z', { locale: 'en-MY', timeZone: 'Asia/Kuala_Lumpur' })).toMatch(
      /^29\/09\/2026,? 12:30/i,
    );
    expect(moneyText('1234567.5', { locale: 'en-MY', currency: 'MYR' })).toBe('RM\u00a01,234,567.50');
    expect(moneyText('1234.5', { locale: 'en', currency: null })).toBe('1,234.50');
    expect(numberText(12345, 'en-MY')).toBe('12,345');
  });
});
