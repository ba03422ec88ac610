import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, LANGUAGES, type LanguageCode } from '../i18n';

export function LanguageSwitcher({ className = '' }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  return (
    <div className={`language-switcher d-flex align-items-center gap-1 ${className}`}>
      <label htmlFor={id} className="visually-hidden">
        {t('topbar.language')}
      </label>
      <i className="bi bi-translate" aria-hidden="true" />
      <select
        id={id}
        className="form-select form-select-sm"
        value={i18n.resolvedLanguage ?? i18n.language}
        onChange={(event) => void changeLanguage(event.target.value as LanguageCode)}
      >
        {LANGUAGES.map((language) => (
          <option key={language.code} value={language.code} lang={language.code}>
            {language.name}
          </option>
        ))}
      </select>
    </div>
  );
}
