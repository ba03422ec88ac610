import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInstantText } from '../data/useValueFormat';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { findEntity } from '@backroom/schema';
import { apiFailure, dataApi, type ApiRow } from '../data/api';
import { ReferencePicker } from '../fields/ReferencePicker';
import { enumLabel } from '../fields/format';
import type { FormActionProps } from '../screens/webModule';
import { useErrorText } from '../screens/errorText';
import { FormAlert } from '../ui/FormAlert';
import { useMenuItem } from '../i18n/useMenu';

const movementKind = findEntity('stockmovement')!.fields.find((f) => f.name === 'kind')!;
const QUANTITY = /^\d+(\.\d{1,3})?$/;

const byProduct = (product: number) => [{ ColumnName: 'product', ColumnValue: product, Operator: 'EQ' }];

/** A section that may be hidden from the user: its rows, or why there are none. */
function useSection(entity: string, product: number, enabled: boolean, extra: Record<string, unknown> = {}) {
  return useQuery({
    queryKey: ['data', entity, 'list', { product, ...extra }],
    queryFn: () => dataApi.fetch(entity, { Take: 100, filters: byProduct(product), ...extra }),
    enabled,
  });
}

/** The product form's Stock tab: on hand per location, the latest movements, and its low-quantity triggers. */
export default function ProductStockTab({ row, item }: FormActionProps) {
  const { t, i18n } = useTranslation();
  const product = Number(row.id);
  const canSeeBalances = Boolean(useMenuItem('virtualstock'));
  const canSeeMovements = Boolean(useMenuItem('stockmovement'));
  const balances = useSection('stockbalance', product, canSeeBalances, {
    sorts: [{ ColumnName: 'location', Direction: 'ASC' }],
  });
  const movements = useSection('stockmovement', product, canSeeMovements, {
    Take: 10,
    sorts: [{ ColumnName: 'at', Direction: 'DESC' }],
  });
  const number = (value: unknown) =>
    new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 3, maximumFractionDigits: 3 }).format(Number(value));
  const when = useInstantText();

  return (
    <div className="product-stock">
      <section aria-labelledby="stock-balances" className="mb-4">
        <h3 id="stock-balances" className="h6">
          {t('stock.tab.balances')}
        </h3>
        {!canSeeBalances ? (
          <p className="text-body-secondary">{t('stock.tab.noAccess')}</p>
        ) : balances.isError ? (
          <FormAlert>{apiFailure(balances.error).message}</FormAlert>
        ) : (balances.data?.rows.length ?? 0) === 0 ? (
          <p className="text-body-secondary">{balances.isPending ? t('common.loading') : t('stock.tab.noStock')}</p>
        ) : (
          <table className="table table-sm w-auto" aria-labelledby="stock-balances">
            <thead>
              <tr>
                <th scope="col">{t('stock.virtual.location')}</th>
                <th scope="col" className="text-end">
                  {t('stock.virtual.onHand')}
                </th>
                <th scope="col">{t('stock.tab.lastMovement')}</th>
              </tr>
            </thead>
            <tbody>
              {balances.data!.rows.map((b) => (
                <tr key={String(b.id)}>
                  <th scope="row" className="fw-normal">
                    {String(b.locationLabel ?? b.location)}
                  </th>
                  <td className="text-end">{number(b.quantity)}</td>
                  <td>{when(b.lastMovementAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section aria-labelledby="stock-movements" className="mb-4">
        <h3 id="stock-movements" className="h6">
          {t('stock.tab.movements')}
        </h3>
        {!canSeeMovements ? (
          <p className="text-body-secondary">{t('stock.tab.noAccess')}</p>
        ) : (movements.data?.rows.length ?? 0) === 0 ? (
          <p className="text-body-secondary">
            {movements.isPending ? t('common.loading') : t('stock.tab.noMovements')}
          </p>
        ) : (
          <table className="table table-sm" aria-labelledby="stock-movements">
            <thead>
              <tr>
                <th scope="col">{t('stock.tab.at')}</th>
                <th scope="col">{t('stock.virtual.location')}</th>
                <th scope="col">{t('stock.tab.kind')}</th>
                <th scope="col" className="text-end">
                  {t('stock.virtual.quantity')}
                </th>
                <th scope="col" className="text-end">
                  {t('stock.tab.balanceAfter')}
                </th>
                <th scope="col">{t('stock.tab.reference')}</th>
              </tr>
            </thead>
            <tbody>
              {movements.data!.rows.map((m) => (
                <tr key={String(m.id)}>
                  <td>{when(m.at)}</td>
                  <td>{String(m.locationLabel ?? m.location)}</td>
                  <td>{enumLabel(t, movementKind, String(m.kind))}</td>
                  <td className="text-end">{number(m.quantity)}</td>
                  <td className="text-end">{m.balanceAfter === null ? '' : number(m.balanceAfter)}</td>
                  <td>{String(m.reference ?? '')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <Triggers product={product} canEdit={item.ableToEdit} canDelete={item.ableToDelete} />
    </div>
  );
}

interface Draft {
  id?: number;
  version?: number;
  location: string;
  minQty: string;
  reorderQty: string;
}

const draftOf = (r: ApiRow): Draft => ({
  id: Number(r.id),
  version: Number(r.version),
  location: String(r.location),
  minQty: String(r.minQty ?? ''),
  reorderQty: String(r.reorderQty ?? ''),
});

/** Low-quantity triggers of the product (API `ItemQuantityTrigger`), one row per location, edited in place. */
function Triggers({ product, canEdit, canDelete }: { product: number; canEdit: boolean; canDelete: boolean }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const triggers = useSection('itemquantitytrigger', product, true, {
    sorts: [{ ColumnName: 'location', Direction: 'ASC' }],
  });
  const [adding, setAdding] = useState<Draft | null>(null);
  const [edits, setEdits] = useState<Record<number, Draft>>({});
  const done = () => queryClient.invalidateQueries({ queryKey: ['data', 'itemquantitytrigger'] });
  const body = (d: Draft) => ({
    product,
    location: Number(d.location),
    minQty: d.minQty.trim() || null,
    reorderQty: d.reorderQty.trim() || null,
  });
  const save = useMutation({
    mutationFn: (d: Draft) =>
      d.id
        ? dataApi.update('itemquantitytrigger', { ...body(d), id: d.id, version: d.version })
        : dataApi.insert('itemquantitytrigger', body(d)),
    onSuccess: async (_, d) => {
      await done();
      if (d.id === undefined) setAdding(null);
      else setEdits(({ [d.id as number]: _, ...rest }) => rest);
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => dataApi.remove('itemquantitytrigger', [id]),
    onSuccess: done,
  });
  const valid = (d: Draft) =>
    d.location !== '' && [d.minQty, d.reorderQty].every((v) => v.trim() === '' || QUANTITY.test(v.trim()));
  const rows = triggers.data?.rows ?? [];

  const editor = (d: Draft, label: string, onChange: (d: Draft) => void, onCancel: () => void) => (
    <tr key={d.id ?? 'new'}>
      <td>
        <ReferencePicker
          entity="inventorylocation"
          size="sm"
          ariaLabel={t('stock.tab.locationOf', { row: label })}
          value={d.location}
          disabled={Boolean(d.id)}
          onChange={(location) => onChange({ ...d, location })}
          blank={t('form.choose')}
        />
      </td>
      {(['minQty', 'reorderQty'] as const).map((name) => (
        <td key={name}>
          <input
            className="form-control form-control-sm text-end"
            inputMode="decimal"
            aria-label={t(`stock.tab.${name}Of`, { row: label })}
            value={d[name]}
            onChange={(e) => onChange({ ...d, [name]: e.target.value })}
          />
        </td>
      ))}
      <td />
      <td className="text-end text-nowrap">
        <button
          type="button"
          className="btn btn-sm btn-primary me-1"
          disabled={!valid(d) || save.isPending}
          onClick={() => save.mutate(d)}
        >
          {t('form.save')}
        </button>
        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </td>
    </tr>
  );

  return (
    <section aria-labelledby="stock-triggers">
      <div className="d-flex align-items-center gap-2 mb-2">
        <h3 id="stock-triggers" className="h6 mb-0 me-auto">
          {t('stock.tab.triggers')}
        </h3>
        {canEdit && !adding && (
          <button
            type="button"
            className="btn btn-sm btn-outline-primary"
            onClick={() => setAdding({ location: '', minQty: '', reorderQty: '' })}
          >
            <i className="bi bi-plus-lg" aria-hidden="true" /> {t('stock.tab.addTrigger')}
          </button>
        )}
      </div>
      {save.isError && <FormAlert>{errorText(save.error)}</FormAlert>}
      {remove.isError && <FormAlert>{errorText(remove.error)}</FormAlert>}
      {rows.length === 0 && !adding ? (
        <p className="text-body-secondary">{t('stock.tab.noTriggers')}</p>
      ) : (
        <table className="table table-sm align-middle" aria-labelledby="stock-triggers">
          <thead>
            <tr>
              <th scope="col">{t('stock.virtual.location')}</th>
              <th scope="col" className="text-end">
                {t('stock.virtual.minQty')}
              </th>
              <th scope="col" className="text-end">
                {t('stock.tab.reorderQty')}
              </th>
              <th scope="col">{t('stock.tab.state')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('singles.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => {
              const id = Number(r.id);
              const label = String(r.locationLabel ?? r.location);
              if (edits[id])
                return editor(
                  edits[id],
                  label,
                  (d) => setEdits((e) => ({ ...e, [id]: d })),
                  () => setEdits(({ [id]: _, ...rest }) => rest),
                );
              return (
                <tr key={id}>
                  <th scope="row" className="fw-normal">
                    {label}
                  </th>
                  <td className="text-end">{String(r.minQty ?? '')}</td>
                  <td className="text-end">{String(r.reorderQty ?? '')}</td>
                  <td>
                    {r.lowSince ? (
                      <span className="badge text-bg-warning">{t('stock.virtual.low')}</span>
                    ) : (
                      <span className="badge text-bg-light">{t('stock.tab.ok')}</span>
                    )}
                  </td>
                  <td className="text-end text-nowrap">
                    {canEdit && (
                      <button
                        type="button"
                        className="btn btn-sm btn-outline-primary me-1"
                        aria-label={t('stock.tab.editTrigger', { row: label })}
                        onClick={() => setEdits((e) => ({ ...e, [id]: draftOf(r) }))}
                      >
                        <i className="bi bi-pencil" aria-hidden="true" />
                      </button>
                    )}
                    {canDelete && (
                      <button
                        type="button"
                        className="btn btn-sm btn-outline-danger"
                        aria-label={t('stock.tab.deleteTrigger', { row: label })}
                        disabled={remove.isPending}
                        onClick={() => remove.mutate(id)}
                      >
                        <i className="bi bi-trash" aria-hidden="true" />
                      </button>
                    )}
                  </td>
                </tr>
              );
            })}
            {adding && editor(adding, t('stock.tab.newTrigger'), setAdding, () => setAdding(null))}
          </tbody>
        </table>
      )}
    </section>
  );
}
