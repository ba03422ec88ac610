import { z } from 'zod';
import { MAX_INT32, MIN_INT32, parseRowId } from '../ids';
import { withCustomFields, type CustomFieldRow } from './custom';
import { getEntity } from './entities';
import { SCALED_KINDS, isMaskedSecret, scaleOf, type DecimalField, type TextFormat } from './fields';
import { formatScaled, parseScaled } from './money';
import type { NormalisedEntity, NormalisedField } from './normalise';

/**
 * Row validation derived from the registry, for the server's writes, the forms (React Hook Form's
 * zod resolver) and the importers alike. Output values are in wire form (see fields.ts): trimmed
 * text, canonical decimal strings ("12.50"), ids as numbers, ISO dates.
 */
export type Row = Record<string, unknown>;
export type WriteMode = 'insert' | 'update';

/** One problem; `field` is the dotted path (`lines.0.quantity`), as in the API envelope's `errors`. */
export interface RowIssue {
  field: string;
  path: (string | number)[];
  message: string;
}

export type RowResult = { ok: true; value: Row } | { ok: false; errors: RowIssue[] };

type Parsed = { ok: true; value: unknown } | { ok: false; message: string };
const ok = (value: unknown): Parsed => ({ ok: true, value });
const bad = (message: string): Parsed => ({ ok: false, message });

/** The longest text a field of each kind takes when the registry gives it no `maxLength`. */
export const DEFAULT_MAX_LENGTH = { text: 255, longtext: 10_000, secret: 1000 } as const;
const MAX_JSON_CHARS = 100_000;
/** The most files an image list (a product's images) holds. */
export const MAX_IMAGES = 20;

const isBlank = (value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

const isRecord = (value: unknown): value is Row => typeof value === 'object' && value !== null && !Array.isArray(value);

const FORMATS: Record<TextFormat, { test: (value: string) => boolean; message: string }> = {
  email: { test: (v) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), message: 'must be an email address' },
  url: {
    test: (v) => {
      try {
        return ['http:', 'https:'].includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    message: 'must be a web address starting with http:// or https://',
  },
  phone: { test: (v) => /^\+?[0-9 ()\-.]{3,30}$/.test(v), message: 'must be a phone number' },
  colour: { test: (v) => /^#[0-9a-fA-F]{6}$/.test(v), message: 'must be a colour such as #1a2b3c' },
  timezone: {
    test: (v) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: v });
        return true;
      } catch {
        return false;
      }
    },
    message: 'must be a time zone such as Asia/Singapore',
  },
};

const patterns = new Map<string, RegExp>();
const anchored = (pattern: string) => {
  let re = patterns.get(pattern);
  if (!re) patterns.set(pattern, (re = new RegExp(`^(?:${pattern})$`)));
  return re;
};

/** Arrays as they come from JSON, or comma-separated text from a spreadsheet cell or query string. */
const toList = (value: unknown): unknown[] | undefined =>
  Array.isArray(value)
    ? value
    : typeof value === 'string'
      ? value
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : typeof value === 'number'
        ? [value]
        : undefined;

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
const isFilePath = (value: unknown): value is string =>
  typeof value === 'string' && value.length <= 500 && (!SCHEME.test(value) || /^https?:\/\//i.test(value));

function parseDecimal(field: DecimalField & { label: string }, raw: unknown): Parsed {
  const { label } = field;
  if (typeof raw !== 'string' && typeof raw !== 'number') return bad(`${label} must be a number`);
  const scale = scaleOf(field);
  const parsed = parseScaled(raw, scale);
  if (!parsed.ok) {
    if (parsed.reason === 'scale')
      return bad(
        scale === 0 ? `${label} must be a whole number` : `${label} must have at most ${scale} decimal places`,
      );
    return bad(parsed.reason === 'range' ? `${label} is too large` : `${label} must be a number`);
  }
  const bound = (b: number | string) => (parseScaled(b, scale) as { value: number }).value;
  const shown = (b: number | string) => {
    const text = formatScaled(bound(b), scale);
    return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
  };
  if (field.min !== undefined) {
    if (parsed.value < bound(field.min)) return bad(`${label} must be at least ${shown(field.min)}`);
  } else if (!field.signed && parsed.value < 0) {
    return bad(`${label} cannot be negative`);
  }
  const max = field.max ?? (field.kind === 'percent' ? 100 : undefined);
  if (max !== undefined && parsed.value > bound(max)) return bad(`${label} must be at most ${shown(max)}`);
  return ok(formatScaled(parsed.value, scale));
}

function parseDateText(raw: string): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(raw.trim());
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d ? m[0] : undefined;
}

const DATETIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)(Z|[+-]\d{2}:?\d{2})?$/i;

/** One non-blank value of a field, in wire form, or the message a user reads. */
export function parseFieldValue(field: NormalisedField, raw: unknown): Parsed {
  const { label } = field;
  switch (field.kind) {
    case 'text':
    case 'longtext': {
      if (typeof raw !== 'string' && typeof raw !== 'number') return bad(`${label} must be text`);
      const value = String(raw).trim();
      const maxLength = field.maxLength ?? DEFAULT_MAX_LENGTH[field.kind];
      // Lengths count code points (one or two UTF-16 units each): counted only when the units leave the checks open.
      const length = value.length > maxLength || field.minLength !== undefined ? [...value].length : value.length;
      if (field.minLength !== undefined && length < field.minLength)
        return bad(`${label} must be at least ${field.minLength} characters`);
      if (length > maxLength) return bad(`${label} must be at most ${maxLength} characters`);
      if (field.format && !FORMATS[field.format].test(value)) return bad(`${label} ${FORMATS[field.format].message}`);
      if (field.pattern !== undefined && !anchored(field.pattern).test(value))
        return bad(field.patternMessage ?? `${label} is not in the expected format`);
      return ok(field.format === 'colour' || field.format === 'email' ? value.toLowerCase() : value);
    }
    case 'number': {
      const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
      if (typeof raw === 'number' ? !Number.isFinite(raw) : !/^[+-]?\d+(\.\d+)?$/.test(text))
        return bad(`${label} must be a number`);
      const value = Number(text);
      if (!Number.isInteger(value)) return bad(`${label} must be a whole number`);
      const min = Math.max(field.min ?? MIN_INT32, MIN_INT32);
      const max = Math.min(field.max ?? MAX_INT32, MAX_INT32);
      if (value < min) return bad(`${label} must be at least ${min}`);
      if (value > max) return bad(`${label} must be at most ${max}`);
      return ok(value);
    }
    case 'decimal':
    case 'money':
    case 'quantity':
    case 'percent':
      return parseDecimal(field, raw);
    case 'boolean': {
      if (typeof raw === 'boolean') return ok(raw);
      const text = String(raw).trim().toLowerCase();
      if (['true', '1', 'yes', 'y', 'on'].includes(text)) return ok(true);
      if (['false', '0', 'no', 'n', 'off'].includes(text)) return ok(false);
      return bad(`${label} must be yes or no`);
    }
    case 'date': {
      const value = typeof raw === 'string' ? parseDateText(raw) : undefined;
      return value ? ok(value) : bad(`${label} must be a date such as 2026-09-28`);
    }
    case 'datetime': {
      const m = typeof raw === 'string' ? DATETIME.exec(raw.trim()) : null;
      // Without an offset the value is read as UTC, never as the server's or browser's local time.
      const time = m && parseDateText(m[1]!) ? Date.parse(`${m[1]}T${m[2]}${m[3] ?? 'Z'}`) : NaN;
      return Number.isNaN(time) ? bad(`${label} must be a date and time`) : ok(new Date(time).toISOString());
    }
    case 'time': {
      const m = typeof raw === 'string' ? /^([01]\d|2[0-3]):([0-5]\d)(?::[0-5]\d(?:\.\d+)?)?$/.exec(raw.trim()) : null;
      return m ? ok(`${m[1]}:${m[2]}`) : bad(`${label} must be a time such as 14:05`);
    }
    case 'enum': {
      const allowed = `${label} must be one of: ${field.values.join(', ')}`;
      if (!field.multiple)
        return typeof raw === 'string' && field.values.includes(raw.trim()) ? ok(raw.trim()) : bad(allowed);
      const list = toList(raw);
      if (!list || !list.every((v) => typeof v === 'string' && field.values.includes(v))) return bad(allowed);
      return ok(field.values.filter((v) => list.includes(v)));
    }
    case 'listvalue':
    case 'reference': {
      const id = parseRowId(raw);
      return id === undefined ? bad(`${label} must be chosen from the list`) : ok(id);
    }
    case 'multireference': {
      const ids = toList(raw)?.map(parseRowId);
      if (!ids || ids.some((id) => id === undefined)) return bad(`${label} must be chosen from the list`);
      return ok([...new Set(ids)]);
    }
    case 'image': {
      if (!field.multiple) return isFilePath(raw) ? ok(raw) : bad(`${label} must be an uploaded file`);
      const list = toList(raw);
      if (!list || !list.every(isFilePath)) return bad(`${label} must be uploaded files`);
      return list.length > MAX_IMAGES ? bad(`${label} can hold at most ${MAX_IMAGES} files`) : ok(list);
    }
    case 'secret': {
      if (typeof raw !== 'string') return bad(`${label} must be text`);
      const maxLength = field.maxLength ?? DEFAULT_MAX_LENGTH.secret;
      return raw.length > maxLength ? bad(`${label} must be at most ${maxLength} characters`) : ok(raw);
    }
    case 'json': {
      let value = raw;
      if (typeof raw === 'string') {
        try {
          value = JSON.parse(raw);
        } catch {
          return bad(`${label} must be valid JSON`);
        }
      }
      return JSON.stringify(value).length > MAX_JSON_CHARS ? bad(`${label} is too large`) : ok(value);
    }
    case 'children':
      return bad(`${label} must be a list`);
  }
}

/** The value a blank input stands for when the field is optional. */
const blankValue = (field: NormalisedField) =>
  field.kind === 'boolean'
    ? false
    : field.kind === 'multireference' || ('multiple' in field && field.multiple)
      ? []
      : null;

function compare(field: NormalisedField, a: unknown, b: unknown): number {
  if (SCALED_KINDS.has(field.kind)) {
    const scale = scaleOf(field as DecimalField);
    return Math.sign(
      (parseScaled(a as string, scale) as { value: number }).value -
        (parseScaled(b as string, scale) as { value: number }).value,
    );
  }
  if (field.kind === 'number') return Math.sign((a as number) - (b as number));
  return a === b ? 0 : (a as string) < (b as string) ? -1 : 1;
}

interface Context {
  issues: RowIssue[];
}

const report = (ctx: Context, path: (string | number)[], message: string) =>
  ctx.issues.push({ field: path.join('.'), path, message });

function parseRow(
  fields: readonly NormalisedField[],
  input: unknown,
  mode: WriteMode,
  path: (string | number)[],
  ctx: Context,
  child: boolean,
): Row {
  const out: Row = {};
  if (!isRecord(input)) {
    report(ctx, path, path.length === 0 ? 'The row must be an object' : 'Each row must be an object');
    return out;
  }
  for (const field of fields) {
    if (field.system && field.name !== 'isActive') {
      // Child rows keep their id so the server can tell kept rows from new ones.
      if (child && field.name === 'id' && parseRowId(input.id) !== undefined) out.id = parseRowId(input.id);
      continue;
    }
    if (field.readOnly) {
      if (mode === 'insert' && field.default !== undefined) {
        const parsed = parseFieldValue(field, field.default);
        if (parsed.ok) out[field.name] = parsed.value;
      }
      continue;
    }
    const present = Object.prototype.hasOwnProperty.call(input, field.name);
    const raw = input[field.name];
    if (mode === 'update' && !present) continue;
    // A secret left blank, or sent back masked, keeps the stored one.
    if (
      field.kind === 'secret' &&
      mode === 'update' &&
      (isBlank(raw) || (typeof raw === 'string' && isMaskedSecret(raw)))
    )
      continue;

    if (field.kind === 'children') {
      if (isBlank(raw)) {
        if (field.required) report(ctx, [...path, field.name], `${field.label} needs at least one row`);
        else out[field.name] = [];
        continue;
      }
      if (!Array.isArray(raw)) {
        report(ctx, [...path, field.name], `${field.label} must be a list`);
        continue;
      }
      if (raw.length > field.maxRows) {
        report(ctx, [...path, field.name], `${field.label} can hold at most ${field.maxRows} rows`);
        continue;
      }
      out[field.name] = raw.map((row, i) => parseRow(field.fields, row, 'insert', [...path, field.name, i], ctx, true));
      continue;
    }

    let value = raw;
    if (isBlank(value) || (field.kind === 'secret' && typeof value === 'string' && isMaskedSecret(value))) {
      if (mode === 'insert' && field.default !== undefined) value = field.default;
      else if (field.required && field.kind !== 'boolean') {
        report(ctx, [...path, field.name], `${field.label} is required`);
        continue;
      } else {
        out[field.name] = blankValue(field);
        continue;
      }
    }
    const parsed = parseFieldValue(field, value);
    if (parsed.ok) out[field.name] = parsed.value;
    else report(ctx, [...path, field.name], parsed.message);
  }
  for (const issue of percentIssues(fields, out, path)) ctx.issues.push(issue);
  return { ...out };
}

/** A value read as a percent by the row's kind may not exceed 100 (percentWhen). */
function percentIssues(fields: readonly NormalisedField[], row: Row, path: (string | number)[]): RowIssue[] {
  const issues: RowIssue[] = [];
  for (const field of fields) {
    if (!SCALED_KINDS.has(field.kind)) continue;
    const rule = (field as DecimalField).percentWhen;
    const value = row[field.name];
    if (!rule || typeof value !== 'string' || !rule.values.includes(row[rule.field] as string)) continue;
    const parsed = parseScaled(value, scaleOf(field as DecimalField));
    if (parsed.ok && parsed.value > 100 * 10 ** scaleOf(field as DecimalField)) {
      const at = [...path, field.name];
      issues.push({ field: at.join('.'), path: at, message: `${field.label} is a percent here: at most 100` });
    }
  }
  return issues;
}

function rangeIssues(entity: NormalisedEntity, row: Row): RowIssue[] {
  const issues: RowIssue[] = [];
  for (const [from, to] of entity.ranges) {
    const a = row[from];
    const b = row[to];
    const field = entity.fields.find((f) => f.name === to)!;
    const fromField = entity.fields.find((f) => f.name === from)!;
    if (!isBlank(a) && !isBlank(b) && compare(field, b, a) < 0)
      issues.push({
        field: to,
        path: [to],
        message: `${field.label} cannot be before ${fromField.label.toLowerCase()}`,
      });
  }
  return issues;
}

/**
 * The rules between fields of a whole row: ranges (`validTo` not before `validFrom`) and percents
 * by kind, child rows included. An update sends only what changed, so the server checks the
 * stored row merged with the change with this.
 */
export function rowRuleIssues(entity: NormalisedEntity | string, row: Row): RowIssue[] {
  const def = getEntity(entity);
  const issues = [...rangeIssues(def, row), ...percentIssues(def.fields, row, [])];
  for (const list of def.fields) {
    if (list.kind !== 'children' || !Array.isArray(row[list.name])) continue;
    (row[list.name] as Row[]).forEach((child, i) => issues.push(...percentIssues(list.fields, child, [list.name, i])));
  }
  return issues;
}

/** Validates and normalises one row for an insert (every writable field) or an update (id, version and the fields sent). */
export function validateRow(
  entity: NormalisedEntity | string,
  input: unknown,
  mode: WriteMode = 'insert',
  customFields?: readonly CustomFieldRow[],
): RowResult {
  const def = customFields?.length ? withCustomFields(getEntity(entity), customFields) : getEntity(entity);
  const ctx: Context = { issues: [] };
  const value = parseRow(def.fields, input, mode, [], ctx, false);
  if (mode === 'update' && isRecord(input)) {
    const id = parseRowId(input.id);
    if (id === undefined)
      report(ctx, ['id'], isBlank(input.id) ? 'Id is required' : `Id must be a whole number from 1 to ${MAX_INT32}`);
    else value.id = id;
    const version =
      typeof input.version === 'string' && /^\d+$/.test(input.version.trim()) ? Number(input.version) : input.version;
    if (typeof version !== 'number' || !Number.isInteger(version) || version < 0 || version > MAX_INT32)
      report(
        ctx,
        ['version'],
        isBlank(input.version) ? 'Version is required' : `Version must be a whole number from 0 to ${MAX_INT32}`,
      );
    else value.version = version;
  }
  ctx.issues.push(...rangeIssues(def, value));
  return ctx.issues.length > 0 ? { ok: false, errors: ctx.issues } : { ok: true, value };
}

export type RowSchema = z.ZodType<Row, unknown>;

const rowSchema = (
  entity: NormalisedEntity | string,
  mode: WriteMode,
  customFields?: readonly CustomFieldRow[],
): RowSchema => {
  const def = customFields?.length ? withCustomFields(getEntity(entity), customFields) : getEntity(entity);
  return z.unknown().transform((input, ctx) => {
    const result = validateRow(def, input, mode);
    if (result.ok) return result.value;
    for (const issue of result.errors) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    return z.NEVER;
  });
};

const cache = {
  insert: new WeakMap<NormalisedEntity, RowSchema>(),
  update: new WeakMap<NormalisedEntity, RowSchema>(),
};

const cached = (
  entity: NormalisedEntity | string,
  mode: WriteMode,
  customFields?: readonly CustomFieldRow[],
): RowSchema => {
  if (customFields?.length) return rowSchema(entity, mode, customFields);
  const def = getEntity(entity);
  let schema = cache[mode].get(def);
  if (!schema) cache[mode].set(def, (schema = rowSchema(def, mode)));
  return schema;
};

/** Zod schema of an Insert body: every writable field, blanks as null (or the default), with the custom fields given. */
export const insertSchema = (entity: NormalisedEntity | string, customFields?: readonly CustomFieldRow[]) =>
  cached(entity, 'insert', customFields);

/** Zod schema of an Update body: id and version required, every other field optional; a blank secret keeps the stored one. */
export const updateSchema = (entity: NormalisedEntity | string, customFields?: readonly CustomFieldRow[]) =>
  cached(entity, 'update', customFields);

/** Zod issues as the API envelope's `errors`. */
export const toFieldErrors = (error: z.ZodError): { field: string; message: string }[] =>
  error.issues.map((issue) => ({ field: issue.path.map(String).join('.'), message: issue.message }));
