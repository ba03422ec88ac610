import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { get, useFormContext } from 'react-hook-form';
import { translateMessage } from '../i18n/serverMessages';

/** The attributes every input of a field carries: its id, validity, description, required flag. */
export type Common = {
  id: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
  disabled?: boolean;
};

/** The message of a field's error (a child table's own message sits on `root`). */
export const useFieldError = (name: string): string | undefined => {
  const { formState } = useFormContext();
  const error = get(formState.errors, name) as { message?: string; root?: { message?: string } } | undefined;
  return error?.message ?? error?.root?.message;
};

/** `aria-describedby` of a field's input: its help and its error, where it shows them. */
export const describedBy = (id: string, help: unknown, error: unknown): string | undefined =>
  [help ? `${id}-help` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;

/** The error under a field, translated where we know the message. */
export function FieldError({ id, error }: { id: string; error?: string }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <div id={`${id}-error`} className="invalid-feedback d-block">
      {translateMessage(t, error)}
    </div>
  );
}

/** A field's label, input, help (already in the current language) and error. */
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
  const { id, label, required, help, error, compact, children, labelAfter } = props;
  const labelEl = (
    <label
      htmlFor={id}
      className={`${labelAfter ? 'form-check-label' : 'form-label'} ${compact ? 'visually-hidden' : ''} ${required ? 'required' : ''}`}
    >
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
          {help}
        </div>
      )}
      <FieldError id={id} error={error} />
    </div>
  );
}
