import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { PaletteHit } from '@backroom/schema';
import { dataApi } from '../../data/api';
import { screenFor } from '../../screens/screenRoutes';
import { useMenu } from '../../i18n/useMenu';
import { useAppDispatch } from '../../store';
import { setPagePrivilege } from '../../store/pageSlice';
import { recordItems, screenItems, type PaletteItem } from './paletteItems';

/** Typing pauses this long before the server is asked for records. */
export const SEARCH_DELAY_MS = 200;

type Records = { state: 'idle' | 'loading' | 'failed' } | { state: 'done'; hits: PaletteHit[] };

/** Records matching the text, asked of the server once typing pauses; a newer text cancels the older call. */
function useRecords(text: string): Records {
  const [records, setRecords] = useState<Records>({ state: 'idle' });
  useEffect(() => {
    const q = text.trim();
    if (!q) {
      setRecords({ state: 'idle' });
      return;
    }
    setRecords({ state: 'loading' });
    const abort = new AbortController();
    const timer = setTimeout(() => {
      dataApi.search(q, abort.signal).then(
        (hits) => setRecords({ state: 'done', hits }),
        () => abort.signal.aborted || setRecords({ state: 'failed' }),
      );
    }, SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [text]);
  return records;
}

/**
 * The command palette: a modal dialog with a combobox whose listbox offers screens (at once) and
 * records (from the server, as typing pauses). Arrows move through the options, Enter opens one,
 * Escape closes; the focus stays in the input and goes back where it was when nothing is opened.
 */
export default function CommandPalette({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  // Screens by the names the menu shows, in the current language.
  const listMenu = useMenu();
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const records = useRecords(text);

  const screens = screenItems(listMenu, text, (item) => t(`records.${screenFor(item.path)}`, { defaultValue: '' }));
  const found =
    records.state === 'done'
      ? recordItems(listMenu, records.hits, (entity) => t(`records.${entity}`, { defaultValue: entity }))
      : [];
  const items = [...screens, ...found];
  const current = Math.min(active, items.length - 1);

  const opened = useRef(false);
  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    input.current?.focus();
    return () => {
      if (!opened.current) previous?.focus();
    };
  }, []);
  useEffect(() => setActive(0), [text]);
  useEffect(() => {
    if (current >= 0) document.getElementById(`${id}-${current}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [id, current]);

  const open = (item: PaletteItem) => {
    opened.current = true;
    dispatch(setPagePrivilege(item.item));
    onClose();
    navigate(item.path);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = { ArrowDown: 1, ArrowUp: -1 };
    if (event.key in moves) {
      event.preventDefault();
      if (items.length > 0) setActive((current + moves[event.key]! + items.length) % items.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const item = items[current];
      if (item) open(item);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onClose();
    } else if (event.key === 'Tab') {
      // The input is the dialog's one stop: the focus stays in the palette.
      event.preventDefault();
    }
  };

  const status =
    text.trim() === ''
      ? t('palette.hint')
      : records.state === 'loading'
        ? t('palette.searching', { count: items.length })
        : records.state === 'failed'
          ? t('palette.failed', { count: items.length })
          : items.length === 0
            ? t('palette.none')
            : t('palette.results', { count: items.length });

  return createPortal(
    <>
      <div className="modal-backdrop show" onClick={onClose} />
      <div
        className="modal d-block command-palette"
        onClick={(event) => event.target === event.currentTarget && onClose()}
      >
        <div className="modal-dialog" role="dialog" aria-modal="true" aria-label={t('palette.title')}>
          <div className="modal-content">
            <div className="modal-header">
              <label htmlFor={`${id}-input`} className="visually-hidden">
                {t('palette.label')}
              </label>
              <i className="bi bi-search me-2" aria-hidden="true" />
              <input
                ref={input}
                id={`${id}-input`}
                type="text"
                className="form-control"
                role="combobox"
                aria-expanded={items.length > 0}
                aria-controls={`${id}-list`}
                aria-autocomplete="list"
                aria-activedescendant={items.length > 0 ? `${id}-${current}` : undefined}
                aria-describedby={`${id}-status`}
                autoComplete="off"
                spellCheck={false}
                placeholder={t('palette.placeholder')}
                value={text}
                onChange={(event) => setText(event.target.value)}
                onKeyDown={onKeyDown}
              />
            </div>
            <div className="modal-body p-0">
              <ul
                id={`${id}-list`}
                role="listbox"
                aria-label={t('palette.listLabel')}
                hidden={items.length === 0}
                className="list-unstyled mb-0 command-palette-list"
              >
                {items.map((item, i) => (
                  <li
                    key={item.key}
                    id={`${id}-${i}`}
                    role="option"
                    aria-selected={i === current}
                    className={`command-palette-option${i === current ? ' active' : ''}`}
                    onMouseMove={() => i !== current && setActive(i)}
                    onClick={() => open(item)}
                  >
                    <i className={`bi bi-${item.icon}`} aria-hidden="true" />
                    <span className="command-palette-title">{item.title}</span>
                    <span className="command-palette-kind">{item.kind}</span>
                  </li>
                ))}
              </ul>
              <p id={`${id}-status`} role="status" className="command-palette-status">
                {status}
              </p>
            </div>
          </div>
        </div>
      </div>
    </>,
    document.body,
  );
}
