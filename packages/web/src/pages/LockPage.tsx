import { useTranslation } from 'react-i18next';
import { usePageName } from '../store/usePageName';
import { pageNavigation } from '../config/navigation';
import { logoutUrl } from '../config/webRoot';
import { useAppSelector } from '../store';
import { endSession } from '../store/session';
import { FormAlert } from '../ui/FormAlert';
import { TextField } from '../ui/TextField';
import { AuthCard } from './AuthCard';
import { usePasswordSignIn } from './usePasswordSignIn';

/**
 * The lock screen: the remembered user name (when a user is stored without a live session) and
 * the password again, through the normal sign-in call; or sign out altogether.
 */
export default function LockPage() {
  const { t } = useTranslation();
  usePageName(t('auth.lock.title'));
  const storedUserName = useAppSelector((state) => state.user.userInfo?.userName ?? '');
  const { errors, submitting, onSubmit, failure, otpForm } = usePasswordSignIn();

  const signOut = () => {
    endSession();
    pageNavigation.assign(logoutUrl());
  };

  return (
    <AuthCard title={t('auth.lock.title')}>
      {otpForm ?? (
        <form onSubmit={onSubmit} noValidate aria-label={t('auth.lock.title')}>
          <p className="text-body-secondary">
            {storedUserName ? t('auth.lock.textFor', { userName: storedUserName }) : t('auth.lock.text')}
          </p>
          <FormAlert>{failure}</FormAlert>
          <TextField
            label={t('auth.fields.userName')}
            name="userName"
            defaultValue={storedUserName}
            error={errors.userName}
            readOnly={Boolean(storedUserName)}
            autoComplete="username"
          />
          <TextField
            label={t('auth.fields.password')}
            name="password"
            error={errors.password}
            type="password"
            autoComplete="current-password"
            autoFocus
          />
          <button type="submit" className="btn btn-primary w-100" disabled={submitting}>
            {t('auth.lock.unlock')}
          </button>
        </form>
      )}
      <button type="button" className="btn btn-link w-100 mt-2" onClick={signOut}>
        {t('auth.lock.signOut')}
      </button>
    </AuthCard>
  );
}
