import i18n from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
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

/**
 * Translation files load from `locales/{lng}/translations.json`, relative to the <base>,
 * with a cache-busting timestamp. They are plain JSON fetched from our own origin, so `fetch` through
 * i18next's resources-to-backend adapter does it (a tenth of an HTTP backend on the login page).
 */
export function startI18n() {
  const stamp = Date.now();
  const load = async (lng: string, ns: string): Promise<unknown> => {
    const answer = await fetch(`locales/${lng}/${ns}.json?v=${stamp}`);
    if (!answer.ok) throw new Error(`Translations ${lng}/${ns}: ${answer.status}`);
    return answer.json();
  };
  return i18n
    .use(resourcesToBackend(load))
    .use(initReactI18next)
    .init({
      lng: storedLanguage(),
      fallbackLng: 'en',
      supportedLngs: LANGUAGES.map((language) => language.code),
      ns: ['translations'],
      defaultNS: 'translations',
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
}

export async function changeLanguage(code: LanguageCode) {
  await i18n.changeLanguage(code);
  localStorage.setItem(LANGUAGE_KEY, code);
}

export default i18n;
