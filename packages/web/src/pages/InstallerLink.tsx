import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useInstallerStatus } from './useInstallerStatus';

/** For the login page: a "Set up Backroom" link while the installer is open; nothing otherwise or on failure. */
export function InstallerLink() {
  const { t } = useTranslation();
  if (useInstallerStatus().state !== 'open') return null;
  return (
    <Link to="/installer" className="btn btn-outline-primary w-100 mt-3">
      {t('singles.installer.link')}
    </Link>
  );
}
