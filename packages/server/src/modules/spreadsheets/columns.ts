import type { NormalisedEntity, NormalisedField } from '@backroom/schema';
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

/** Every one-value field a cell can carry, in form order, read-only ones included. */
export const cellFields = (entity: NormalisedEntity): ScalarField[] =>
  entity.fields.filter(
    (f): f is ScalarField => CELL_KINDS.has(f.kind) && !f.system && !f.custom && !(f.kind === 'enum' && f.multiple),
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

export type Converted = { ok: true; value: unknown } | { ok: false; message: string };

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
      return { ok: false, message: 'must be Yes or No' };
    }
    case 'date':
    case 'datetime': {
      const date = cell instanceof Date ? cell : typeof cell === 'number' ? fromExcelSerial(cell) : null;
      if (date) return { ok: true, value: field.kind === 'date' ? isoOf(date).slice(0, 10) : date.toISOString() };
      return { ok: true, value: String(cell).trim() };
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
      return found ? { ok: true, value: found } : { ok: false, message: `must be one of ${field.values.join(', ')}` };
    }
    case 'number':
    case 'decimal':
    case 'money':
    case 'quantity':
    case 'percent':
      return { ok: true, value: typeof cell === 'number' ? cell : String(cell).trim() };
    default:
      return { ok: true, value: cellText(cell) };
  }
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
