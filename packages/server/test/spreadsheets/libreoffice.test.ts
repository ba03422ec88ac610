import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { findEntity } from '@backroom/schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { useCatalogue, type Row } from '../domain/support/catalogue';
import { importSheet } from './support';

/**
 * Spreadsheets saved by LibreOffice Calc 7 (Debian's libreoffice-calc: `soffice --headless
 * --convert-to xlsx` of the CSV beside each), not by our writer: shared strings, its own styles, and
 * dates typed as dates.
 */
const c = useCatalogue();
const fixture = (name: string) => readFile(join(import.meta.dirname, '..', 'fixtures', name));
const fetchWhere = async (entity: string, column: string, prefix: string) =>
  (await c.post<Row[]>(`/DataRepository/fetch/${entity}`, { filters: [{ ColumnName: column, ColumnValue: prefix, Operator: 'STARTSWITH' }] })).body.data;

beforeAll(async () => {
  await c.builder.insert(findEntity('category')!, { code: 'LOCAT', name: 'Office goods' });
  await c.builder.insert(findEntity('membershipgroup')!, { code: 'LOGRP', name: 'Office members' });
  await c.builder.insert(findEntity('inventorylocation')!, { code: 'LOLOC', name: 'Office store' });
  await c.builder.insert(findEntity('inventorylocation')!, { code: 'LOLOC2', name: 'Office back room' });
});

describe('files saved by LibreOffice', () => {
  it('imports products', async () => {
    const job = await importSheet(c, await fixture('libreoffice-products.xlsx'), 'product', 'commit');
    expect(job, JSON.stringify(job.errors)).toMatchObject({ status: 'succeeded', committed: true, inserted: 2, errorCount: 0 });
    const rows = await fetchWhere('product', 'code', 'LO-');
    expect(rows.map((r) => [r.code, r.name, r.sellingPrice, r.costPrice, r.trackStock])).toEqual([
      ['LO-1', 'LibreOffice tea', '3.50', '1.20', true],
      ['LO-2', 'LibreOffice cup', '12.00', null, false],
    ]);
  });

  it('imports members with the dates LibreOffice typed as dates', async () => {
    const job = await importSheet(c, await fixture('libreoffice-members.xlsx'), 'membership', 'commit');
    expect(job, JSON.stringify(job.errors)).toMatchObject({ committed: true, inserted: 2, errorCount: 0 });
    const rows = await fetchWhere('membership', 'memberNo', 'LOM-');
    expect(rows.map((r) => [r.memberNo, r.phone, r.birthDate, r.joinDate])).toEqual([
      ['LOM-1', '+60 12 000 0001', '1990-05-17', '2024-01-05'],
      ['LOM-2', null, null, '2024-02-29'],
    ]);
  });

  it('imports a stock count', async () => {
    const job = await importSheet(c, await fixture('libreoffice-count.xlsx'), 'outletitembalance', 'commit');
    expect(job, JSON.stringify(job.errors)).toMatchObject({ committed: true, updated: 2, errorCount: 0 });
    const balances = (await c.post<Row[]>('/DataRepository/fetch/stockbalance', { sorts: [{ ColumnName: 'quantity', Direction: 'asc' }] })).body.data;
    expect(balances.map((b) => b.quantity)).toEqual(['0.500', '7.000']);
  });
});
