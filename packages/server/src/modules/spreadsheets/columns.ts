import { CELL_PROBLEMS, enumValueLabel, type NormalisedEntity, type NormalisedField } from '@backroom/schema';
import { naturalKey } from '../../data/references';
import { cellText, fromExcelSerial, isoOf, type CellValue } from './cells';

/** Kinds a spreadsheet column can carry: one value per cell. */
const CELL_KINDS = new Set<NormalisedField['kind']>([
  'text',
  'longtext',
  'number',
  'decimal',
  'money',
  'quantity',
  'percent',
  'boolean',
  'date',
  'datetime',
  'time',
  'enum',
  'listvalue',
  'reference',
]);

export type ScalarField = Exclude<NormalisedField, { kind: 'children' }>;

/** Every one-value field a cell can carry, in form order, read-only ones included; custom fields too, when the entity was read with them (`withCustom`). */
export const cellFields = (entity: NormalisedEntity): ScalarField[] =>
  entity.fields.filter(
    (f): f is ScalarField => CELL_KINDS.has(f.kind) && !f.system && !(f.kind === 'enum' && f.multiple),
  );

/** The fields an import of the entity can write, in form order: every writable one-value field. */
export const sheetFields = (entity: NormalisedEntity): ScalarField[] => cellFields(entity).filter((f) => !f.readOnly);

/**
 * The fields that name a row across systems: the entity's unique code, else a field unique
 * together with its siblings (a low-quantity trigger: product and location).
 */
export function keyFields(entity: NormalisedEntity): ScalarField[] | undefined {
  const code = naturalKey(entity);
  if (code) return [code as ScalarField];
  const scoped = entity.fields.find((f) => Array.isArray(f.unique) && f.kind !== 'children');
  if (!scoped) return undefined;
  return [
    scoped as ScalarField,
    ...(scoped.unique as string[]).map((name) => entity.fields.find((f) => f.name === name) as ScalarField),
  ];
}

/** A header as the sheet shows it; required columns carry ` *`. */
export const headerOf = (field: ScalarField, required: boolean) => (required ? `${field.label} *` : field.label);

/** A header cell as written by a person: the marker, case and spacing do not matter. */
export const normaliseHeader = (header: string) =>
  header
    .replace(/\*\s*$/, '')
    .trim()
    .replace(/\s+/g, ' ')
    .toLowerCase();

const TRUE = new Set(['true', 'yes', 'y', '1']);
const FALSE = new Set(['false', 'no', 'n', '0']);

/**
 * A cell read as a field's value, or why not. A date as text tells the order it was read in
 * (`order`), or, when it reads both ways, both readings (`readings`): the import then reads it in
 * the order the column's other dates show, if they all show one.
 */
export type Converted =
  | { ok: true; value: unknown; order?: DateOrder }
  | { ok: false; message: string; readings?: Record<DateOrder, string> };
export type DateOrder = 'dayFirst' | 'monthFirst';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A cell as the API form of a field (before the registry's own validation): dates from Excel
 * dates, serial numbers or ISO text; booleans from yes/no; enums by value or label. References and
 * list values are resolved by the caller.
 */
export function fromCell(field: ScalarField, cell: CellValue): Converted {
  if (cell === null || (typeof cell === 'string' && cell.trim() === '')) return { ok: true, value: null };
  switch (field.kind) {
    case 'boolean': {
      if (typeof cell === 'boolean') return { ok: true, value: cell };
      const text = String(cell).trim().toLowerCase();
      if (TRUE.has(text)) return { ok: true, value: true };
      if (FALSE.has(text)) return { ok: true, value: false };
      return { ok: false, message: CELL_PROBLEMS.yesNo() };
    }
    case 'date':
    case 'datetime': {
      const date = cell instanceof Date ? cell : typeof cell === 'number' ? fromExcelSerial(cell) : null;
      if (date) return { ok: true, value: field.kind === 'date' ? isoOf(date).slice(0, 10) : date.toISOString() };
      return field.kind === 'date' ? dateFromText(String(cell).trim()) : { ok: true, value: String(cell).trim() };
    }
    case 'time': {
      if (cell instanceof Date) return { ok: true, value: `${pad(cell.getUTCHours())}:${pad(cell.getUTCMinutes())}` };
      if (typeof cell === 'number' && cell < 1) {
        const minutes = Math.round(cell * 24 * 60);
        return { ok: true, value: `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}` };
      }
      return { ok: true, value: String(cell).trim() };
    }
    case 'enum': {
      const text = String(cell).trim();
      const lower = text.toLowerCase();
      // By value or label, or by the value written as words ("Variant parent" for variantParent).
      const squeezed = lower.replace(/[\s_-]+/g, '');
      const found = field.values.find(
        (v) =>
          v.toLowerCase() === lower || field.valueLabels?.[v]?.toLowerCase() === lower || v.toLowerCase() === squeezed,
      );
      return found
        ? { ok: true, value: found }
        : {
            ok: false,
            message: CELL_PROBLEMS.oneOf({ values: field.values.map((v) => enumValueLabel(field, v)).join(', ') }),
          };
    }
    case 'number':
    case 'decimal':
    case 'money':
    case 'quantity':
    case 'percent':
      return typeof cell === 'number' ? { ok: true, value: cell } : numberFromText(String(cell).trim());
    case 'text':
      return textOf(field, cell);
    default:
      return { ok: true, value: cellText(cell) };
  }
}

const SCIENTIFIC = /^[+-]?\d+(?:[.,]\d+)?E[+-]?\d+$/i;

/**
 * A text cell (a code, a barcode): a number in scientific notation, or a number cell whose digits a
 * spreadsheet has cut (past 15 digits, or rounded to 6 as `3.65275E+11` shows), or a barcode number
 * of 7 or 11 digits (an EAN-8 or UPC-A whose leading zero went) is refused with what was read — the
 * digits are gone, and storing them would make a wrong code.
 */
function textOf(field: ScalarField, cell: CellValue): Converted {
  const text = cellText(cell);
  if (typeof cell === 'number') {
    const digits = String(cell).length;
    if (/barcode/i.test(field.name) && Number.isInteger(cell) && (digits === 7 || digits === 11))
      return {
        ok: false,
        message: CELL_PROBLEMS.leadingZero({ number: cell, digits }),
      };
    const cut = !Number.isSafeInteger(cell) && Number.isInteger(cell);
    const rounded = Number.isInteger(cell) && Math.abs(cell) >= 1e11 && Number(cell.toPrecision(6)) === cell;
    if (cut || rounded)
      return {
        ok: false,
        message: CELL_PROBLEMS.cut({ shown: cell.toExponential().toUpperCase(), text: text ?? '' }),
      };
  }
  if (text !== null && SCIENTIFIC.test(text))
    return {
      ok: false,
      message: CELL_PROBLEMS.scientific({ text }),
    };
  return { ok: true, value: text };
}

/**
 * A number written as text, as spreadsheets of other countries write it: thousands separated by
 * `,` `.` `'` or spaces, a decimal comma (`12,5`, `1.234,50`). One that could be read two ways
 * (`1,234`: a thousand and more, or one and a bit) is refused with what was read.
 */
export function numberFromText(text: string): Converted {
  const plain = text.replace(/[\s\u00a0\u202f']/g, '');
  if (/^[+-]?\d*(\.\d+)?$/.test(plain) || !/^[+-]?[\d.,]+$/.test(plain)) return { ok: true, value: plain || text };
  const lastComma = plain.lastIndexOf(',');
  const lastDot = plain.lastIndexOf('.');
  const groupsOf = (whole: string, separator: string) =>
    new RegExp(`^[+-]?\\d{1,3}(\\${separator}\\d{3})+$`).test(whole);
  let decimal: ',' | '.' | undefined;
  if (lastComma >= 0 && lastDot >= 0) decimal = lastComma > lastDot ? ',' : '.';
  else if (lastComma >= 0) {
    const commas = plain.split(',').length - 1;
    const after = plain.length - lastComma - 1;
    if (commas === 1 && after !== 3) decimal = ',';
    else if (commas === 1)
      return {
        ok: false,
        message: CELL_PROBLEMS.twoWayNumber({
          text,
          thousands: plain.replace(',', ''),
          decimal: plain.replace(',', '.'),
        }),
      };
  }
  const thousands = decimal === ',' ? '.' : ',';
  const at = decimal ? plain.lastIndexOf(decimal) : plain.length;
  const whole = plain.slice(0, at);
  const fraction = decimal ? plain.slice(at + 1) : '';
  const separated = whole.includes(thousands) || (!decimal && whole.includes('.'));
  const separator = whole.includes(thousands) ? thousands : '.';
  if ((separated && !groupsOf(whole, separator)) || !/^\d*$/.test(fraction))
    return { ok: false, message: CELL_PROBLEMS.notNumber({ text }) };
  return { ok: true, value: `${whole.split(separator).join('')}${fraction ? `.${fraction}` : ''}` };
}

/**
 * A date written as text: `2026-12-31` (or `2026/12/31`), or day, month and year in either order
 * (`31/12/2026`, `12/31/2026`, `31.12.2026`): read when only one order makes a date; refused with
 * what was read when both do (`01/02/2026`), or when the year has two digits.
 */
export function dateFromText(text: string): Converted {
  const iso = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(text);
  const local = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{2}|\d{4})$/.exec(text);
  const valid = (y: number, m: number, d: number) => {
    const date = new Date(Date.UTC(y, m - 1, d));
    return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
  };
  const isoText = (y: number, m: number, d: number) => `${y}-${pad(m)}-${pad(d)}`;
  if (iso) {
    const [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
    return valid(y, m, d)
      ? { ok: true, value: isoText(y, m, d) }
      : { ok: false, message: CELL_PROBLEMS.notDate({ text }) };
  }
  if (!local) return { ok: true, value: text };
  const [a, b, year] = [Number(local[1]), Number(local[2]), local[3]!];
  if (year.length === 2)
    return {
      ok: false,
      message: CELL_PROBLEMS.twoDigitYear({ text }),
    };
  const y = Number(year);
  const dayFirst = valid(y, b, a);
  const monthFirst = valid(y, a, b);
  if (dayFirst && monthFirst && a !== b)
    return {
      ok: false,
      message: CELL_PROBLEMS.twoWayDate({ text, dayFirst: isoText(y, b, a), monthFirst: isoText(y, a, b) }),
      readings: { dayFirst: isoText(y, b, a), monthFirst: isoText(y, a, b) },
    };
  if (dayFirst && monthFirst) return { ok: true, value: isoText(y, b, a) };
  if (dayFirst) return { ok: true, value: isoText(y, b, a), order: 'dayFirst' };
  if (monthFirst) return { ok: true, value: isoText(y, a, b), order: 'monthFirst' };
  return { ok: false, message: CELL_PROBLEMS.notDate({ text }) };
}

/** An API value as a cell: numbers as numbers, enums by value, references by the given text. */
export function toCell(field: ScalarField, value: unknown): CellValue {
  if (value === null || value === undefined) return null;
  switch (field.kind) {
    case 'number':
      return Number(value);
    case 'decimal':
    case 'money':
    case 'quantity':
    case 'percent':
      return Number(value);
    case 'boolean':
      return value === true ? 'Yes' : 'No';
    default:
      return String(value);
  }
}
