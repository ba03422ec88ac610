import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { THEMES, themePath } from '@backroom/schema';
import { useAppDispatch, useAppSelector } from '../store';
import { setSetting, type LayoutFlag } from '../store/settingsSlice';
import { setTheme } from '../store/themeSlice';

const LAYOUT_TOGGLES: { flag: LayoutFlag; label: string }[] = [
  { flag: 'isFixed', label: 'offsidebar.fixed' },
  { flag: 'isBoxed', label: 'offsidebar.boxed' },
];

const ASIDE_TOGGLES: { flag: LayoutFlag; label: string }[] = [
  { flag: 'isCollapsed', label: 'offsidebar.collapsed' },
  { flag: 'isCollapsedText', label: 'offsidebar.collapsedText' },
  { flag: 'isFloat', label: 'offsidebar.float' },
  { flag: 'asideHover', label: 'offsidebar.hover' },
  { flag: 'asideScrollbar', label: 'offsidebar.showScrollbar' },
];

/** Sample people of the Connections tab: a static demonstration, with fixed progress bars. */
const SAMPLE_PEOPLE = [
  { name: 'Aisyah Rahman', status: 'online' },
  { name: 'Daniel Tan', status: 'online' },
  { name: 'Priya Nair', status: 'away' },
  { name: 'Marcus Lim', status: 'offline' },
] as const;

const SAMPLE_PROGRESS = [
  { label: 'offsidebar.storage', value: 80 },
  { label: 'offsidebar.bandwidth', value: 40 },
] as const;

type Tab = 'settings' | 'connections';
const TABS: Tab[] = ['settings', 'connections'];

function Toggle({ flag, label }: { flag: LayoutFlag; label: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const checked = useAppSelector((state) => state.settings[flag]);
  const id = useId();
  return (
    <div className="form-check form-switch">
      <input
        id={id}
        className="form-check-input"
        type="checkbox"
        checked={checked}
        onChange={(event) => dispatch(setSetting({ name: flag, value: event.target.checked }))}
      />
      <label className="form-check-label" htmlFor={id}>
        {t(label)}
      </label>
    </div>
  );
}

export function Offsidebar() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const open = useAppSelector((state) => state.settings.offsidebarOpen);
  const currentTheme = useAppSelector((state) => state.theme.path);
  const [tab, setTab] = useState<Tab>('settings');
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ settings: null, connections: null });
  const idPrefix = useId();

  // Closing (Escape or the close button) gives the focus back to the button that opens the panel.
  const close = useCallback(() => {
    dispatch(setSetting({ name: 'offsidebarOpen', value: false }));
    document.querySelector<HTMLElement>('[aria-controls="offsidebar"]')?.focus();
  }, [dispatch]);
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) close();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, close]);

  const onTabKeyDown = (event: KeyboardEvent) => {
    const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    if (!step) return;
    event.preventDefault();
    const next = TABS[(TABS.indexOf(tab) + step + TABS.length) % TABS.length]!;
    setTab(next);
    tabRefs.current[next]?.focus();
  };

  return (
    <aside id="offsidebar" className="offsidebar" aria-label={t('offsidebar.label')} hidden={!open}>
      <div className="d-flex justify-content-end px-2 pt-2">
        <button type="button" className="btn-close" aria-label={t('topbarMenu.closeSettings')} onClick={close} />
      </div>
      <div
        role="tablist"
        aria-label={t('offsidebar.label')}
        className="nav nav-tabs nav-justified"
        onKeyDown={onTabKeyDown}
      >
        {TABS.map((name) => (
          <button
            key={name}
            ref={(element) => {
              tabRefs.current[name] = element;
            }}
            type="button"
            role="tab"
            id={`${idPrefix}-tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`${idPrefix}-panel-${name}`}
            tabIndex={tab === name ? 0 : -1}
            className={`nav-link ${tab === name ? 'active' : ''}`}
            onClick={() => setTab(name)}
          >
            {t(`offsidebar.tabs.${name}`)}
          </button>
        ))}
      </div>

      <div
        role="tabpanel"
        id={`${idPrefix}-panel-settings`}
        aria-labelledby={`${idPrefix}-tab-settings`}
        hidden={tab !== 'settings'}
        className="p-3"
      >
        <h3 className="offsidebar-heading">{t('offsidebar.themes')}</h3>
        <div className="theme-swatches">
          {THEMES.map((letter) => {
            const path = themePath(letter);
            return (
              <button
                key={letter}
                type="button"
                className={`theme-swatch theme-swatch-${letter}`}
                aria-label={t('offsidebar.theme', { letter })}
                aria-pressed={currentTheme === path}
                onClick={() => dispatch(setTheme(path))}
              />
            );
          })}
        </div>
        <h3 className="offsidebar-heading">{t('offsidebar.layout')}</h3>
        {LAYOUT_TOGGLES.map((toggle) => (
          <Toggle key={toggle.flag} {...toggle} />
        ))}
        <h3 className="offsidebar-heading">{t('offsidebar.aside')}</h3>
        {ASIDE_TOGGLES.map((toggle) => (
          <Toggle key={toggle.flag} {...toggle} />
        ))}
      </div>

      <div
        role="tabpanel"
        id={`${idPrefix}-panel-connections`}
        aria-labelledby={`${idPrefix}-tab-connections`}
        hidden={tab !== 'connections'}
        className="p-3"
      >
        <h3 className="offsidebar-heading">{t('offsidebar.people')}</h3>
        <ul className="list-unstyled">
          {SAMPLE_PEOPLE.map((person) => (
            <li key={person.name} className="d-flex align-items-center gap-2 py-1">
              <span className={`status-dot status-${person.status}`} aria-hidden="true" />
              <span>{person.name}</span>
              <span className="ms-auto text-body-secondary small">{t(`offsidebar.status.${person.status}`)}</span>
            </li>
          ))}
        </ul>
        {SAMPLE_PROGRESS.map((bar) => (
          <div key={bar.label} className="mb-3">
            <div className="small mb-1" id={`${idPrefix}-${bar.label}`}>
              {t(bar.label)} · {bar.value}%
            </div>
            <div
              className="progress"
              role="progressbar"
              aria-labelledby={`${idPrefix}-${bar.label}`}
              aria-valuenow={bar.value}
              aria-valuemin={0}
              aria-valuemax={100}
            >
              <div className="progress-bar" style={{ width: `${bar.value}%` }} />
            </div>
          </div>
        ))}
      </div>
    </aside>
  );
}
