import { useTranslation } from 'react-i18next';
import type { NormalisedField } from '@backroom/schema';
import { useListValues } from '../data/hooks';
import { filterKindOf } from '../data/listState';
import { DateInput } from '../fields/DateInput';
import { enumLabel } from '../fields/format';
import { ReferencePicker } from '../fields/ReferencePicker';
import { DebouncedInput } from './DebouncedInput';

/** The filter of one list column: text (LIKE), a choice (EQ) or a from–to range. */
export function ColumnFilter({
  field,
  label,
  filters,
  onChange,
}: {
  field: NormalisedField;
  label: string;
  filters: Record<string, string>;
  onChange(key: string, value: string): void;
}) {
  const { t } = useTranslation();
  const kind = filterKindOf(field);
  const name = t('list.filter', { column: label });
  if (kind === 'text')
    return (
      <DebouncedInput
        type="text"
        className="form-control form-control-sm"
        aria-label={name}
        value={filters[field.name] ?? ''}
        onCommit={(v) => onChange(field.name, v)}
      />
    );
  if (kind === 'range') {
    const type = field.kind === 'datetime' ? 'datetime-local' : field.kind === 'time' ? 'time' : 'text';
    return (
      <div className="range-filter">
        {(['min', 'max'] as const).map((end) =>
          field.kind === 'date' ? (
            // In the company's convention, as the cells read; applied once the text is a whole date (or empty).
            <DateInput
              key={end}
              className="form-control form-control-sm"
              aria-label={t(end === 'min' ? 'list.filterFrom' : 'list.filterTo', { column: label })}
              value={filters[`${field.name}.${end}`] ?? ''}
              onChange={(v) => {
                if (v === '' || /^\d{4}-\d{2}-\d{2}$/.test(v)) onChange(`${field.name}.${end}`, v);
              }}
            />
          ) : (
            <DebouncedInput
              key={end}
              type={type}
              inputMode={type === 'text' ? 'decimal' : undefined}
              className="form-control form-control-sm"
              aria-label={t(end === 'min' ? 'list.filterFrom' : 'list.filterTo', { column: label })}
              placeholder={type === 'text' ? t(end === 'min' ? 'list.from' : 'list.to') : undefined}
              value={filters[`${field.name}.${end}`] ?? ''}
              onCommit={(v) => onChange(`${field.name}.${end}`, v)}
            />
          ),
        )}
      </div>
    );
  }
  if (kind === 'select' && field.kind === 'reference')
    // Searched on the server as you type: every row can be chosen, however many there are.
    return (
      <ReferencePicker
        entity={field.entity}
        size="sm"
        ariaLabel={name}
        blank={t('list.any')}
        value={filters[field.name] ?? ''}
        onChange={(v) => onChange(field.name, v)}
      />
    );
  if (kind === 'select')
    return (
      <SelectFilter
        field={field}
        label={name}
        value={filters[field.name] ?? ''}
        onChange={(v) => onChange(field.name, v)}
      />
    );
  return null;
}

function SelectFilter({
  field,
  label,
  value,
  onChange,
}: {
  field: NormalisedField;
  label: string;
  value: string;
  onChange(value: string): void;
}) {
  const { t } = useTranslation();
  const listValues = useListValues(field.kind === 'listvalue' ? field.category : '');
  const options =
    field.kind === 'boolean'
      ? [
          { value: 'true', label: t('common.yes') },
          { value: 'false', label: t('common.no') },
        ]
      : field.kind === 'enum'
        ? field.values.map((v) => ({ value: v, label: enumLabel(t, field, v) }))
        : field.kind === 'listvalue'
          ? (listValues.data ?? []).map((o) => ({ value: String(o.value), label: o.label }))
          : [];
  return (
    <select
      className="form-select form-select-sm"
      aria-label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    >
      <option value="">{t('list.any')}</option>
      {value && !options.some((o) => o.value === value) && <option value={value}>{value}</option>}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
