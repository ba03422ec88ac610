import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { z } from 'zod';
import { installerSetupRequest, type InstallerSetupRequest } from '@backroom/schema';
import { AuthCard } from './AuthCard';
import { FormAlert } from '../ui/FormAlert';
import { Spinner } from '../ui/Spinner';
import { TextField } from '../ui/TextField';
import { InstallerError, installerApi } from './installerApi';
import { TimezoneField } from '../ui/TimezoneField';
import { useInstallerStatus } from './useInstallerStatus';
import { translateMessage } from '../i18n/serverMessages';

const PASSWORDS_DIFFER = 'Passwords do not match';

const installerForm = installerSetupRequest
  .extend({ admin: installerSetupRequest.shape.admin.extend({ confirmPassword: z.string() }) })
  .refine((v) => v.admin.password === v.admin.confirmPassword, {
    message: PASSWORDS_DIFFER,
    path: ['admin', 'confirmPassword'],
  });
type InstallerFormValues = z.infer<typeof installerForm>;

const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

function SetupForm({ onDone }: { onDone(userName: string): void }) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState('');
  const { register, handleSubmit, formState } = useForm<InstallerFormValues>({
    resolver: zodResolver(installerForm),
    defaultValues: {
      company: { name: '', baseCurrency: '', timezone: browserTimeZone() },
      admin: { userName: '', displayName: '', email: '', password: '', confirmPassword: '' },
    },
  });
  const { errors } = formState;
  const fieldError = (message?: string) => (message ? translateMessage(t, message) : undefined);

  const submit = handleSubmit(async ({ company, admin: { confirmPassword: _confirm, ...admin } }) => {
    setFailure('');
    const body: InstallerSetupRequest = { company, admin };
    try {
      await installerApi.setup(body);
      onDone(admin.userName);
    } catch (error) {
      const message =
        error instanceof InstallerError ? (error.envelope.errors?.[0]?.message ?? error.message) : String(error);
      setFailure(translateMessage(t, message));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <FormAlert>{failure}</FormAlert>
      <fieldset className="mb-3">
        <legend className="h6">{t('singles.installer.company')}</legend>
        <TextField
          label={t('singles.company.name')}
          registration={register('company.name')}
          error={fieldError(errors.company?.name?.message)}
          required
        />
        <TextField
          label={t('singles.installer.baseCurrency')}
          hint={t('singles.installer.baseCurrencyHint')}
          registration={register('company.baseCurrency')}
          error={fieldError(errors.company?.baseCurrency?.message)}
          maxLength={3}
          required
        />
        <TimezoneField
          label={t('singles.company.timezone')}
          registration={register('company.timezone')}
          error={fieldError(errors.company?.timezone?.message)}
        />
      </fieldset>
      <fieldset className="mb-3">
        <legend className="h6">{t('singles.installer.admin')}</legend>
        <TextField
          label={t('auth.fields.userName')}
          registration={register('admin.userName')}
          error={fieldError(errors.admin?.userName?.message)}
          autoComplete="username"
          required
        />
        <TextField
          label={t('singles.installer.displayName')}
          registration={register('admin.displayName')}
          error={fieldError(errors.admin?.displayName?.message)}
          required
        />
        <TextField
          label={t('singles.installer.email')}
          type="email"
          registration={register('admin.email')}
          error={fieldError(errors.admin?.email?.message)}
          autoComplete="email"
          required
        />
        <TextField
          label={t('auth.fields.password')}
          type="password"
          registration={register('admin.password')}
          error={fieldError(errors.admin?.password?.message)}
          autoComplete="new-password"
          required
        />
        <TextField
          label={t('singles.installer.confirmPassword')}
          type="password"
          registration={register('admin.confirmPassword')}
          error={fieldError(errors.admin?.confirmPassword?.message)}
          autoComplete="new-password"
          required
        />
      </fieldset>
      <button type="submit" className="btn btn-primary w-100" disabled={formState.isSubmitting}>
        {t('singles.installer.submit')}
      </button>
    </form>
  );
}

/**
 * `installer`: the public first-run set-up (company, base currency, first administrator). Open
 * only while no active administrator exists; the server refuses it afterwards.
 */
export default function InstallerScreen() {
  const { t } = useTranslation();
  const [doneFor, setDoneFor] = useState('');
  const status = useInstallerStatus();
  let content;
  if (doneFor) {
    content = (
      <>
        <FormAlert tone="success">{t('singles.installer.done', { userName: doneFor })}</FormAlert>
        <Link to="/login" className="btn btn-primary w-100">
          {t('singles.installer.signIn')}
        </Link>
      </>
    );
  } else if (status.state === 'loading') {
    content = <Spinner />;
  } else if (status.state !== 'open') {
    content = (
      <>
        <FormAlert tone={status.state === 'failed' ? 'danger' : 'info'}>
          {status.state === 'failed' ? status.message : t('singles.installer.closed')}
        </FormAlert>
        <Link to="/login">{t('singles.installer.signIn')}</Link>
      </>
    );
  } else {
    content = (
      <>
        <p>{t('singles.installer.intro')}</p>
        <SetupForm onDone={setDoneFor} />
      </>
    );
  }
  return <AuthCard title={t('singles.installer.title')}>{content}</AuthCard>;
}
