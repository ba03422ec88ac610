/** Cell values as the importers read them and as the writers write them. */

/** A value read from a cell: text, a number, a boolean, a date, or nothing. */
export type CellValue = string | number | boolean | Date | null;

/** What an upload is read as; `zip`: an archive of images (`imageproduct`), read as one row per file. */
export type SheetFormat = 'xlsx' | 'csv' | 'zip';

/** One row of a sheet: its row number as the spreadsheet shows it, and its cells from column A. */
export interface SheetRow {
  number: number;
  cells: CellValue[];
}

const DANGEROUS_START = /^[=+\-@\t\r]/;
/** Text an escape would be read back from: a dangerous start behind apostrophes (`'=1`, `''=1`). */
const ESCAPED_LOOKING = /^'+[=+\-@\t\r]/;

/**
 * Text that a spreadsheet program would run as a formula (or that starts with a tab or carriage
 * return) is written with a leading apostrophe, so it stays text (OWASP CSV injection). Text that
 * already looks like such an escape (`'=1+1`) gets one more, so that it reads back as it was.
 */
export const escapeText = (text: string): string =>
  DANGEROUS_START.test(text) || ESCAPED_LOOKING.test(text) ? `'${text}` : text;

/** The reverse of `escapeText`, so an exported sheet imports back unchanged: one leading apostrophe before a dangerous start, behind any others, is dropped. */
export const unescapeText = (text: string): string => (ESCAPED_LOOKING.test(text) ? text.slice(1) : text);

/** Control characters a stored text may not hold: all but tab, line feed and carriage return (NUL breaks PostgreSQL's text and is cut by SQLite's readers). */
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** The first control character of a text as `U+0000`, or undefined. */
export function controlCharacterIn(text: string): string | undefined {
  const found = CONTROL.exec(text)?.[0];
  return found === undefined ? undefined : `U+${found.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/** Days from Excel's day 0 (1899-12-30, counting its fictional 1900-02-29) to 1970-01-01. */
const EXCEL_EPOCH_DAYS = 25569;
const DAY_MS = 86_400_000;

/** An Excel serial date (45292 = 2024-01-01; a fraction is the time of day) as a UTC date. */
export const fromExcelSerial = (serial: number): Date => new Date(Math.round((serial - EXCEL_EPOCH_DAYS) * DAY_MS));

const pad = (n: number) => String(n).padStart(2, '0');

/** A date cell as ISO text: `YYYY-MM-DD` at midnight UTC, else the full instant. */
export const isoOf = (date: Date): string => {
  const day = `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
  return date.getUTCHours() + date.getUTCMinutes() + date.getUTCSeconds() === 0 ? day : date.toISOString();
};

/** A cell as the text an importer reads: trimmed, dates as ISO, blank as null. */
export function cellText(value: CellValue): string | null {
  if (value === null) return null;
  if (value instanceof Date) return isoOf(value);
  const text = String(value).trim();
  return text === '' ? null : text;
}
