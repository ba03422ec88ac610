import { useId, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseFormRegisterReturn } from 'react-hook-form';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** The React Hook Form binding; without it the input is read from the form (`name`). */
  registration?: UseFormRegisterReturn;
  /** A validation message from the shared zod schemas, in English; shown translated. */
  error?: string;
  hint?: string;
}

export function TextField({ label, registration, error, hint, className = '', ...input }: TextFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className={`mb-3 ${className}`}>
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <input
        id={id}
        className={`form-control ${error ? 'is-invalid' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        {...input}
        {...registration}
      />
      {hint && (
        <div id={`${id}-hint`} className="form-text">
          {hint}
        </div>
      )}
      {error && (
        <div id={`${id}-error`} className="invalid-feedback">
          {t(`validation.${error}`, { defaultValue: error })}
        </div>
      )}
    </div>
  );
}
