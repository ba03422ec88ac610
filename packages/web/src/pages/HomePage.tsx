import { useTranslation } from 'react-i18next';
import { useAppSettings } from '../api/queries';
import { usePageName } from '../store/usePageName';
import { HomeDashboard } from '../home/HomeDashboard';
import { useAppSelector } from '../store';

/** Home: who is signed in, and the business at a glance (sales, orders, stock, terminals, jobs, changes). */
export default function HomePage() {
  const { t } = useTranslation();
  usePageName(t('home.title'));
  const userInfo = useAppSelector((state) => state.user.userInfo);
  const setupUrl = useAppSettings().data?.setupUrl;

  return (
    <div className="row g-3">
      <div className="col-12">
        <div className="card">
          <div className="card-body">
            <h2 className="h4">{t('home.greeting', { name: userInfo?.displayName ?? '' })}</h2>
            <p className="mb-0">{t('home.role', { role: userInfo?.role ?? '' })}</p>
            {setupUrl && (
              <a href={setupUrl} target="_blank" rel="noopener noreferrer">
                {t('home.setupSite')}
              </a>
            )}
          </div>
        </div>
      </div>
      <HomeDashboard />
    </div>
  );
}
