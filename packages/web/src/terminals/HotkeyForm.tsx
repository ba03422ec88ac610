import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useWatch, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { dataApi, type ApiRow, type Option } from '../data/api';
import { problemText } from '../fields/format';
import { FormRow } from '../screens/FormScreen';
import { formHeading } from '../screens/recordName';
import { SaveProblems } from '../screens/SaveProblems';
import { useFormController } from '../screens/useFormController';
import type { EntityFormProps } from '../screens/webModule';
import { FormAlert } from '../ui/FormAlert';
import { textColourOn } from '../ui/textColourOn';
import { TextField } from '../ui/TextField';
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
  rows: number;
  columns: number;
  keys: HotKey[];
}

const ACTIONS = ['product', 'category', 'function'] as const;
const FUNCTIONS = ['discount', 'voidLine', 'priceCheck', 'openDrawer', 'holdSale', 'recallSale', 'member', 'reprint'];
const MAX = 20;

const idOrNull = (value: unknown) => (value === null || value === undefined || value === '' ? null : Number(value));

/** The layout as the grid draws it, from the form's values (numbers as typed, blanks as none). */
const layoutOf = (values: FieldValues): Layout => ({
  rows: Number(values.rows) || 1,
  columns: Number(values.columns) || 1,
  keys: ((values.keys as Record<string, unknown>[] | undefined) ?? []).map((k) => ({
    ...(k as unknown as HotKey),
    position: Number(k.position),
    colour: (k.colour as string | null) || null,
    product: idOrNull(k.product),
    category: idOrNull(k.category),
    functionName: (k.functionName as string | null) || null,
  })),
});

/** What is checked and saved: the keys on the grid that have a label, in order, each with only what its action uses. */
const onGrid = (values: FieldValues): FieldValues => {
  const { rows, columns, keys } = layoutOf(values);
  return {
    ...values,
    keys: keys
      .filter((k) => k.position < rows * columns && k.label.trim() !== '')
      .sort((a, b) => a.position - b.position)
      .map(({ productLabel: _p, categoryLabel: _c, ...k }) => ({
        ...k,
        product: k.action === 'product' ? k.product : null,
        category: k.action === 'category' ? k.category : null,
        functionName: k.action === 'function' ? k.functionName : null,
      })),
  };
};

/** Options of a dropdown, searched as the user types, with the chosen one kept in the list. */
function Lookup({
  entity,
  label,
  value,
  chosenLabel,
  onChange,
}: {
  entity: string;
  label: string;
  value: number | null;
  chosenLabel?: string;
  onChange(value: number | null, label: string): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [search, setSearch] = useState('');
  const options = useQuery({
    queryKey: ['dropdown', entity, search],
    queryFn: ({ signal }) => dataApi.dropdown(entity, search, 30, signal),
  });
  const list: Option[] = [
    ...(value !== null && !(options.data ?? []).some((o) => Number(o.value) === value)
      ? [{ value, label: chosenLabel ?? String(value) }]
      : []),
    ...(options.data ?? []),
  ];
  return (
    <div className="mb-2">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <input
        type="search"
        className="form-control form-control-sm mb-1"
        placeholder={t('terminals.hotkey.search')}
        aria-label={t('terminals.hotkey.searchFor', { label })}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      <select
        id={id}
        className="form-select form-select-sm"
        value={value ?? ''}
        onChange={(e) =>
          onChange(e.target.value === '' ? null : Number(e.target.value), e.target.selectedOptions[0]?.text ?? '')
        }
      >
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
function KeyEditor({
  value,
  position,
  canEdit,
  onChange,
  onClear,
}: {
  value: HotKey | undefined;
  position: number;
  canEdit: boolean;
  onChange(key: HotKey): void;
  onClear(): void;
}) {
  const { t } = useTranslation();
  const ids = { label: useId(), colour: useId(), action: useId(), fn: useId() };
  const current: HotKey = value ?? {
    position,
    label: '',
    colour: '#0d6efd',
    action: 'product',
    product: null,
    category: null,
    functionName: null,
  };
  const set = (patch: Partial<HotKey>) => onChange({ ...current, ...patch });
  return (
    <fieldset
      disabled={!canEdit}
      className="border rounded p-3"
      aria-label={t('terminals.hotkey.editing', { n: position + 1 })}
    >
      <legend className="h6 float-none w-auto px-1">{t('terminals.hotkey.editing', { n: position + 1 })}</legend>
      <div className="mb-2">
        <label htmlFor={ids.action} className="form-label">
          {t('terminals.hotkey.action')}
        </label>
        <select
          id={ids.action}
          className="form-select form-select-sm"
          value={current.action}
          onChange={(e) => set({ action: e.target.value as HotKey['action'] })}
        >
          {ACTIONS.map((a) => (
            <option key={a} value={a}>
              {t(`terminals.hotkey.actions.${a}`)}
            </option>
          ))}
        </select>
      </div>
      {current.action === 'product' && (
        <Lookup
          entity="product"
          label={t('terminals.hotkey.product')}
          value={current.product}
          chosenLabel={current.productLabel}
          onChange={(product, label) =>
            set({ product, productLabel: label, label: current.label || label.split(' - ').pop()!.slice(0, 30) })
          }
        />
      )}
      {current.action === 'category' && (
        <Lookup
          entity="category"
          label={t('terminals.hotkey.category')}
          value={current.category}
          chosenLabel={current.categoryLabel}
          onChange={(category, label) =>
            set({ category, categoryLabel: label, label: current.label || label.split(' - ').pop()!.slice(0, 30) })
          }
        />
      )}
      {current.action === 'function' && (
        <div className="mb-2">
          <label htmlFor={ids.fn} className="form-label">
            {t('terminals.hotkey.function')}
          </label>
          <select
            id={ids.fn}
            className="form-select form-select-sm"
            value={current.functionName ?? ''}
            onChange={(e) =>
              set({
                functionName: e.target.value || null,
                label: current.label || e.target.selectedOptions[0]!.text.slice(0, 30),
              })
            }
          >
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
        <input
          id={ids.label}
          className="form-control form-control-sm"
          maxLength={30}
          value={current.label}
          onChange={(e) => set({ label: e.target.value })}
        />
      </div>
      <div className="mb-3">
        <label htmlFor={ids.colour} className="form-label">
          {t('terminals.hotkey.colour')}
        </label>
        <input
          id={ids.colour}
          type="color"
          className="form-control form-control-color"
          value={current.colour || '#0d6efd'}
          onChange={(e) => set({ colour: e.target.value })}
        />
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
 * are dropped on save. The generic form's controller keeps the values, the checks, the
 * unsaved-changes guard and the save.
 */
export default function HotkeyForm({ entity, item, mode, title }: EntityFormProps) {
  return (
    <FormRow entity={entity} item={item} mode={mode}>
      {(loaded) => <LayoutForm {...loaded} item={item} mode={mode} title={title} />}
    </FormRow>
  );
}

function LayoutForm({
  entity,
  item,
  mode,
  title,
  row,
  onReload,
}: EntityFormProps & { row?: ApiRow; onReload(): Promise<void> }) {
  const { t } = useTranslation();
  const ctl = useFormController({ entity, item, mode, row, prepare: onGrid });
  const { form, canEdit } = ctl;
  const errors = form.formState.errors;
  const layout = layoutOf(useWatch({ control: form.control }));
  const [chosen, setChosen] = useState<number | null>(null);

  const cells = layout.rows * layout.columns;
  const keyAt = (position: number) => layout.keys.find((k) => k.position === position);
  const setKeys = (keys: HotKey[]) => form.setValue('keys', keys, { shouldDirty: true });
  const put = (key: HotKey) => setKeys([...layout.keys.filter((k) => k.position !== key.position), key]);
  const clear = (position: number) => setKeys(layout.keys.filter((k) => k.position !== position));
  const size = (name: 'rows' | 'columns', value: string) =>
    form.setValue(name, Math.max(1, Math.min(MAX, Number(value) || 1)), { shouldDirty: true });
  // Problems of single keys, with the row they are in (the server and the checks name them `keys.1.label`).
  const keyProblems = Object.entries(
    (errors.keys ?? {}) as Record<string, Record<string, { message?: string } | undefined> | undefined>,
  ).flatMap(([index, key]) =>
    Object.entries(key ?? {}).flatMap(([field, problem]) =>
      problem?.message ? [problemText(t, entity, `keys.${index}.${field}`, problem.message)] : [],
    ),
  );

  return (
    <TitledCard
      titleId="screen-title"
      title={formHeading(t, { entity, title, mode, row, canEdit })}
      className="form-screen"
      actions={
        <Link to={item.path} className="btn btn-outline-secondary">
          <i className="bi bi-arrow-left" aria-hidden="true" /> {t('form.backToList')}
        </Link>
      }
      dialogs={ctl.guard}
    >
      <form onSubmit={(event) => void ctl.submit()(event)} noValidate>
        <SaveProblems ctl={ctl} onReload={() => void onReload()} />
        {keyProblems.length > 0 && (
          <FormAlert>
            {keyProblems.map((e) => (
              <div key={e}>{e}</div>
            ))}
          </FormAlert>
        )}
        {ctl.saved && !form.formState.isDirty && <FormAlert tone="success">{t('terminals.saved')}</FormAlert>}
        <fieldset disabled={!canEdit || ctl.isSubmitting} className="row g-3 mb-3">
          <TextField
            className="col-md-3"
            label={t('terminals.hotkey.code')}
            registration={form.register('code')}
            error={errors.code?.message as string | undefined}
          />
          <TextField
            className="col-md-5"
            label={t('terminals.hotkey.name')}
            registration={form.register('name')}
            error={errors.name?.message as string | undefined}
          />
          <TextField
            className="col-md-2"
            label={t('terminals.hotkey.rows')}
            type="number"
            min={1}
            max={MAX}
            value={layout.rows}
            onChange={(e) => size('rows', e.target.value)}
            error={errors.rows?.message as string | undefined}
          />
          <TextField
            className="col-md-2"
            label={t('terminals.hotkey.columns')}
            type="number"
            min={1}
            max={MAX}
            value={layout.columns}
            onChange={(e) => size('columns', e.target.value)}
            error={errors.columns?.message as string | undefined}
          />
        </fieldset>
        <div className="row g-3">
          <div className="col-lg-8">
            <div
              role="grid"
              aria-label={t('terminals.hotkey.grid')}
              className="d-grid gap-1"
              style={{ gridTemplateColumns: `repeat(${layout.columns}, minmax(0, 1fr))` }}
            >
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
                        aria-label={
                          key
                            ? t('terminals.hotkey.keyLabel', { n: position + 1, label: key.label })
                            : t('terminals.hotkey.emptyKey', { n: position + 1 })
                        }
                        className={`btn btn-sm text-truncate ${chosen === position ? 'border-3 border-dark' : 'border'}`}
                        style={{
                          minHeight: 56,
                          background: key?.colour ?? undefined,
                          color: key?.colour ? textColourOn(key.colour) : undefined,
                        }}
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
              <KeyEditor
                key={String(chosen)}
                value={keyAt(chosen)}
                position={chosen}
                canEdit={canEdit}
                onChange={put}
                onClear={() => clear(chosen)}
              />
            ) : (
              <p className="text-body-secondary">{t('terminals.hotkey.pick')}</p>
            )}
          </div>
        </div>
        {canEdit && (
          <button type="submit" className="btn btn-primary mt-3" disabled={ctl.isSubmitting}>
            {t('terminals.save')}
          </button>
        )}
      </form>
    </TitledCard>
  );
}
