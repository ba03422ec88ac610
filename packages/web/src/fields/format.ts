import { SCALED_KINDS, humanize, scaleOf, type DecimalField, type NormalisedField } from '@backroom/schema';
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

export const enumLabel = (t: TFunction, field: NormalisedField, value: string) => {
  const labels = 'valueLabels' in field ? (field.valueLabels as Record<string, string> | undefined) : undefined;
  return t(`enumValues.${value}`, { defaultValue: registryText(t, labels?.[value] ?? humanize(value)) });
};

const pad = (n: number) => String(n).padStart(2, '0');

/** ISO instant → the `datetime-local` input's local "yyyy-mm-ddTHH:mm". */
export function isoToLocalInput(value: unknown): string {
  if (typeof value !== 'string' || !value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The `datetime-local` value (local time) → ISO in UTC; anything else is left for validation to report. */
export function localInputToIso(value: unknown): unknown {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return value;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

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
 * The locale numbers and dates are written in: the console's language in the region of the base
 * currency (an ISO 4217 code begins with its country's code: MYR → en-MY, d/m/yyyy), else the language alone.
 */
export function formatLocale(language: string, currency: string | null): string {
  const region = currency?.slice(0, 2).toUpperCase();
  if (!region) return language;
  const candidate = `${language.split('-')[0]}-${region}`;
  try {
    return Intl.DateTimeFormat.supportedLocalesOf([candidate]).length > 0 ? candidate : language;
  } catch {
    return language;
  }
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
      if (field.kind === 'money' && format?.currency)
        return new Intl.NumberFormat(locale, {
          style: 'currency',
          currency: format.currency,
          minimumFractionDigits: scale,
          maximumFractionDigits: scale,
        }).format(n);
      const text = new Intl.NumberFormat(locale, { minimumFractionDigits: scale, maximumFractionDigits: scale }).format(
        n,
      );
      return field.kind === 'percent' ? `${text}%` : text;
    }
    case 'number':
      return typeof value === 'number' ? new Intl.NumberFormat(locale).format(value) : String(value);
    case 'date': {
      const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(String(value));
      // A calendar date has no time zone: read and written in UTC so no zone moves it a day.
      return m
        ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))).toLocaleDateString(locale, {
            timeZone: 'UTC',
          })
        : String(value);
    }
    case 'datetime': {
      const date = new Date(String(value));
      return Number.isNaN(date.getTime())
        ? String(value)
        : date.toLocaleString(locale, format?.timeZone ? { timeZone: format.timeZone } : undefined);
    }
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
