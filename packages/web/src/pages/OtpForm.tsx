import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { LoginResponse } from '@backroom/schema';
import { authApi } from '../api/endpoints';
import { schemaResolver } from '../forms/lazyResolver';
import { FormAlert } from '../ui/FormAlert';
import { TextField } from '../ui/TextField';
import { authErrorText } from './authErrors';

const resolver = schemaResolver<{ otp: string }>('otpForm');

/** The second sign-in step when the account has TOTP on. */
export function OtpForm({ otpToken, onSignedIn, onBack }: { otpToken: string; onSignedIn(response: LoginResponse): void; onBack(): void }) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState('');
  const { register, handleSubmit, formState } = useForm<{ otp: string }>({ resolver, defaultValues: { otp: '' } });

  const submit = handleSubmit(async ({ otp }) => {
    setFailure('');
    try {
      onSignedIn(await authApi.validateOtp({ otpToken, otp }));
    } catch (error) {
      setFailure(authErrorText(error, t, { 401: 'auth.errors.invalidCode' }));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-labelledby="otp-heading">
      <h2 id="otp-heading" className="h5">
        {t('auth.otp.heading')}
      </h2>
      <p className="text-body-secondary">{t('auth.otp.instructions')}</p>
      <FormAlert>{failure}</FormAlert>
      <TextField
        label={t('auth.otp.code')}
        registration={register('otp')}
        error={formState.errors.otp?.message}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        autoFocus
      />
      <div className="d-flex gap-2">
        <button type="submit" className="btn btn-primary flex-grow-1" disabled={formState.isSubmitting}>
          {t('auth.otp.verify')}
        </button>
        <button type="button" className="btn btn-outline-secondary" onClick={onBack}>
          {t('auth.otp.back')}
        </button>
      </div>
    </form>
  );
}
