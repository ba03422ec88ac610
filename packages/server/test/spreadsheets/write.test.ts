import { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readSheet } from '../../src/modules/spreadsheets/read';
import { loadConfig } from '../../src/config';
import { writeWorkbook } from '../../src/modules/spreadsheets/write';
import { tempFile } from './support';

describe('the xlsx writer', () => {
  it('writes what ExcelJS reads back: bold headers, widths, text escaped from formulas, numbers, booleans, dates, drop-down lists on a hidden sheet', async () => {
    const path = await tempFile('written.xlsx');
    const { rows } = await writeWorkbook(path, [
      {
        name: 'Data',
        columns: [{ header: 'Code' }, { header: 'When', width: 20 }, { header: 'Flag' }, { header: 'Price' }],
        rows: [
          ['=1+2', new Date(Date.UTC(2024, 0, 31)), true, 1.5],
          [' a & <b> "c" ', new Date(Date.UTC(2024, 0, 31, 10, 30)), false, -3],
          ['\tTab', null, null, 0],
        ],
        lists: new Map([[0, ['A1', 'B2', '-x']]]),
        listRows: 10,
      },
      { name: 'Instructions', columns: [{ header: 'Column' }], rows: [['Code']] },
    ]);
    expect(rows).toBe(4);

    const read = [];
    for await (const row of readSheet(path, 'xlsx', loadConfig().imports)) read.push(row.cells);
    expect(read).toEqual([
      ['Code', 'When', 'Flag', 'Price'],
      ['=1+2', new Date(Date.UTC(2024, 0, 31)), true, 1.5],
      [' a & <b> "c" ', new Date(Date.UTC(2024, 0, 31, 10, 30)), false, -3],
      ['\tTab', null, null, 0],
    ]);

    const book = await new ExcelJS.Workbook().xlsx.readFile(path);
    expect(book.worksheets.map((s) => [s.name, s.state])).toEqual([
      ['Data', 'visible'],
      ['Instructions', 'visible'],
      ['Lists', 'hidden'],
    ]);
    const data = book.getWorksheet('Data')!;
    expect(data.getCell('A1').font?.bold).toBe(true);
    expect(data.getColumn(2).width).toBe(20);
    expect(data.getCell('A2').value).toBe("'=1+2");
    expect(data.getCell('A4').value).toBe("'\tTab");
    const validation = (data as unknown as { dataValidations: { model: Record<string, ExcelJS.DataValidation> } })
      .dataValidations.model;
    expect(validation.A2).toMatchObject({ type: 'list', formulae: ['Lists!$A$1:$A$3'] });
    expect(validation.A11).toBeDefined();
    expect(validation.A12).toBeUndefined();
    expect(book.getWorksheet('Lists')!.getColumn(1).values.slice(1)).toEqual(['A1', 'B2', "'-x"]);
  });

  it('fails, and says why, when its output fails (a client gone) while rows are still coming', async () => {
    const output = new Writable({ write: (_chunk, _encoding, done) => done(new Error('client gone')) });
    function* rows() {
      for (let i = 0; i < 100_000; i++) yield [`row ${i}`, i];
    }
    await expect(
      writeWorkbook(output, [{ name: 'Data', columns: [{ header: 'A' }, { header: 'B' }], rows: rows() }]),
    ).rejects.toThrow('client gone');
  });

  it('fails, and says why, when the rows fail midway', async () => {
    async function* rows() {
      yield ['one'];
      throw new Error('the database went away');
    }
    await expect(
      writeWorkbook(await tempFile('broken.xlsx'), [{ name: 'Data', columns: [{ header: 'A' }], rows: rows() }]),
    ).rejects.toThrow('the database went away');
  });
});
