import { useTranslation } from 'react-i18next';
import { useAppSettings } from '../api/queries';
import { usePageName } from '../app/usePageName';
import { useAppSelector } from '../store';
import { visibleMenu } from '../store/menuSlice';

/** One figure of the welcome page, in a half-width card. */
function StatCard({ value, label }: { value: number; label: string }) {
  return (
    <div className="col-sm-6">
      <div className="card text-center">
        <div className="card-body">
          <div className="display-6">{value}</div>
          <div>{label}</div>
        </div>
      </div>
    </div>
  );
}

/** A welcome page until the dashboard arrives: who is signed in and how much of the menu they reach. */
export default function HomePage() {
  const { t } = useTranslation();
  usePageName(t('home.title'));
  const userInfo = useAppSelector((state) => state.user.userInfo);
  const groups = visibleMenu(useAppSelector((state) => state.menu.listMenu));
  const itemCount = groups.reduce((sum, group) => sum + group.items.length, 0);
  const setupUrl = useAppSettings().data?.setupUrl;

  return (
    <div className="row g-3">
      <div className="col-12">
        <div className="card">
          <div className="card-body">
            <h2 className="h4">{t('home.greeting', { name: userInfo?.displayName ?? '' })}</h2>
            <p className="mb-0">{t('home.role', { role: userInfo?.role ?? '' })}</p>
          </div>
        </div>
      </div>
      <StatCard value={groups.length} label={t('home.groups', { count: groups.length })} />
      <StatCard value={itemCount} label={t('home.items', { count: itemCount })} />
      {setupUrl && (
        <div className="col-12">
          <a href={setupUrl} target="_blank" rel="noopener noreferrer">
            {t('home.setupSite')}
          </a>
        </div>
      )}
    </div>
  );
}
