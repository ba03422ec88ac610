import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormContext } from 'react-hook-form';
import type { NormalisedField } from '@backroom/schema';
import { FieldError } from './FieldShell';
import { enumLabel } from './format';

/** A multiple-choice enum: one checkbox per value in a fieldset. */
export function EnumChecks({
  field,
  name,
  label,
  error,
  disabled,
  compact,
}: {
  field: Extract<NormalisedField, { kind: 'enum' }>;
  name: string;
  label: string;
  error?: string;
  disabled?: boolean;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const { register } = useFormContext();
  const id = useId();
  return (
    <fieldset
      className={compact ? 'field-cell' : 'mb-3 field'}
      aria-describedby={error ? `${id}-error` : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className={`form-label fs-6 ${compact ? 'visually-hidden' : ''} ${field.required ? 'required' : ''}`}>
        {label}
      </legend>
      <div className="d-flex flex-wrap gap-3">
        {field.values.map((value) => (
          <div key={value} className="form-check">
            <input
              type="checkbox"
              className="form-check-input"
              id={`${id}-${value}`}
              value={value}
              disabled={disabled || field.readOnly}
              {...register(name)}
            />
            <label className="form-check-label" htmlFor={`${id}-${value}`}>
              {enumLabel(t, field, value)}
            </label>
          </div>
        ))}
      </div>
      <FieldError id={id} error={error} />
    </fieldset>
  );
}
