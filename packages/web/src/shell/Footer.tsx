import { useTranslation } from 'react-i18next';
import { COMPANY_NAME } from '@backroom/schema';
import { useVersion } from '../api/queries';
import { useCompanyFormat } from '../data/useValueFormat';
import { useAppSelector } from '../store';

export function Footer() {
  const { t } = useTranslation();
  const webVersion = useAppSelector((state) => state.settings.webVersion);
  const apiVersion = useVersion().data;
  // The Company screen's name; the product's maker until it answers, or when it has none.
  const company = useCompanyFormat().data?.name || COMPANY_NAME;
  return (
    <footer className="footer-container">
      {t('footer.text', {
        year: new Date().getFullYear(),
        company,
        webVersion: webVersion.replace(/^v/, ''),
        apiVersion: apiVersion || t('footer.unknown'),
      })}
    </footer>
  );
}
