import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoginResponse } from '@backroom/schema';
import { authApi } from '../api/endpoints';
import { useSchemaSubmit } from '../forms/useSchemaSubmit';
import { FormAlert } from '../ui/FormAlert';
import { TextField } from '../ui/TextField';
import { authErrorText } from './authErrors';

/** The second sign-in step when the account has TOTP on. */
export default function OtpForm({
  otpToken,
  onSignedIn,
  onBack,
}: {
  otpToken: string;
  onSignedIn(response: LoginResponse): void;
  onBack(): void;
}) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState('');
  const { errors, submitting, onSubmit } = useSchemaSubmit<{ otp: string }>('otpForm', async ({ otp }) => {
    setFailure('');
    try {
      onSignedIn(await authApi.validateOtp({ otpToken, otp }));
    } catch (error) {
      setFailure(authErrorText(error, t, { 401: 'auth.errors.invalidCode' }));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="otp-heading">
      <h2 id="otp-heading" className="h5">
        {t('auth.otp.heading')}
      </h2>
      <p className="text-body-secondary">{t('auth.otp.instructions')}</p>
      <FormAlert>{failure}</FormAlert>
      <TextField
        label={t('auth.otp.code')}
        name="otp"
        error={errors.otp}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        autoFocus
      />
      <div className="d-flex gap-2">
        <button type="submit" className="btn btn-primary flex-grow-1" disabled={submitting}>
          {t('auth.otp.verify')}
        </button>
        <button type="button" className="btn btn-outline-secondary" onClick={onBack}>
          {t('auth.otp.back')}
        </button>
      </div>
    </form>
  );
}
