import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../../public/locales/en/translations.json';

/** English translations loaded in-process, so tests assert the texts a user reads. */
export async function startTestI18n() {
  if (i18n.isInitialized) return i18n;
  await i18n.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    ns: ['translations'],
    defaultNS: 'translations',
    resources: { en: { translations: en } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return i18n;
}
