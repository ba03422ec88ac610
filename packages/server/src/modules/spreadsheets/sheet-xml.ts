import { escapeText, type CellValue } from './cells';

/** A drop-down list on `column` (rows 2 to rows + 1) whose values are `length` cells of a column of another sheet. */
export interface Validation {
  column: number;
  rows: number;
  sheet: string;
  sourceColumn: number;
  length: number;
}

/** Cell formats of styles.xml (write.ts), by index. */
const BOLD = 1;
const DATE = 2;
const DATE_TIME = 3;

const XML_SPECIAL = /[&<>"]/g;
/** Characters XML 1.0 cannot carry; Office writes them as `_xHHHH_`. */
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const NOT_XML = /[\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]/g;
/** A UTF-16 surrogate without its pair cannot be encoded at all. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const EDGE_SPACE = /^\s|\s$/;

/** Any character `escapeXml` changes: most text has none, and is passed as it is. */
// eslint-disable-next-line no-control-regex -- control characters are among what it finds
const TO_ESCAPE = /[&<>"\x00-\x08\x0B\x0C\x0E-\x1F\uD800-\uDFFF\uFFFE\uFFFF]/;

export function escapeXml(text: string): string {
  if (!TO_ESCAPE.test(text)) return text;
  return text
    .replace(XML_SPECIAL, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&quot;'))
    .replace(NOT_XML, (c) => `_x${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}_`)
    .replace(LONE_SURROGATE, '\uFFFD');
}

const letters: string[] = [];
/** The letters of a column (0 → A, 26 → AA). */
export function columnLetter(index: number): string {
  let cached = letters[index];
  if (cached === undefined) {
    cached = '';
    for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
      cached = String.fromCharCode(65 + ((n - 1) % 26)) + cached;
    letters[index] = cached;
  }
  return cached;
}

const DAY_MS = 86_400_000;
/** Days from Excel's day 0 to 1970-01-01 (see cells.ts). */
const EXCEL_EPOCH_DAYS = 25569;

const textCell = (ref: string, text: string, style: string) => {
  const safe = escapeXml(escapeText(text));
  return `<c r="${ref}"${style} t="inlineStr"><is><t${EDGE_SPACE.test(safe) ? ' xml:space="preserve"' : ''}>${safe}</t></is></c>`;
};

function cellXml(ref: string, value: CellValue, bold: boolean): string {
  const style = bold ? ` s="${BOLD}"` : '';
  if (typeof value === 'string') return textCell(ref, value, style);
  if (typeof value === 'number')
    return Number.isFinite(value) ? `<c r="${ref}"${style}><v>${value}</v></c>` : textCell(ref, String(value), style);
  if (typeof value === 'boolean') return `<c r="${ref}"${style} t="b"><v>${value ? 1 : 0}</v></c>`;
  const time = value!.getTime();
  if (Number.isNaN(time)) return '';
  return `<c r="${ref}" s="${time % DAY_MS === 0 ? DATE : DATE_TIME}"><v>${time / DAY_MS + EXCEL_EPOCH_DAYS}</v></c>`;
}

/** Row `number` (1-based) of a sheet; blank cells are left out. */
export function rowXml(number: number, values: readonly CellValue[], bold = false): string {
  let xml = `<row r="${number}">`;
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (value !== null && value !== undefined) xml += cellXml(`${columnLetter(i)}${number}`, value, bold);
  }
  return `${xml}</row>`;
}

/** The sheet's opening: column widths and the bold header row (none without columns: rows then start at row 1). */
export function sheetStart(spec: { columns: readonly { header: string; width?: number }[] }): string {
  const cols = spec.columns
    .map(
      (c, i) =>
        `<col min="${i + 1}" max="${i + 1}" width="${c.width ?? Math.min(40, Math.max(12, c.header.length + 2))}" customWidth="1"/>`,
    )
    .join('');
  const header =
    spec.columns.length > 0
      ? rowXml(
          1,
          spec.columns.map((c) => c.header),
          true,
        )
      : '';
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">${cols ? `<cols>${cols}</cols>` : ''}<sheetData>${header}`;
}

/** The sheet's close: its drop-down lists, which follow the rows in the schema's order. */
export function sheetEnd(validations: readonly Validation[]): string {
  const lists = validations.map((v) => {
    const column = columnLetter(v.column);
    const source = columnLetter(v.sourceColumn);
    return `<dataValidation type="list" allowBlank="1" showErrorMessage="1" errorTitle="Not in the list" error="Choose a value from the list" sqref="${column}2:${column}${v.rows + 1}"><formula1>${escapeXml(v.sheet)}!$${source}$1:$${source}$${v.length}</formula1></dataValidation>`;
  });
  return `</sheetData>${lists.length > 0 ? `<dataValidations count="${lists.length}">${lists.join('')}</dataValidations>` : ''}</worksheet>`;
}
