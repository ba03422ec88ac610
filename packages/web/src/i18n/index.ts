import i18n from 'i18next';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';

export const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'ms', name: 'Bahasa Melayu' },
] as const;
export type LanguageCode = (typeof LANGUAGES)[number]['code'];

const LANGUAGE_KEY = 'backroom:language';
const isLanguage = (code: string | null): code is LanguageCode => LANGUAGES.some((language) => language.code === code);

export function storedLanguage(): LanguageCode {
  const code = localStorage.getItem(LANGUAGE_KEY);
  return isLanguage(code) ? code : 'en';
}

i18n.on('languageChanged', (lng) => {
  document.documentElement.lang = lng;
});

/** SPEC §7: translation files load from `locales/{lng}/translations.json`, relative to the <base>, with a cache-busting timestamp. */
export function startI18n() {
  return i18n
    .use(HttpBackend)
    .use(initReactI18next)
    .init({
      lng: storedLanguage(),
      fallbackLng: 'en',
      supportedLngs: LANGUAGES.map((language) => language.code),
      ns: ['translations'],
      defaultNS: 'translations',
      interpolation: { escapeValue: false },
      backend: { loadPath: `locales/{{lng}}/translations.json?v=${Date.now()}` },
      react: { useSuspense: false },
    });
}

export async function changeLanguage(code: LanguageCode) {
  await i18n.changeLanguage(code);
  localStorage.setItem(LANGUAGE_KEY, code);
}

export default i18n;
