import type ExcelJS from 'exceljs';
import { onFirstUse } from '../../on-first-use';
import { escapeText, type CellValue } from './cells';

const exceljs = onFirstUse<typeof ExcelJS>('exceljs');

export interface SheetSpec {
  name: string;
  columns: readonly { header: string; width?: number }[];
  rows: Iterable<CellValue[]> | AsyncIterable<CellValue[]>;
  /** Drop-down lists (data validation) by column index, for the rows below the header. */
  lists?: ReadonlyMap<number, readonly string[]>;
  /** Rows a drop-down list covers. */
  listRows?: number;
  hidden?: boolean;
}

const safe = (value: CellValue): CellValue => (typeof value === 'string' ? escapeText(value) : value);

const columnLetter = (index: number): string => {
  let n = index + 1;
  let out = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
};

const LISTS_SHEET = 'Lists';

/**
 * Writes an xlsx to `output` row by row (each row is committed and leaves memory at once). Text
 * cells that a spreadsheet program would run as formulas are written as text (`escapeText`).
 * Drop-down lists are kept on a hidden `Lists` sheet after the others, referred to by range, so a
 * list of any length works.
 */
export async function writeWorkbook(output: string | NodeJS.WritableStream, sheets: readonly SheetSpec[]): Promise<{ rows: number }> {
  const workbook = new (exceljs().stream.xlsx.WorkbookWriter)({
    ...(typeof output === 'string' ? { filename: output } : { stream: output as never }),
    useStyles: true,
    useSharedStrings: false,
  });
  const lists: (readonly string[])[] = [];
  let written = 0;
  for (const spec of sheets) {
    const sheet = workbook.addWorksheet(spec.name, { state: spec.hidden ? 'hidden' : 'visible' });
    sheet.columns = spec.columns.map((c) => ({ header: c.header, width: c.width ?? Math.min(40, Math.max(12, c.header.length + 2)) }));
    sheet.getRow(1).font = { bold: true };
    for (const [column, values] of spec.lists ?? []) {
      lists.push(values);
      const letter = columnLetter(lists.length - 1);
      const range = `${columnLetter(column)}2:${columnLetter(column)}${(spec.listRows ?? 1000) + 1}`;
      (sheet as unknown as { dataValidations: { add(range: string, rule: ExcelJS.DataValidation): void } }).dataValidations.add(range, {
        type: 'list',
        allowBlank: true,
        formulae: [`${LISTS_SHEET}!$${letter}$1:$${letter}$${Math.max(values.length, 1)}`],
        showErrorMessage: true,
        errorTitle: 'Not in the list',
        error: 'Choose a value from the list',
      });
    }
    for await (const values of spec.rows) {
      sheet.addRow(values.map(safe)).commit();
      written++;
    }
    sheet.commit();
  }
  if (lists.length > 0) {
    const sheet = workbook.addWorksheet(LISTS_SHEET, { state: 'hidden' });
    const longest = Math.max(...lists.map((l) => l.length));
    for (let i = 0; i < longest; i++) sheet.addRow(lists.map((l) => (l[i] === undefined ? null : escapeText(l[i]!)))).commit();
    sheet.commit();
  }
  await workbook.commit();
  return { rows: written };
}
