import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { usePageName } from '../store/usePageName';
import { useLogout } from '../shell/useLogout';
import { selectSignedIn, useAppSelector } from '../store';
import { AuthCard } from './AuthCard';

/** /logout: signed in, it asks and signs out; signed out, it says so. */
export default function LogoutPage() {
  const { t } = useTranslation();
  usePageName(t('logout.title'));
  const signedIn = useAppSelector(selectSignedIn);
  const navigate = useNavigate();
  const logout = useLogout();
  const [signingOut, setSigningOut] = useState(false);

  if (!signedIn) {
    return (
      <AuthCard title={t('logout.title')}>
        <p role="status">{t('logout.signedOut')}</p>
        <Link className="btn btn-primary w-100" to="/login">
          {t('logout.signInAgain')}
        </Link>
      </AuthCard>
    );
  }

  if (signingOut) {
    return (
      <p role="status" className="lead">
        {t('logout.signingOut')}
      </p>
    );
  }

  return (
    <div className="card">
      <div className="card-body">
        <p className="lead">{t('logout.confirm')}</p>
        <div className="d-flex gap-2">
          <button type="button" className="btn btn-secondary" onClick={() => navigate('/home')}>
            {t('common.cancel')}
          </button>
          <button
            type="button"
            className="btn btn-danger"
            onClick={() => {
              setSigningOut(true);
              void logout();
            }}
          >
            {t('userMenu.logout')}
          </button>
        </div>
      </div>
    </div>
  );
}
