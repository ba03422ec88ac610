import { useId, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { apiFailure, dataApi, type ApiRow, type Option } from '../data/api';
import { dataKeys, useRow } from '../data/hooks';
import type { EntityFormProps } from '../screens/webModule';
import { FormAlert } from '../ui/FormAlert';
import { Spinner } from '../ui/Spinner';
import { textColourOn } from '../ui/textColourOn';
import { TitledCard } from '../ui/TitledCard';

export interface HotKey {
  position: number;
  label: string;
  colour: string | null;
  action: 'product' | 'category' | 'function';
  product: number | null;
  category: number | null;
  functionName: string | null;
  productLabel?: string;
  categoryLabel?: string;
}

interface Layout {
  code: string;
  name: string;
  outlet: number | null;
  rows: number;
  columns: number;
  keys: HotKey[];
}

const ACTIONS = ['product', 'category', 'function'] as const;
const FUNCTIONS = ['discount', 'voidLine', 'priceCheck', 'openDrawer', 'holdSale', 'recallSale', 'member', 'reprint'];
const MAX = 20;

const layoutOf = (row: ApiRow | undefined): Layout => ({
  code: String(row?.code ?? ''),
  name: String(row?.name ?? ''),
  outlet: row?.outlet === null || row?.outlet === undefined ? null : Number(row.outlet),
  rows: Number(row?.rows ?? 4),
  columns: Number(row?.columns ?? 6),
  keys: ((row?.keys as HotKey[] | undefined) ?? []).map((k) => ({ ...k, position: Number(k.position) })),
});

/** Options of a dropdown, searched as the user types, with the chosen one kept in the list. */
function Lookup({ entity, label, value, chosenLabel, onChange }: { entity: string; label: string; value: number | null; chosenLabel?: string; onChange(value: number | null, label: string): void }) {
  const { t } = useTranslation();
  const id = useId();
  const [search, setSearch] = useState('');
  const options = useQuery({ queryKey: ['dropdown', entity, search], queryFn: ({ signal }) => dataApi.dropdown(entity, search, 30, signal) });
  const list: Option[] = [...(value !== null && !(options.data ?? []).some((o) => Number(o.value) === value) ? [{ value, label: chosenLabel ?? String(value) }] : []), ...(options.data ?? [])];
  return (
    <div className="mb-2">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <input type="search" className="form-control form-control-sm mb-1" placeholder={t('terminals.hotkey.search')} aria-label={t('terminals.hotkey.searchFor', { label })} value={search} onChange={(e) => setSearch(e.target.value)} />
      <select id={id} className="form-select form-select-sm" value={value ?? ''} onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value), e.target.selectedOptions[0]?.text ?? '')}>
        <option value="">—</option>
        {list.map((o) => (
          <option key={String(o.value)} value={String(o.value)}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The editor of one key: what it does, its label and colour. */
function KeyEditor({ value, position, canEdit, onChange, onClear }: { value: HotKey | undefined; position: number; canEdit: boolean; onChange(key: HotKey): void; onClear(): void }) {
  const { t } = useTranslation();
  const ids = { label: useId(), colour: useId(), action: useId(), fn: useId() };
  const current: HotKey = value ?? { position, label: '', colour: '#0d6efd', action: 'product', product: null, category: null, functionName: null };
  const set = (patch: Partial<HotKey>) => onChange({ ...current, ...patch });
  return (
    <fieldset disabled={!canEdit} className="border rounded p-3" aria-label={t('terminals.hotkey.editing', { n: position + 1 })}>
      <legend className="h6 float-none w-auto px-1">{t('terminals.hotkey.editing', { n: position + 1 })}</legend>
      <div className="mb-2">
        <label htmlFor={ids.action} className="form-label">
          {t('terminals.hotkey.action')}
        </label>
        <select id={ids.action} className="form-select form-select-sm" value={current.action} onChange={(e) => set({ action: e.target.value as HotKey['action'] })}>
          {ACTIONS.map((a) => (
            <option key={a} value={a}>
              {t(`terminals.hotkey.actions.${a}`)}
            </option>
          ))}
        </select>
      </div>
      {current.action === 'product' && (
        <Lookup entity="product" label={t('terminals.hotkey.product')} value={current.product} chosenLabel={current.productLabel} onChange={(product, label) => set({ product, productLabel: label, label: current.label || label.split(' - ').pop()!.slice(0, 30) })} />
      )}
      {current.action === 'category' && (
        <Lookup entity="category" label={t('terminals.hotkey.category')} value={current.category} chosenLabel={current.categoryLabel} onChange={(category, label) => set({ category, categoryLabel: label, label: current.label || label.split(' - ').pop()!.slice(0, 30) })} />
      )}
      {current.action === 'function' && (
        <div className="mb-2">
          <label htmlFor={ids.fn} className="form-label">
            {t('terminals.hotkey.function')}
          </label>
          <select id={ids.fn} className="form-select form-select-sm" value={current.functionName ?? ''} onChange={(e) => set({ functionName: e.target.value || null, label: current.label || e.target.selectedOptions[0]!.text.slice(0, 30) })}>
            <option value="">—</option>
            {FUNCTIONS.map((f) => (
              <option key={f} value={f}>
                {t(`terminals.hotkey.functions.${f}`)}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="mb-2">
        <label htmlFor={ids.label} className="form-label">
          {t('terminals.hotkey.label')}
        </label>
        <input id={ids.label} className="form-control form-control-sm" maxLength={30} value={current.label} onChange={(e) => set({ label: e.target.value })} />
      </div>
      <div className="mb-3">
        <label htmlFor={ids.colour} className="form-label">
          {t('terminals.hotkey.colour')}
        </label>
        <input id={ids.colour} type="color" className="form-control form-control-color" value={current.colour ?? '#0d6efd'} onChange={(e) => set({ colour: e.target.value })} />
      </div>
      {value && (
        <button type="button" className="btn btn-sm btn-outline-danger" onClick={onClear}>
          {t('terminals.hotkey.clear')}
        </button>
      )}
    </fieldset>
  );
}

/**
 * The `hotkey` form: a layout's keys as the till shows them, a grid of rows × columns. Clicking a
 * key opens its editor (product, category or function, label and colour); keys outside the grid
 * are dropped on save.
 */
export default function HotkeyForm({ entity, item, mode, title }: EntityFormProps) {
  const { t } = useTranslation();
  const params = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const id = mode === 'edit' ? Number(params.id) : undefined;
  const stored = useRow(entity.name, id);
  const [layout, setLayout] = useState<Layout>(() => layoutOf(stored.data));
  const [chosen, setChosen] = useState<number | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [saved, setSaved] = useState(false);
  const ids = { code: useId(), name: useId(), rows: useId(), columns: useId() };
  const canEdit = item.ableToEdit;

  // The saved layout replaces the defaults while rendering (not in an effect), so the defaults are
  // never drawn over a saved layout, not even for one frame.
  const [shown, setShown] = useState(stored.data);
  if (stored.data && stored.data !== shown) {
    setShown(stored.data);
    setLayout(layoutOf(stored.data));
  }

  if (mode === 'edit' && stored.isPending) return <Spinner />;
  if (mode === 'edit' && stored.isError) return <FormAlert>{apiFailure(stored.error).message}</FormAlert>;

  const cells = layout.rows * layout.columns;
  const keyAt = (position: number) => layout.keys.find((k) => k.position === position);
  const put = (key: HotKey) => setLayout((l) => ({ ...l, keys: [...l.keys.filter((k) => k.position !== key.position), key] }));
  const clear = (position: number) => setLayout((l) => ({ ...l, keys: l.keys.filter((k) => k.position !== position) }));
  const size = (name: 'rows' | 'columns', value: string) => setLayout((l) => ({ ...l, [name]: Math.max(1, Math.min(MAX, Number(value) || 1)) }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors([]);
    setSaved(false);
    const keys = layout.keys
      .filter((k) => k.position < cells && k.label.trim() !== '')
      .sort((a, b) => a.position - b.position)
      .map(({ productLabel: _p, categoryLabel: _c, ...k }) => ({ ...k, product: k.action === 'product' ? k.product : null, category: k.action === 'category' ? k.category : null, functionName: k.action === 'function' ? k.functionName : null }));
    const body = { code: layout.code, name: layout.name, outlet: layout.outlet, rows: layout.rows, columns: layout.columns, keys };
    try {
      const row = stored.data ? await dataApi.update(entity.name, { ...body, id: stored.data.id, version: stored.data.version }) : await dataApi.insert(entity.name, body);
      void queryClient.invalidateQueries({ queryKey: ['data', entity.name] });
      queryClient.setQueryData(dataKeys.row(entity.name, Number(row.id)), row);
      if (mode === 'add') navigate(`${item.path}/edit/${String(row.id)}`, { replace: true });
      else setSaved(true);
    } catch (error) {
      const failure = apiFailure(error);
      setErrors(failure.errors.length > 0 ? failure.errors.map((e) => (e.field ? `${e.field}: ${e.message}` : e.message)) : [failure.message]);
    }
  };

  return (
    <TitledCard
      titleId="screen-title"
      title={mode === 'add' ? t('form.addTitle', { title }) : t('form.editTitle', { title })}
      className="form-screen"
      actions={
        <Link to={item.path} className="btn btn-outline-secondary">
          <i className="bi bi-arrow-left" aria-hidden="true" /> {t('form.backToList')}
        </Link>
      }
    >
      <form onSubmit={submit} noValidate>
        {errors.length > 0 && (
          <FormAlert>
            {errors.map((e) => (
              <div key={e}>{e}</div>
            ))}
          </FormAlert>
        )}
        {saved && <FormAlert tone="success">{t('terminals.saved')}</FormAlert>}
        <fieldset disabled={!canEdit} className="row g-3 mb-3">
          <div className="col-md-3">
            <label htmlFor={ids.code} className="form-label">
              {t('terminals.hotkey.code')}
            </label>
            <input id={ids.code} className="form-control" value={layout.code} onChange={(e) => setLayout({ ...layout, code: e.target.value })} />
          </div>
          <div className="col-md-5">
            <label htmlFor={ids.name} className="form-label">
              {t('terminals.hotkey.name')}
            </label>
            <input id={ids.name} className="form-control" value={layout.name} onChange={(e) => setLayout({ ...layout, name: e.target.value })} />
          </div>
          <div className="col-md-2">
            <label htmlFor={ids.rows} className="form-label">
              {t('terminals.hotkey.rows')}
            </label>
            <input id={ids.rows} type="number" min={1} max={MAX} className="form-control" value={layout.rows} onChange={(e) => size('rows', e.target.value)} />
          </div>
          <div className="col-md-2">
            <label htmlFor={ids.columns} className="form-label">
              {t('terminals.hotkey.columns')}
            </label>
            <input id={ids.columns} type="number" min={1} max={MAX} className="form-control" value={layout.columns} onChange={(e) => size('columns', e.target.value)} />
          </div>
        </fieldset>
        <div className="row g-3">
          <div className="col-lg-8">
            <div role="grid" aria-label={t('terminals.hotkey.grid')} className="d-grid gap-1" style={{ gridTemplateColumns: `repeat(${layout.columns}, minmax(0, 1fr))` }}>
              {Array.from({ length: layout.rows }, (_, r) => (
                <div role="row" key={r} className="d-contents" style={{ display: 'contents' }}>
                  {Array.from({ length: layout.columns }, (_, c) => {
                    const position = r * layout.columns + c;
                    const key = keyAt(position);
                    return (
                      <button
                        key={position}
                        type="button"
                        role="gridcell"
                        aria-selected={chosen === position}
                        aria-label={key ? t('terminals.hotkey.keyLabel', { n: position + 1, label: key.label }) : t('terminals.hotkey.emptyKey', { n: position + 1 })}
                        className={`btn btn-sm text-truncate ${chosen === position ? 'border-3 border-dark' : 'border'}`}
                        style={{ minHeight: 56, background: key?.colour ?? undefined, color: key?.colour ? textColourOn(key.colour) : undefined }}
                        onClick={() => setChosen(position)}
                      >
                        {key?.label ?? '+'}
                      </button>
                    );
                  })}
                </div>
              ))}
            </div>
          </div>
          <div className="col-lg-4">
            {chosen !== null && chosen < cells ? (
              <KeyEditor key={String(chosen)} value={keyAt(chosen)} position={chosen} canEdit={canEdit} onChange={put} onClear={() => clear(chosen)} />
            ) : (
              <p className="text-body-secondary">{t('terminals.hotkey.pick')}</p>
            )}
          </div>
        </div>
        {canEdit && (
          <button type="submit" className="btn btn-primary mt-3">
            {t('terminals.save')}
          </button>
        )}
      </form>
    </TitledCard>
  );
}
