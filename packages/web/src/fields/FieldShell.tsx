import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { get, useFormContext } from 'react-hook-form';

/** The attributes every input of a field carries: its id, validity, description, required flag. */
export type Common = { id: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string; 'aria-required'?: boolean; disabled?: boolean };

/** The message of a field's error (a child table's own message sits on `root`). */
export const useFieldError = (name: string): string | undefined => {
  const { formState } = useFormContext();
  const error = get(formState.errors, name) as { message?: string; root?: { message?: string } } | undefined;
  return error?.message ?? error?.root?.message;
};

/** The error under a field, translated where we know the message. */
export function FieldError({ id, error }: { id: string; error?: string }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <div id={`${id}-error`} className="invalid-feedback d-block">
      {t(`validation.${error}`, { defaultValue: error })}
    </div>
  );
}

/** A field's label, input, help and error. */
export function FieldShell(props: {
  id: string;
  label: string;
  required: boolean;
  help?: string;
  error?: string;
  compact?: boolean;
  children: ReactNode;
  /** Checkboxes put the label after the input. */
  labelAfter?: boolean;
}) {
  const { t } = useTranslation();
  const { id, label, required, help, error, compact, children, labelAfter } = props;
  const labelEl = (
    <label htmlFor={id} className={`${labelAfter ? 'form-check-label' : 'form-label'} ${compact ? 'visually-hidden' : ''} ${required ? 'required' : ''}`}>
      {label}
    </label>
  );
  return (
    <div className={compact ? 'field-cell' : 'mb-3 field'}>
      {labelAfter ? (
        <div className="form-check form-switch">
          {children}
          {labelEl}
        </div>
      ) : (
        <>
          {labelEl}
          {children}
        </>
      )}
      {help && !compact && (
        <div id={`${id}-help`} className="form-text">
          {t(`fieldHelp.${help}`, { defaultValue: help })}
        </div>
      )}
      <FieldError id={id} error={error} />
    </div>
  );
}
