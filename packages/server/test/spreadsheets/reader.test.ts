import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readSheet } from '../../src/modules/spreadsheets/read';
import { loadConfig } from '../../src/config';
import { tempFile } from './support';

async function rowsFrom(path: string) {
  const out: { number: number; cells: unknown[] }[] = [];
  for await (const row of readSheet(path, 'xlsx', loadConfig().imports)) out.push(row);
  return out;
}

describe('the xlsx reader', () => {
  it('reads only the first sheet: shared and rich text, numbers, booleans, dates, formula results, gaps and escapes', async () => {
    const workbook = new ExcelJS.Workbook();
    const first = workbook.addWorksheet('First');
    const later = workbook.addWorksheet('Later');
    later.addRow(['not this sheet']);
    first.addRow(['Text & <markup>', 12.5, true, new Date(Date.UTC(2024, 0, 31)), { formula: '1+1', result: 2 }]);
    first.addRow([
      { richText: [{ text: 'Rich ' }, { font: { bold: true }, text: 'text' }] },
      null,
      false,
      "'=SUM(A1)",
      { formula: 'A1', result: 'cached' },
    ]);
    first.getRow(5).getCell(3).value = 'after a gap';
    const path = await tempFile('reader.xlsx');
    await workbook.xlsx.writeFile(path);

    const rows = await rowsFrom(path);
    expect(rows).toEqual([
      { number: 1, cells: ['Text & <markup>', 12.5, true, new Date(Date.UTC(2024, 0, 31)), 2] },
      { number: 2, cells: ['Rich text', null, false, '=SUM(A1)', 'cached'] },
      { number: 5, cells: [null, null, 'after a gap'] },
    ]);
  });
});
