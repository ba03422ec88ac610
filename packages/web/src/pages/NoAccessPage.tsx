import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { usePageName } from '../store/usePageName';

export default function NoAccessPage() {
  const { t } = useTranslation();
  usePageName(t('noAccess.title'));
  return (
    <div className="card">
      <div className="card-body">
        <p className="lead">
          <i className="bi bi-slash-circle text-danger me-2" aria-hidden="true" />
          {t('noAccess.text')}
        </p>
        <Link to="/home" className="btn btn-primary">
          {t('noAccess.home')}
        </Link>
      </div>
    </div>
  );
}
