import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { usePageName } from '../store/usePageName';
import { AuthCard } from './AuthCard';

export default function UnauthorizedPage() {
  const { t } = useTranslation();
  usePageName(t('auth.unauthorized.title'));
  const redirect = useSearchParams()[0].get('redirect');
  return (
    <AuthCard title={t('auth.unauthorized.title')}>
      <p>{t('auth.unauthorized.text')}</p>
      {redirect && (
        <p className="text-body-secondary small">
          {t('auth.unauthorized.requested')} <code>{redirect}</code>
        </p>
      )}
      <Link className="btn btn-primary w-100" to="/login">
        {t('auth.unauthorized.signIn')}
      </Link>
    </AuthCard>
  );
}
