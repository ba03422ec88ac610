import { describe, expect, test } from 'vitest';
import en from '../../public/locales/en/translations.json';
import ms from '../../public/locales/ms/translations.json';
import {
  clockPlaceholder,
  clockText,
  dateText,
  datePlaceholder,
  dateTimeInputText,
  dateTimePlaceholder,
  dateTimeText,
  instantClockText,
  moneyText,
  numberText,
  parseClockText,
  parseDateText,
  parseDateTimeText,
  parseInstantText,
} from './format';

/** The letters each language's catalogue spells a date and time's parts with. */
const ENGLISH = en.form.dateParts;
const MALAY = ms.form.dateParts;

describe('the company’s date and number convention', () => {
  test('a date reads and is typed in the company’s order: en-MY day first, en-US month first', () => {
    expect(dateText('2026-09-28', 'en-MY')).toBe('28/09/2026');
    expect(datePlaceholder('en-MY', ENGLISH)).toBe('dd/mm/yyyy');
    expect(parseDateText('28/09/2026', 'en-MY')).toBe('2026-09-28');
    expect(parseDateText('28-9-2026', 'en-MY')).toBe('2026-09-28');
    expect(parseDateText('2026-09-28', 'en-MY')).toBe('2026-09-28');
    expect(dateText('2026-09-28', 'en-US')).toBe('09/28/2026');
    expect(parseDateText('09/28/2026', 'en-US')).toBe('2026-09-28');
  });

  test('an empty input spells the convention in the user’s language: hari/bulan/tahun and jam in Malay', () => {
    expect(datePlaceholder('ms-MY', MALAY)).toBe('hh/bb/tttt');
    expect(dateTimePlaceholder('ms-MY', MALAY)).toBe('hh/bb/tttt jj:mm PG/PTG');
    expect(datePlaceholder('en-US', ENGLISH)).toBe('mm/dd/yyyy');
  });

  test('what is not a whole, real date is not a date', () => {
    expect(parseDateText('31/02/2026', 'en-MY')).toBeNull();
    expect(parseDateText('28/09', 'en-MY')).toBeNull();
    // A year has four digits: "28/09/20" may be on its way to 2026.
    expect(parseDateText('28/09/2', 'en-MY')).toBeNull();
    expect(parseDateText('28/09/20', 'en-MY')).toBeNull();
    expect(parseDateText('28/09/202', 'en-MY')).toBeNull();
    expect(parseDateText('', 'en-MY')).toBeNull();
  });

  test('a time reads and is typed in the company’s clock: en-MY 12-hour with am/pm, en-GB 24-hour', () => {
    expect(clockText('14:05', 'en-MY')).toBe('2:05 pm');
    expect(clockPlaceholder('en-MY', ENGLISH)).toBe('hh:mm am/pm');
    expect(parseClockText('2:05 pm', 'en-MY')).toBe('14:05');
    expect(parseClockText('02.05PM', 'en-MY')).toBe('14:05');
    expect(parseClockText('9:5 a', 'en-MY')).toBe('09:05');
    expect(parseClockText('12:30 am', 'en-MY')).toBe('00:30');
    expect(parseClockText('12:30 pm', 'en-MY')).toBe('12:30');
    // An hour no 12-hour clock has is 24-hour time anyway.
    expect(parseClockText('14:05', 'en-MY')).toBe('14:05');
    expect(parseClockText('0:15', 'en-MY')).toBe('00:15');
    expect(clockText('14:05', 'en-GB')).toBe('14:05');
    expect(clockText('00:14', 'en-GB')).toBe('00:14');
    expect(clockText('09:05', 'en-GB')).toBe('09:05');
    expect(clockText('00:14', 'en-MY')).toBe('12:14 am');
    expect(clockPlaceholder('en-GB', ENGLISH)).toBe('hh:mm');
    expect(parseClockText('14:05', 'en-GB')).toBe('14:05');
    expect(parseClockText('9:05', 'en-GB')).toBe('09:05');
    expect(parseClockText('2:05 pm', 'en-GB')).toBe('14:05');
    // The locale's own words: Malay's PG/PTG.
    expect(parseClockText('2:05 PTG', 'ms-MY')).toBe('14:05');
    expect(parseClockText('9:05 pg', 'ms-MY')).toBe('09:05');
  });

  test('what is not a whole time is not a time; a 12-hour clock needs its am or pm', () => {
    expect(parseClockText('2:05', 'en-MY')).toBeNull();
    expect(parseClockText('12:30', 'en-MY')).toBeNull();
    expect(parseClockText('14:05 pm', 'en-MY')).toBeNull();
    expect(parseClockText('2:05 xm', 'en-MY')).toBeNull();
    expect(parseClockText('24:00', 'en-GB')).toBeNull();
    expect(parseClockText('9:60', 'en-GB')).toBeNull();
    expect(parseClockText('905', 'en-GB')).toBeNull();
    expect(parseClockText('', 'en-GB')).toBeNull();
  });

  test('a date and time reads and is typed as its date and its time', () => {
    expect(dateTimeInputText('2026-09-28T14:05', 'en-MY')).toBe('28/09/2026 2:05 pm');
    expect(dateTimeInputText('2026-09-28T14:05', 'en-GB')).toBe('28/09/2026 14:05');
    expect(dateTimeInputText('2026-09-28T14:05', 'en-US')).toBe('09/28/2026 2:05 PM');
    expect(dateTimePlaceholder('en-MY', ENGLISH)).toBe('dd/mm/yyyy hh:mm am/pm');
    expect(dateTimePlaceholder('en-GB', ENGLISH)).toBe('dd/mm/yyyy hh:mm');
    expect(parseDateTimeText('28/09/2026 2:05 pm', 'en-MY')).toBe('2026-09-28T14:05');
    expect(parseDateTimeText('28/9/2026, 2:05pm', 'en-MY')).toBe('2026-09-28T14:05');
    expect(parseDateTimeText('28/9/26, 2:05pm', 'en-MY')).toBeNull();
    expect(parseDateTimeText('28/09/2026 14:05', 'en-GB')).toBe('2026-09-28T14:05');
    expect(parseDateTimeText('1-2-2026 9:05', 'en-GB')).toBe('2026-02-01T09:05');
    expect(parseDateTimeText('2026-09-28T14:05', 'en-MY')).toBe('2026-09-28T14:05');
    expect(parseDateTimeText('09/28/2026 2:05 PM', 'en-US')).toBe('2026-09-28T14:05');
    expect(parseDateTimeText('28/09/2026', 'en-MY')).toBeNull();
    expect(parseDateTimeText('28/09/2026 2:05', 'en-MY')).toBeNull();
    expect(parseDateTimeText('31/02/2026 14:05', 'en-GB')).toBeNull();
    expect(parseDateTimeText('09/28/2026 14:05', 'en-GB')).toBeNull();
  });

  test('money with its currency and thousands separators', () => {
    expect(moneyText('1234567.5', { locale: 'en-MY', currency: 'MYR' })).toBe('RM\u00a01,234,567.50');
    expect(moneyText('1234.5', { locale: 'en', currency: null })).toBe('1,234.50');
    expect(numberText(12345, 'en-MY')).toBe('12,345');
  });
});

describe('instants in the company’s time zone, not the browser’s', () => {
  const kl = { locale: 'en-MY', timeZone: 'Asia/Kuala_Lumpur' };
  const london = { locale: 'en-GB', timeZone: 'Europe/London' };

  test('an instant reads as the company’s wall clock (a list cell as an input), typed text as the instant it is there', () => {
    expect(dateTimeText('2026-09-28T06:05:00.000Z', kl)).toBe('28/09/2026 2:05 pm');
    expect(dateTimeText('2026-09-28T16:30:00Z', kl)).toBe('29/09/2026 12:30 am');
    expect(parseInstantText('28/09/2026 2:05 pm', kl)).toBe('2026-09-28T06:05:00.000Z');
    // Summer time: London is UTC+1 in July, UTC in January.
    expect(parseInstantText('1/7/2026 9:00', london)).toBe('2026-07-01T08:00:00.000Z');
    expect(parseInstantText('1/1/2026 9:00', london)).toBe('2026-01-01T09:00:00.000Z');
    expect(dateTimeText('2026-07-01T08:00:00.000Z', london)).toBe('01/07/2026 09:00');
    expect(parseInstantText('28/09/2026', kl)).toBeNull();
    expect(dateTimeText('not yet', kl)).toBe('not yet');
    expect(instantClockText('2026-09-28T06:05:00.000Z', kl)).toBe('2:05 pm');
    expect(instantClockText('2026-07-01T08:00:00.000Z', london)).toBe('09:00');
  });

  test('as a range’s end a date alone is the whole day in the company’s zone: from its midnight, to its last moment', () => {
    expect(parseInstantText('1/1/2030', kl, 'start')).toBe('2029-12-31T16:00:00.000Z');
    expect(parseInstantText('1/1/2030', kl, 'end')).toBe('2030-01-01T15:59:59.999Z');
    expect(parseInstantText('1/1/2030 8:00 am', kl, 'end')).toBe('2030-01-01T00:00:00.000Z');
    expect(parseInstantText('31/2/2030', kl, 'start')).toBeNull();
  });
});
