import { useId, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MIN_PASSWORD_LENGTH } from '@backroom/schema';
import { FieldShell, useFieldError } from '../fields/FieldShell';
import { generatePassword } from './generatePassword';

const NAME = 'password';

/**
 * A new user's first password, typed or generated. A generated one is shown in clear with a Copy
 * button, only on this form: after the save it is never shown again (the server keeps its hash only).
 */
export default function NewPasswordInput() {
  const { t } = useTranslation();
  const id = useId();
  const { register, setValue, getValues } = useFormContext();
  const error = useFieldError(NAME);
  const [shown, setShown] = useState(false);
  const [copied, setCopied] = useState(false);
  const registration = register(NAME);
  const describedBy = [`${id}-help`, shown ? `${id}-once` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <FieldShell
      id={id}
      label={t('singles.newPassword.label')}
      required={false}
      help={t('singles.newPassword.help', { min: MIN_PASSWORD_LENGTH })}
      error={error}
    >
      <div className="input-group">
        <input
          id={id}
          type={shown ? 'text' : 'password'}
          autoComplete="new-password"
          spellCheck={false}
          className={`form-control ${shown ? 'font-monospace' : ''} ${error ? 'is-invalid' : ''}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...registration}
          onChange={(event) => {
            // Typed over: no longer the generated one, so no longer shown.
            setShown(false);
            setCopied(false);
            return registration.onChange(event);
          }}
        />
        <button
          type="button"
          className="btn btn-outline-secondary"
          onClick={() => {
            setValue(NAME, generatePassword(), { shouldDirty: true, shouldValidate: true });
            setShown(true);
            setCopied(false);
          }}
        >
          <i className="bi bi-magic" aria-hidden="true" /> {t('singles.newPassword.generate')}
        </button>
        {shown && (
          <button
            type="button"
            className="btn btn-outline-secondary"
            onClick={() => {
              void navigator.clipboard.writeText(String(getValues(NAME))).then(() => setCopied(true));
            }}
          >
            <i className={`bi ${copied ? 'bi-clipboard-check' : 'bi-clipboard'}`} aria-hidden="true" />{' '}
            {copied ? t('singles.newPassword.copied') : t('singles.newPassword.copy')}
          </button>
        )}
      </div>
      {shown && (
        <div id={`${id}-once`} className="form-text">
          {t('singles.newPassword.shownOnce')}
        </div>
      )}
    </FieldShell>
  );
}
