import { useTranslation } from 'react-i18next';

/** A form's tabs (labels under `form.tabs`), each controlling the panel `panel-{name}`. */
export function TabList({
  names,
  current,
  onChange,
}: {
  names: readonly string[];
  current: string;
  onChange(name: string): void;
}) {
  const { t } = useTranslation();
  return (
    <ul className="nav nav-tabs mb-3" role="tablist">
      {names.map((name) => (
        <li key={name} className="nav-item" role="presentation">
          <button
            type="button"
            role="tab"
            id={`tab-${name}`}
            aria-selected={current === name}
            aria-controls={`panel-${name}`}
            className={`nav-link ${current === name ? 'active' : ''}`}
            onClick={() => onChange(name)}
          >
            {t(`form.tabs.${name}`)}
          </button>
        </li>
      ))}
    </ul>
  );
}
