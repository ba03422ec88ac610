import type { FieldGroup } from './field-groups';
import { MONEY_SCALE, QUANTITY_SCALE } from './money';

/**
 * Field kinds of the registry. What each one means on the wire (API rows and form values) and in
 * the database:
 *
 * | kind | wire value | stored as |
 * |---|---|---|
 * | text, longtext | string | text |
 * | number | integer | integer |
 * | decimal, percent | decimal string, `scale` places (default 2) | scaled integer |
 * | money | decimal string, `scale` places = currency decimals (default 2): "12.50" | integer minor units (1250) |
 * | quantity | decimal string, 3 places: "1.500" | integer thousandths (1500) |
 * | boolean | true / false | boolean (0/1 on SQLite) |
 * | date | "yyyy-mm-dd" | text |
 * | datetime | ISO 8601 in UTC, "2024-05-01T10:30:00.000Z" | text (ISO) |
 * | time | "HH:mm" (the outlet's timezone) | text |
 * | enum | one of `values` (an array of them when `multiple`) | text (JSON array when multiple) |
 * | listvalue | id of a `listvalue` row of `category` | integer |
 * | reference | id of a row of `entity` | integer |
 * | multireference | ids of rows of `entity` | a link table (parentId, refId) |
 * | image | uploaded file path (an array when `multiple`) | text (JSON array when multiple) |
 * | secret | plain text in, `••••` out (`address`: the field it is sent to) | encrypted text; never returned |
 * | json | any JSON value | JSON text |
 * | children | array of rows of `fields`, edited inline, in order | a child table (id, parentId, lineNo = index in the array, …) |
 */
export const FIELD_KINDS = [
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
  'multireference',
  'image',
  'secret',
  'json',
  'children',
] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];

/** List-value categories seeded by the server; `listvalue` fields must name one. */
export const LIST_VALUE_CATEGORIES = ['BRAND', 'UOM', 'GENDER', 'COLOUR', 'SIZE', 'CANCEL_REASON'] as const;
export type ListValueCategory = (typeof LIST_VALUE_CATEGORIES)[number];

export const DAYS_OF_WEEK = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

export interface FieldOptions {
  /** English label; defaults to the name in words (`sellingPrice` → "Selling price"). */
  label?: string;
  required?: boolean;
  /** Unique across the table, or (an array) unique together with those sibling fields. */
  unique?: boolean | readonly string[];
  /** Value used on insert when none is given (same form as an input value). */
  default?: unknown;
  /** Computed by the server: shown, never written by a form or import. */
  readOnly?: boolean;
  /** Never a list column (still on the form unless readOnly). */
  hidden?: boolean;
  /** Shown as a list column by default (when the entity gives no `listColumns`). */
  listColumn?: boolean;
  /** A field group (`field-groups.ts`): shown and written only by roles granted its privilege. */
  group?: FieldGroup;
  filterable?: boolean;
  sortable?: boolean;
  /**
   * false: lists still sort and filter by it, but the table keeps no index for that (a ledger's
   * amounts, written at every sale and seldom sorted by: such a sort reads every matching row).
   * A reference keeps the index its foreign key needs. Default: listed columns are indexed.
   */
  indexed?: boolean;
  /** Help text under the form input. */
  help?: string;
  /** SQL column; default the name in snake case, with `_id` for references and list values (`baseCurrency` → `base_currency_id`). */
  column?: string;
}

export type TextFormat = 'email' | 'url' | 'phone' | 'colour' | 'timezone';

export interface TextField extends FieldOptions {
  kind: 'text' | 'longtext';
  minLength?: number;
  /** Defaults: text 255, longtext 10,000. */
  maxLength?: number;
  format?: TextFormat;
  /** A regular expression the whole value must match, with the message shown otherwise. */
  pattern?: string;
  patternMessage?: string;
}

export interface IntegerField extends FieldOptions {
  kind: 'number';
  min?: number;
  max?: number;
}

export interface DecimalField extends FieldOptions {
  kind: 'decimal' | 'money' | 'quantity' | 'percent';
  /** Decimal places. money: the currency's decimals (2); quantity: 3; decimal, percent: 2. */
  scale?: number;
  /** Bounds as decimals ("0.001" or 0.001). Unsigned kinds default to min 0; percent to max 100. */
  min?: number | string;
  max?: number | string;
  /** Allows negative values (stock movements, point adjustments). */
  signed?: boolean;
  /** The value is a percent (at most 100) when the row's `field` holds one of `values` (a value read by its kind). */
  percentWhen?: { field: string; values: readonly string[] };
}

export interface BooleanField extends FieldOptions {
  kind: 'boolean';
  /** At most one row may be true (currency.isBase): setting it on one row clears it on the others. */
  exclusive?: boolean;
}

export interface TemporalField extends FieldOptions {
  kind: 'date' | 'datetime' | 'time';
}

export interface EnumField extends FieldOptions {
  kind: 'enum';
  values: readonly string[];
  /** English labels per value; default: the value in words (`variantParent` → "Variant parent"). */
  valueLabels?: Readonly<Record<string, string>>;
  /** Several values (an array), e.g. days of the week. */
  multiple?: boolean;
}

export interface ListValueField extends FieldOptions {
  kind: 'listvalue';
  /** Category code, e.g. 'BRAND'. */
  category: string;
}

export interface ReferenceField extends FieldOptions {
  kind: 'reference' | 'multireference';
  /** The referenced entity's name. */
  entity: string;
  /** Field of the referenced entity shown for the id; default: the first of its dropdown label. */
  labelField?: string;
  /** multireference only: the link table; default `{table}_{field in snake case}`. */
  table?: string;
}

export interface ImageField extends FieldOptions {
  kind: 'image';
  multiple?: boolean;
}

export interface SecretField extends FieldOptions {
  kind: 'secret';
  maxLength?: number;
  /**
   * The field (of the same row) holding the address the secret is sent to: the stored secret goes
   * only to the address it was saved with, so changing the address needs the secret typed again.
   */
  address?: string;
}

export interface JsonField extends FieldOptions {
  kind: 'json';
}

export interface ChildTableField extends FieldOptions {
  kind: 'children';
  fields: Fields;
  /** default `{parent table}_{field in snake case}`. */
  table?: string;
  /** default 1,000. */
  maxRows?: number;
}

export type FieldDef =
  | TextField
  | IntegerField
  | DecimalField
  | BooleanField
  | TemporalField
  | EnumField
  | ListValueField
  | ReferenceField
  | ImageField
  | SecretField
  | JsonField
  | ChildTableField;

export type Fields = Readonly<Record<string, FieldDef>>;

export const SCALED_KINDS: ReadonlySet<FieldKind> = new Set(['decimal', 'money', 'quantity', 'percent']);

/** Decimal places of a decimal-like field. */
export const scaleOf = (field: DecimalField): number =>
  field.scale ?? (field.kind === 'quantity' ? QUANTITY_SCALE : field.kind === 'money' ? MONEY_SCALE : 2);

type Opts<F extends FieldDef> = Omit<F, 'kind'>;
type Without<F extends FieldDef, K extends keyof F> = Omit<F, 'kind' | K>;

/** Field builders: plain objects, so a definition reads as data. */
export const field = {
  text: (options: Opts<TextField> = {}): TextField => ({ kind: 'text', ...options }),
  longtext: (options: Opts<TextField> = {}): TextField => ({ kind: 'longtext', ...options }),
  /** An integer. */
  int: (options: Opts<IntegerField> = {}): IntegerField => ({ kind: 'number', ...options }),
  decimal: (options: Opts<DecimalField> = {}): DecimalField => ({ kind: 'decimal', ...options }),
  money: (options: Opts<DecimalField> = {}): DecimalField => ({ kind: 'money', ...options }),
  quantity: (options: Opts<DecimalField> = {}): DecimalField => ({ kind: 'quantity', ...options }),
  percent: (options: Opts<DecimalField> = {}): DecimalField => ({ kind: 'percent', ...options }),
  bool: (options: Opts<BooleanField> = {}): BooleanField => ({ kind: 'boolean', ...options }),
  date: (options: Opts<TemporalField> = {}): TemporalField => ({ kind: 'date', ...options }),
  datetime: (options: Opts<TemporalField> = {}): TemporalField => ({ kind: 'datetime', ...options }),
  time: (options: Opts<TemporalField> = {}): TemporalField => ({ kind: 'time', ...options }),
  enum: (values: readonly string[], options: Without<EnumField, 'values'> = {}): EnumField => ({
    kind: 'enum',
    values,
    ...options,
  }),
  lv: (category: ListValueCategory, options: Without<ListValueField, 'category'> = {}): ListValueField => ({
    kind: 'listvalue',
    category,
    ...options,
  }),
  ref: (entity: string, options: Without<ReferenceField, 'entity'> = {}): ReferenceField => ({
    kind: 'reference',
    entity,
    ...options,
  }),
  refs: (entity: string, options: Without<ReferenceField, 'entity'> = {}): ReferenceField => ({
    kind: 'multireference',
    entity,
    ...options,
  }),
  image: (options: Opts<ImageField> = {}): ImageField => ({ kind: 'image', ...options }),
  secret: (options: Opts<SecretField> = {}): SecretField => ({ kind: 'secret', ...options }),
  json: (options: Opts<JsonField> = {}): JsonField => ({ kind: 'json', ...options }),
  children: (fields: Fields, options: Without<ChildTableField, 'fields'> = {}): ChildTableField => ({
    kind: 'children',
    fields,
    ...options,
  }),
  /** The usual `code*(u)`: required, unique, at most 30 characters. */
  code: (options: Opts<TextField> = {}): TextField => ({
    kind: 'text',
    required: true,
    unique: true,
    maxLength: 30,
    ...options,
  }),
  /** The usual `name*`: required, at most 100 characters. */
  name: (options: Opts<TextField> = {}): TextField => ({ kind: 'text', required: true, maxLength: 100, ...options }),
  email: (options: Opts<TextField> = {}): TextField => ({ kind: 'text', format: 'email', maxLength: 254, ...options }),
  phone: (options: Opts<TextField> = {}): TextField => ({ kind: 'text', format: 'phone', maxLength: 30, ...options }),
  url: (options: Opts<TextField> = {}): TextField => ({ kind: 'text', format: 'url', maxLength: 500, ...options }),
  colour: (options: Opts<TextField> = {}): TextField => ({ kind: 'text', format: 'colour', maxLength: 7, ...options }),
  timezone: (options: Opts<TextField> = {}): TextField => ({
    kind: 'text',
    format: 'timezone',
    maxLength: 64,
    ...options,
  }),
  daysOfWeek: (options: Without<EnumField, 'values'> = {}): EnumField => ({
    kind: 'enum',
    values: DAYS_OF_WEEK,
    multiple: true,
    ...options,
  }),
} as const;

/** `sellingPrice` → "Selling price", `taxRegistrationNo` → "Tax registration no". */
export function humanize(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    // A capital letter alone before a word is a word of its own (`buyXGetY` → "Buy X get Y").
    .replace(/([A-Z])([A-Z][a-z])/g, '$1 $2')
    .replace(/[_.-]+/g, ' ')
    .trim()
    .split(/\s+/)
    .map((word) => (/^[A-Z]$/.test(word) ? word : word.toLowerCase()))
    .join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** `alternateBarcodes` → `alternate_barcodes`. */
export const snakeCase = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();

export const SECRET_MASK = '••••';

/** How a secret is shown: `maskSecret('sk_live_abcd1234') === '••••'` — that one is set, and not one of its characters. */
export function maskSecret(secret: string | null | undefined): string {
  return secret ? SECRET_MASK : '';
}

/** A value a form sent back unchanged from `maskSecret`: it means "keep the stored secret". */
export const isMaskedSecret = (value: string) => value.startsWith(SECRET_MASK);
