import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { LoginRequest, LoginResponse } from '@backroom/schema';
import { authApi } from '../api/endpoints';
import { schemaResolver } from '../forms/lazyResolver';
import { authErrorText } from './authErrors';
import { OtpForm } from './OtpForm';
import { useCompleteSignIn } from './useCompleteSignIn';

const resolver = schemaResolver<LoginRequest>('loginForm');

/**
 * The user name and password sign-in of the login and lock pages: the form, its failure text,
 * and the one-time-password step the answer may ask for (`otpForm`, null until then).
 */
export function usePasswordSignIn(userName: string) {
  const { t } = useTranslation();
  const complete = useCompleteSignIn();
  const [otpToken, setOtpToken] = useState<string | null>(null);
  const [failure, setFailure] = useState('');
  const form = useForm<LoginRequest>({ resolver, defaultValues: { userName, password: '' } });

  const onAnswer = (response: LoginResponse) => {
    if (response.requireOtp && response.otpToken) setOtpToken(response.otpToken);
    else complete(response);
  };

  const submit = form.handleSubmit(async (body) => {
    setFailure('');
    try {
      onAnswer(await authApi.login(body));
    } catch (error) {
      setFailure(authErrorText(error, t, { 401: 'auth.errors.invalidCredentials' }));
    }
  });

  const otpForm = otpToken ? <OtpForm otpToken={otpToken} onSignedIn={complete} onBack={() => setOtpToken(null)} /> : null;
  return { ...form, submit, failure, otpForm };
}
