import { findEntity } from '@backroom/schema';
import { describe, expect, it } from 'vitest';
import { dateFromText, fromCell, numberFromText, type ScalarField } from './columns';

/** What spreadsheets do to numbers, codes and dates: each read right, or refused with what was read (issue 24). */
const barcode = findEntity('product')!.fields.find((f) => f.name === 'barcode') as ScalarField;

describe('spreadsheet hazards', () => {
  it('reads thousands separators and decimal commas, and refuses a number that reads two ways', () => {
    const read = (text: string) => numberFromText(text);
    expect(['1,234.50', '1.234,50', '1 234,50', "1'234.50", '1234.50'].map((t) => read(t))).toEqual(
      Array(5).fill({ ok: true, value: '1234.50' }),
    );
    expect(read('12,5')).toEqual({ ok: true, value: '12.5' });
    expect(read('1.234.567')).toEqual({ ok: true, value: '1234567' });
    expect(read('1,234,567')).toEqual({ ok: true, value: '1234567' });
    expect(read('1,234')).toMatchObject({
      ok: false,
      message: expect.stringContaining('"1,234" could be read two ways'),
    });
    expect(read('1,2,3')).toEqual({ ok: false, message: 'must be a number: read "1,2,3"' });
    expect(read('abc')).toEqual({ ok: true, value: 'abc' });
  });

  it('reads a choice by its value or its label, and refuses another naming the labels, never the values', () => {
    const type = findEntity('product')!.fields.find((f) => f.name === 'type') as ScalarField;
    expect(fromCell(type, 'Variant parent')).toEqual({ ok: true, value: 'variantParent' });
    expect(fromCell(type, 'variantParent')).toEqual({ ok: true, value: 'variantParent' });
    expect(fromCell(type, 'Kit')).toEqual({
      ok: false,
      message: 'must be one of Standard, Variant parent, Service, Composite / recipe, Non-stock',
    });
  });

  it('reads dates as text in the three common orders, and refuses one that reads two ways', () => {
    for (const text of ['2026-12-31', '2026/12/31', '31/12/2026', '12/31/2026', '31.12.2026'])
      expect([text, dateFromText(text)]).toEqual([text, expect.objectContaining({ ok: true, value: '2026-12-31' })]);
    expect(dateFromText('31/12/2026')).toMatchObject({ order: 'dayFirst' });
    expect(dateFromText('12/31/2026')).toMatchObject({ order: 'monthFirst' });
    expect(dateFromText('05/05/2026')).toEqual({ ok: true, value: '2026-05-05' });
    expect(dateFromText('01/02/2026')).toEqual({
      ok: false,
      message:
        'is a date that reads two ways: "01/02/2026" is 2026-02-01 day first, 2026-01-02 month first; write it year first, such as 2026-09-28',
      readings: { dayFirst: '2026-02-01', monthFirst: '2026-01-02' },
    });
    expect(dateFromText('31.12.26')).toMatchObject({ ok: false, message: expect.stringContaining('four-digit year') });
    expect(dateFromText('2026-02-30')).toEqual({ ok: false, message: 'is not a date: read "2026-02-30"' });
  });

  it('refuses codes a spreadsheet cut: scientific notation, rounded or too long numbers, barcodes short of a zero', () => {
    expect(fromCell(barcode, '3.65275E+11')).toMatchObject({
      ok: false,
      message: expect.stringContaining('"3.65275E+11", a number in scientific notation'),
    });
    expect(fromCell(barcode, 365275000000)).toMatchObject({
      ok: false,
      message: expect.stringContaining('3.65275E+11 (365275000000)'),
    });
    expect(fromCell(barcode, 2 ** 64)).toMatchObject({ ok: false });
    expect(fromCell(barcode, 12345678901)).toMatchObject({
      ok: false,
      message: expect.stringContaining('lost a leading zero'),
    });
    expect(fromCell(barcode, 9780306406157)).toEqual({ ok: true, value: '9780306406157' });
    expect(fromCell(barcode, '0012345')).toEqual({ ok: true, value: '0012345' });
  });
});
