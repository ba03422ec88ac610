import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoginRequest, LoginResponse } from '@backroom/schema';
import { authApi } from '../api/endpoints';
import { lazyPage } from '../ui/lazy';
import { useSchemaSubmit } from '../forms/useSchemaSubmit';
import { Spinner } from '../ui/Spinner';
import { authErrorText } from './authErrors';
import { useCompleteSignIn } from './useCompleteSignIn';

/** The code step, loaded when an account asks for it. */
const OtpForm = lazyPage(() => import('./OtpForm'));

/**
 * The user name and password sign-in of the login and lock pages: the form's submit and errors,
 * its failure text, and the one-time-password step the answer may ask for (`otpForm`, null until then).
 */
export function usePasswordSignIn() {
  const { t } = useTranslation();
  const complete = useCompleteSignIn();
  const [otpToken, setOtpToken] = useState<string | null>(null);
  const [failure, setFailure] = useState('');

  const onAnswer = (response: LoginResponse) => {
    if (response.requireOtp && response.otpToken) setOtpToken(response.otpToken);
    else complete(response);
  };

  const form = useSchemaSubmit<LoginRequest>('loginForm', async (body) => {
    setFailure('');
    try {
      onAnswer(await authApi.login(body));
    } catch (error) {
      setFailure(authErrorText(error, t, { 401: 'auth.errors.invalidCredentials' }));
    }
  });

  const otpForm = otpToken ? (
    <Suspense fallback={<Spinner />}>
      <OtpForm otpToken={otpToken} onSignedIn={complete} onBack={() => setOtpToken(null)} />
    </Suspense>
  ) : null;
  return { ...form, failure, otpForm };
}
