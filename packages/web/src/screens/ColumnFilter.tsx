import { useTranslation } from 'react-i18next';
import type { NormalisedField } from '@backroom/schema';
import { useListValues } from '../data/hooks';
import { filterKindOf } from '../data/listState';
import { AppliedTemporalInput } from '../fields/AppliedTemporalInput';
import { DateInput, DateTimeInput, TimeInput } from '../fields/TemporalInputs';
import { enumLabel } from '../fields/format';
import { ReferencePicker } from '../fields/ReferencePicker';
import { DebouncedInput } from './DebouncedInput';

/** The inputs of date, date-time and time ranges. */
const TEMPORAL: Partial<Record<NormalisedField['kind'], typeof DateTimeInput>> = {
  date: DateInput,
  datetime: DateTimeInput,
  time: TimeInput,
};

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
    const Temporal = TEMPORAL[field.kind];
    return (
      <div className="range-filter">
        {(['min', 'max'] as const).map((end) => {
          const key = `${field.name}.${end}`;
          const ariaLabel = t(end === 'min' ? 'list.filterFrom' : 'list.filterTo', { column: label });
          return Temporal ? (
            // In the company's convention, as the cells read.
            <AppliedTemporalInput
              key={end}
              Input={Temporal}
              kind={field.kind === 'datetime' ? 'dateOrDateTime' : (field.kind as 'date' | 'time')}
              end={end === 'min' ? 'from' : 'to'}
              className="form-control form-control-sm"
              aria-label={ariaLabel}
              value={filters[key] ?? ''}
              onApply={(v) => onChange(key, v)}
            />
          ) : (
            <DebouncedInput
              key={end}
              type="text"
              inputMode="decimal"
              className="form-control form-control-sm"
              aria-label={ariaLabel}
              placeholder={t(end === 'min' ? 'list.from' : 'list.to')}
              value={filters[key] ?? ''}
              onCommit={(v) => onChange(key, v)}
            />
          );
        })}
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
