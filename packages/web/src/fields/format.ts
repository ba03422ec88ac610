import {
  SCALED_KINDS,
  clockConvention,
  clockText,
  dateConvention,
  dateText,
  enumValueLabel,
  moneyText,
  scaleOf,
  type DecimalField,
  type NormalisedField,
  instantOf,
  wallClockOf,
  wallClockText,
} from '@backroom/schema';
import type { TFunction } from 'i18next';
import { registryText } from '../i18n/registryText';

/** A field's label in the current language (the registry's English label is the default). */
export const fieldLabel = (t: TFunction, scope: string, field: Pick<NormalisedField, 'name' | 'label'>) =>
  t(`fieldLabels.${scope}.${field.name}`, { defaultValue: registryText(t, field.label) });

/**
 * A server problem as a person reads it: its message, which names the field by its label ("Code is
 * required"), and for a field of a child row which row ("Keys, row 2: Label is required") — never
 * the field's path (`keys.1.label`).
 */
export function problemText(
  t: TFunction,
  entity: { name: string; fields: readonly NormalisedField[] },
  path: string | undefined,
  message: string,
): string {
  const [top, index] = (path ?? '').split('.');
  const field = entity.fields.find((f) => f.name === top);
  if (!field || index === undefined || !/^\d+$/.test(index)) return message;
  return `${fieldLabel(t, entity.name, field)}${t('form.rowSuffix', { n: Number(index) + 1 })}: ${message}`;
}

export const enumLabel = (t: TFunction, field: NormalisedField, value: string) =>
  t(`enumValues.${value}`, { defaultValue: registryText(t, enumValueLabel(field, value)) });

export { clockText, dateConvention, dateText, formatLocale, moneyText, numberText } from '@backroom/schema';

const pad = (n: number) => String(n).padStart(2, '0');

/** The text of a referenced row (a reference, list value or multi-reference element) by its id. */
export type LabelOf = (field: NormalisedField, id: unknown) => string;

const visibleChildFields = (field: NormalisedField) =>
  field.kind === 'children' ? field.fields.filter((f) => !f.system && !f.hidden) : [];

/** How the company shows values: the number and date locale, its base currency (ISO code) and time zone. */
export interface ValueFormat {
  locale: string;
  currency: string | null;
  timeZone: string | undefined;
}

/**
 * The letters an empty date or time input spells each part with, in the user's language
 * (`form.dateParts`: "dd/mm/yyyy hh:mm" in English, "hh/bb/tttt jj:mm" in Malay).
 */
export interface PartLetters {
  day: string;
  month: string;
  year: string;
  hour: string;
  minute: string;
}

export const partLetters = (t: TFunction): PartLetters => ({
  day: t('form.dateParts.day'),
  month: t('form.dateParts.month'),
  year: t('form.dateParts.year'),
  hour: t('form.dateParts.hour'),
  minute: t('form.dateParts.minute'),
});

/** What a date input shows while empty: the convention's order and separator, spelled in `letters` ("dd/mm/yyyy"). */
export function datePlaceholder(locale: string, letters: PartLetters): string {
  const { order, separator } = dateConvention(locale);
  return order.map((p) => letters[p]).join(separator);
}

/**
 * What a person typed in the company's convention → "yyyy-mm-dd"; `null` when it is not a whole,
 * real date (any separator). A year has four digits, as the importer asks (web-console.md): "28/09/20"
 * may be 2020 or the way to 2026, and a filter that paused on it would ask for 2020.
 */
export function parseDateText(text: string, locale: string): string | null {
  const numbers = text
    .trim()
    .split(/[^0-9]+/)
    .filter(Boolean);
  if (numbers.length !== 3) return null;
  // A pasted ISO date (four-digit year first) reads as such whatever the convention.
  const { order } = numbers[0].length === 4 ? { order: ['year', 'month', 'day'] } : dateConvention(locale);
  const typed = Object.fromEntries(order.map((p, i) => [p, numbers[i]])) as Record<string, string>;
  if (typed.year.length !== 4) return null;
  const part = Object.fromEntries(order.map((p) => [p, Number(typed[p])])) as Record<string, number>;
  const { year } = part;
  const date = new Date(Date.UTC(year, part.month - 1, part.day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== part.month - 1 || date.getUTCDate() !== part.day)
    return null;
  return `${String(year).padStart(4, '0')}-${pad(part.month)}-${pad(part.day)}`;
}

/**
 * What a time input shows while empty: the convention spelled in `letters`, with the locale's own
 * morning and afternoon words ("hh:mm am/pm" in en-MY, "hh:mm" in en-GB, "jj:mm PG/PTG" in Malay).
 */
export function clockPlaceholder(locale: string, letters: PartLetters): string {
  const { parts, periods } = clockConvention(locale);
  return parts
    .map((p) =>
      p.type === 'hour'
        ? letters.hour
        : p.type === 'minute'
          ? letters.minute
          : p.type === 'dayPeriod'
            ? `${periods?.am}/${periods?.pm}`
            : p.value,
    )
    .join('');
}

const word = (text: string) => text.replace(/[\s\p{P}]/gu, '').toLowerCase();

/**
 * A time a person typed in the company's convention → "HH:mm"; `null` when it is not one. Hours with or
 * without a leading zero; where the convention counts to 12, an hour from 1 to 12 needs its morning or
 * afternoon word (the locale's, or am/pm, a/p) — an hour past 12 (or 0) reads as 24-hour time anyway.
 */
export function parseClockText(text: string, locale: string): string | null {
  const numbers = text.match(/\d+/g) ?? [];
  if (numbers.length !== 2 || numbers[0].length > 2 || numbers[1].length > 2) return null;
  let hour = Number(numbers[0]);
  const minute = Number(numbers[1]);
  if (hour > 23 || minute > 59) return null;
  const { periods } = clockConvention(locale);
  const typed = word(text.replace(/\d+/g, ''));
  if (typed) {
    const am = [periods && word(periods.am), 'am', 'a'].includes(typed);
    const pm = [periods && word(periods.pm), 'pm', 'p'].includes(typed);
    if ((!am && !pm) || hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (pm ? 12 : 0);
  } else if (periods && hour >= 1 && hour <= 12) return null;
  return `${pad(hour)}:${pad(minute)}`;
}

/** A date-time input's value "yyyy-mm-ddTHH:mm" as the company writes it ("28/09/2026 2:05 pm"); anything else unchanged. */
export function dateTimeInputText(value: unknown, locale: string): string {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(String(value ?? ''));
  return m ? wallClockText(m[1], m[2], locale) : String(value ?? '');
}

/** What a date-time input shows while empty: "dd/mm/yyyy hh:mm am/pm". */
export const dateTimePlaceholder = (locale: string, letters: PartLetters) =>
  `${datePlaceholder(locale, letters)} ${clockPlaceholder(locale, letters)}`;

/** The time of day an instant reads at the company ("2:05 pm" in Asia/Kuala_Lumpur for 06:05Z); anything else unchanged. */
export function instantClockText(value: unknown, format: Pick<ValueFormat, 'locale' | 'timeZone'>): string {
  const instant = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value) ? Date.parse(value) : NaN;
  if (Number.isNaN(instant)) return String(value ?? '');
  return clockText(wallClockOf(instant, format.timeZone).slice(11, 16), format.locale);
}

/**
 * A date and time typed in the company's convention ("28/9/2026 2:05 pm", a pasted "2026-09-28T14:05")
 * → "yyyy-mm-ddTHH:mm"; `null` until both are whole.
 */
export function parseDateTimeText(text: string, locale: string): string | null {
  const m = /^\s*(\d+[^\d\p{L}]+\d+[^\d\p{L}]+\d+)[\s,]*T?(.*)$/u.exec(text);
  if (!m) return null;
  const date = parseDateText(m[1], locale);
  const time = parseClockText(m[2], locale);
  return date && time ? `${date}T${time}` : null;
}

/**
 * An instant (the wire's ISO text) as the company reads it — in a list cell, on Home and in a date-time
 * input alike: its wall clock in the company's time zone, in its convention ("28/09/2026 2:05 pm" in
 * Asia/Kuala_Lumpur for 06:05Z); anything else unchanged.
 */
export function dateTimeText(value: unknown, format: Pick<ValueFormat, 'locale' | 'timeZone'>): string {
  const instant = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value) ? Date.parse(value) : NaN;
  if (Number.isNaN(instant)) return String(value ?? '');
  return dateTimeInputText(wallClockOf(instant, format.timeZone), format.locale);
}

/**
 * A date and time typed in the company's convention → the instant it is in the company's time zone
 * (ISO, UTC); `null` until it is whole. With `day`, a date alone is the whole of that day there:
 * its first moment ('start') or its last ('end') — "from 1/1/2030" is the company's midnight.
 */
export function parseInstantText(
  text: string,
  format: Pick<ValueFormat, 'locale' | 'timeZone'>,
  day?: 'start' | 'end',
): string | null {
  const wall = parseDateTimeText(text, format.locale);
  if (wall) return instantOf(wall, format.timeZone);
  const date = day ? parseDateText(text, format.locale) : null;
  if (!date) return null;
  if (day === 'start') return instantOf(`${date}T00:00`, format.timeZone);
  const next = new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 16);
  return new Date(Date.parse(instantOf(next, format.timeZone)) - 1).toISOString();
}

/**
 * How a value reads: money formatted (with the company's currency when `format` names one), booleans Yes/No, dates localised, enum values by their label,
 * referenced rows through `labelOf`, child rows one after another.
 */
export function formatValue(
  t: TFunction,
  language: string,
  field: NormalisedField,
  value: unknown,
  labelOf: LabelOf,
  format?: ValueFormat,
): string {
  const locale = format?.locale ?? language;
  if (value === null || value === undefined || value === '') return '';
  switch (field.kind) {
    case 'reference':
    case 'listvalue':
      return labelOf(field, value);
    case 'multireference':
      return Array.isArray(value) ? value.map((id) => labelOf(field, id)).join(', ') : labelOf(field, value);
    case 'children':
      if (!Array.isArray(value)) return JSON.stringify(value);
      return value
        .map((row) => {
          const cells = (row ?? {}) as Record<string, unknown>;
          return visibleChildFields(field)
            .map((child) => formatValue(t, language, child, cells[child.name], labelOf, format))
            .filter((text) => text !== '')
            .join(' · ');
        })
        .join('; ');
    case 'boolean':
      return value === true || value === 'true' || value === 1 ? t('common.yes') : t('common.no');
    case 'decimal':
    case 'money':
    case 'quantity':
    case 'percent': {
      const n = Number(value);
      if (!Number.isFinite(n)) return String(value);
      const scale = scaleOf(field as DecimalField);
      if (field.kind === 'money' && format?.currency) return moneyText(n, format, scale);
      const text = new Intl.NumberFormat(locale, { minimumFractionDigits: scale, maximumFractionDigits: scale }).format(
        n,
      );
      return field.kind === 'percent' ? `${text}%` : text;
    }
    case 'number':
      return typeof value === 'number' ? new Intl.NumberFormat(locale).format(value) : String(value);
    case 'date':
      // A calendar date has no time zone: its digits in the company's order, as date inputs show it.
      return dateText(value, locale);
    case 'datetime':
      return dateTimeText(value, { locale, timeZone: format?.timeZone });
    case 'enum':
      return Array.isArray(value)
        ? value.map((v) => enumLabel(t, field, String(v))).join(', ')
        : enumLabel(t, field, String(value));
    case 'image':
      return Array.isArray(value) ? value.join(', ') : String(value);
    case 'json':
      return typeof value === 'string' ? value : JSON.stringify(value);
    default:
      return String(value);
  }
}

/** How a list cell shows a value: as `formatValue`, a reference by the label its row carries. */
export function formatCell(
  t: TFunction,
  language: string,
  field: NormalisedField,
  row: Record<string, unknown>,
  format?: ValueFormat,
): string {
  const label = row[`${field.name}Label`];
  return formatValue(
    t,
    language,
    field,
    row[field.name],
    (_, id) => (label !== null && label !== undefined && label !== '' ? String(label) : String(id)),
    format,
  );
}

export const isNumericKind = (field: NormalisedField) => field.kind === 'number' || SCALED_KINDS.has(field.kind);
