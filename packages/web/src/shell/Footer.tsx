import { useTranslation } from 'react-i18next';
import { COMPANY_NAME } from '@backroom/schema';
import { useVersion } from '../api/queries';
import { useAppSelector } from '../store';

export function Footer() {
  const { t } = useTranslation();
  const webVersion = useAppSelector((state) => state.settings.webVersion);
  const apiVersion = useVersion().data;
  return (
    <footer className="footer-container">
      {t('footer.text', {
        year: new Date().getFullYear(),
        company: COMPANY_NAME,
        webVersion: webVersion.replace(/^v/, ''),
        apiVersion: apiVersion || t('footer.unknown'),
      })}
    </footer>
  );
}
