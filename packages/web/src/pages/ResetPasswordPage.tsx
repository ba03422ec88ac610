import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { RequestResetPasswordRequest } from '@backroom/schema';
import { authApi } from '../api/endpoints';
import { usePageName } from '../store/usePageName';
import { schemaResolver } from '../forms/lazyResolver';
import { FormAlert } from '../ui/FormAlert';
import { TextField } from '../ui/TextField';
import { authErrorText } from './authErrors';
import { AuthCard } from './AuthCard';

interface NewPasswordValues {
  otp: string;
  newPassword: string;
  confirmPassword: string;
}

const requestResolver = schemaResolver<RequestResetPasswordRequest>('requestResetForm');
const resetResolver = schemaResolver<NewPasswordValues>('resetPasswordForm');

function RequestCodeForm({ onRequested }: { onRequested(userName: string): void }) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState('');
  const { register, handleSubmit, formState } = useForm<RequestResetPasswordRequest>({
    resolver: requestResolver,
    defaultValues: { userName: '' },
  });
  const submit = handleSubmit(async ({ userName }) => {
    setFailure('');
    try {
      await authApi.requestResetPassword({ userName });
      onRequested(userName);
    } catch (error) {
      setFailure(authErrorText(error, t));
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label={t('auth.reset.requestStep')}>
      <p className="text-body-secondary">{t('auth.reset.requestInstructions')}</p>
      <FormAlert>{failure}</FormAlert>
      <TextField
        label={t('auth.fields.userName')}
        registration={register('userName')}
        error={formState.errors.userName?.message}
        autoComplete="username"
        autoFocus
      />
      <button type="submit" className="btn btn-primary w-100" disabled={formState.isSubmitting}>
        {t('auth.reset.sendCode')}
      </button>
    </form>
  );
}

function NewPasswordForm({ userName, onDone }: { userName: string; onDone(): void }) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState('');
  const { register, handleSubmit, formState } = useForm<NewPasswordValues>({
    resolver: resetResolver,
    defaultValues: { otp: '', newPassword: '', confirmPassword: '' },
  });
  const submit = handleSubmit(async ({ otp, newPassword }) => {
    setFailure('');
    try {
      await authApi.validateResetPasswordOtp({ userName, otp, newPassword });
      onDone();
    } catch (error) {
      setFailure(authErrorText(error, t, { 401: 'auth.errors.invalidCode' }));
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label={t('auth.reset.codeStep')}>
      <p className="text-body-secondary">{t('auth.reset.codeInstructions', { userName })}</p>
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
      <TextField
        label={t('auth.fields.newPassword')}
        registration={register('newPassword')}
        error={formState.errors.newPassword?.message}
        type="password"
        autoComplete="new-password"
      />
      <TextField
        label={t('auth.fields.confirmPassword')}
        registration={register('confirmPassword')}
        error={formState.errors.confirmPassword?.message}
        type="password"
        autoComplete="new-password"
      />
      <button type="submit" className="btn btn-primary w-100" disabled={formState.isSubmitting}>
        {t('auth.reset.submit')}
      </button>
    </form>
  );
}

export default function ResetPasswordPage() {
  const { t } = useTranslation();
  usePageName(t('auth.reset.title'));
  const [userName, setUserName] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  return (
    <AuthCard title={t('auth.reset.title')}>
      {done ? (
        <FormAlert tone="success">{t('auth.reset.done')}</FormAlert>
      ) : userName === null ? (
        <RequestCodeForm onRequested={setUserName} />
      ) : (
        <NewPasswordForm userName={userName} onDone={() => setDone(true)} />
      )}
      <p className="text-center mt-3 mb-0">
        <Link to="/login">{t('auth.backToLogin')}</Link>
      </p>
    </AuthCard>
  );
}
