import { createInstance, type TFunction } from 'i18next';
import ms from '../../public/locales/ms/translations.json';

/** The Malay texts alone, for tests: no fallback, so a text missing in Malay comes back as its default, never as English. */
export async function malay(): Promise<TFunction> {
  const i18n = createInstance();
  await i18n.init({
    lng: 'ms',
    fallbackLng: false,
    ns: ['translations'],
    defaultNS: 'translations',
    resources: { ms: { translations: ms } },
    interpolation: { escapeValue: false },
  });
  return i18n.t;
}
