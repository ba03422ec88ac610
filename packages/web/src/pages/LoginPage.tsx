import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { SamlProvider } from '@backroom/schema';
import { getSamlProviders } from '../api/endpoints';
import { InstallerLink } from './InstallerLink';
import { usePageName } from '../store/usePageName';
import { FormAlert } from '../ui/FormAlert';
import { TextField } from '../ui/TextField';
import { AuthCard } from './AuthCard';
import { usePasswordSignIn } from './usePasswordSignIn';

/** Single sign-on providers; the list is empty when the call fails. */
function useSamlProviders() {
  const [providers, setProviders] = useState<SamlProvider[]>([]);
  useEffect(() => {
    let live = true;
    void getSamlProviders().then((list) => {
      if (live) setProviders(list);
    });
    return () => {
      live = false;
    };
  }, []);
  return providers;
}

export default function LoginPage() {
  const { t } = useTranslation();
  usePageName(t('auth.login.title'));
  const providers = useSamlProviders();
  const { errors, submitting, onSubmit, failure, otpForm } = usePasswordSignIn();

  return (
    <AuthCard title={t('auth.login.title')}>
      {otpForm ?? (
        <>
          <form onSubmit={onSubmit} noValidate aria-label={t('auth.login.title')}>
            <FormAlert>{failure}</FormAlert>
            <TextField
              label={t('auth.fields.userName')}
              name="userName"
              error={errors.userName}
              autoComplete="username"
              autoFocus
            />
            <TextField
              label={t('auth.fields.password')}
              name="password"
              error={errors.password}
              type="password"
              autoComplete="current-password"
            />
            <button type="submit" className="btn btn-primary w-100" disabled={submitting}>
              {submitting ? t('auth.login.submitting') : t('auth.login.submit')}
            </button>
          </form>
          <p className="text-center mt-3 mb-0">
            <Link to="/resetpassword">{t('auth.login.forgot')}</Link>
          </p>
          <InstallerLink />
          {providers.length > 0 && (
            <div className="mt-3 border-top pt-3">
              <p className="text-center text-body-secondary small">{t('auth.login.or')}</p>
              {providers.map((provider) => (
                <a key={provider.name} className="btn btn-outline-secondary w-100 mb-2" href={provider.loginUrl}>
                  {t('auth.login.sso', { name: provider.name })}
                </a>
              ))}
            </div>
          )}
        </>
      )}
    </AuthCard>
  );
}
