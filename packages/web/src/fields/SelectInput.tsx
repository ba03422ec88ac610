import { useTranslation } from 'react-i18next';
import { useController, useWatch } from 'react-hook-form';
import type { NormalisedField } from '@backroom/schema';
import { unlabelled } from '../data/labels';
import { useLabels, useListValues } from '../data/hooks';
import type { Common } from './FieldShell';
import { enumLabel } from './format';

interface SelectOption {
  value: string | number;
  label: string;
}

const isBlank = (value: unknown) => value === null || value === undefined || value === '';

interface SelectInputProps {
  name: string;
  options: readonly SelectOption[];
  /** The options are still loading: the blank option says so. */
  loading?: boolean;
  /** The label of the form's value when it is not among the options. */
  valueLabel?: string;
  className: string;
  common: Common;
}

/**
 * A native select bound to the form's value rather than to the DOM. The select shows the form's
 * value whatever arrives first, the row or the options, and a value that is not among the options
 * (switched off since, beyond the options loaded, or not loaded yet) stays shown and chosen under
 * its own label. A select left to the DOM loses it: when its options change the browser selects the
 * first one ("Choose…"), and the next blur — tabbing past — writes that blank back into the form.
 */
export function SelectInput({ name, options, loading, valueLabel, className, common }: SelectInputProps) {
  const { t } = useTranslation();
  const { field } = useController({ name });
  const current = field.value as unknown;
  const listed = isBlank(current) || options.some((o) => String(o.value) === String(current));
  const all = listed
    ? options
    : [{ value: current as string | number, label: valueLabel ?? unlabelled(current) }, ...options];
  return (
    <select
      className={className}
      {...common}
      name={field.name}
      ref={field.ref}
      value={isBlank(current) ? '' : String(current)}
      onBlur={field.onBlur}
      // The option's own value goes back into the form: a list value's id stays a number.
      onChange={(event) => field.onChange(all.find((o) => String(o.value) === event.target.value)?.value ?? '')}
    >
      <option value="">{loading ? t('common.loading') : t('form.choose')}</option>
      {all.map((option) => (
        <option key={String(option.value)} value={String(option.value)}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

type SelectFieldProps = { name: string; className: string; common: Common };

/** A single-choice enum: its values in the registry's order. */
export function EnumSelect({
  field,
  ...props
}: SelectFieldProps & { field: Extract<NormalisedField, { kind: 'enum' }> }) {
  const { t } = useTranslation();
  const current = useWatch({ name: props.name }) as unknown;
  const options = field.values.map((value) => ({ value, label: enumLabel(t, field, value) }));
  return <SelectInput {...props} options={options} valueLabel={isBlank(current) ? undefined : String(current)} />;
}

/**
 * A list value: the category's active values. The saved value's label comes with the row
 * (`{field}Label`), else from a lookup, so a value switched off since still reads as its name.
 */
export function ListValueSelect({ category, ...props }: SelectFieldProps & { category: string }) {
  const values = useListValues(category);
  const current = useWatch({ name: props.name }) as unknown;
  const given = useWatch({ name: `${props.name}Label` }) as unknown;
  const options = values.data ?? [];
  const missing = !isBlank(current) && !options.some((o) => String(o.value) === String(current));
  const lookup = useLabels('listvalue', [current], missing && isBlank(given) && !values.isLoading);
  return (
    <SelectInput
      {...props}
      options={options}
      loading={values.isLoading}
      valueLabel={isBlank(given) ? lookup.labelOf(current) : String(given)}
    />
  );
}
