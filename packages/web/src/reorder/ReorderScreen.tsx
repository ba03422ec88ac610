import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReorderRow } from '@backroom/schema';
import { apiFailure } from '../data/api';
import type { SingleScreenProps } from '../screens/webModule';
import { FormAlert } from '../ui/FormAlert';
import { Spinner } from '../ui/Spinner';
import { TitledCard } from '../ui/TitledCard';
import { reorderApi } from './api';

const keyOf = (r: ReorderRow) => `${r.location}:${r.product}`;
const days = (text: string) => {
  const n = Number(text);
  return Number.isInteger(n) && n >= 0 && n <= 365 ? n : undefined;
};

/** Suggested quantities per supplier, each figure explained; the selected lines become draft purchase orders. */
export default function ReorderScreen({ item }: SingleScreenProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [velocityText, setVelocityText] = useState('28');
  const [coverText, setCoverText] = useState('14');
  const velocityDays = days(velocityText);
  const coverDays = days(coverText);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const suggestions = useQuery({
    queryKey: ['reorder', velocityDays, coverDays],
    queryFn: () => reorderApi.suggest({ velocityDays, coverDays }),
    enabled: velocityDays !== undefined && velocityDays > 0 && coverDays !== undefined,
  });
  const rows = useMemo(() => suggestions.data?.rows ?? [], [suggestions.data]);
  const groups = useMemo(() => {
    const by = new Map<string, ReorderRow[]>();
    for (const r of rows) {
      const name = r.supplierLabel ?? t('reorder.noSupplier');
      by.set(name, [...(by.get(name) ?? []), r]);
    }
    return [...by.entries()];
  }, [rows, t]);
  const create = useMutation({
    mutationFn: () =>
      reorderApi.create({
        lines: rows
          .filter((r) => selected.has(keyOf(r)))
          .map((r) => ({
            product: r.product,
            location: r.location,
            supplier: r.supplier,
            quantity: quantities[keyOf(r)] ?? r.suggested,
          })),
      }),
    onSuccess: () => {
      setSelected(new Set());
      void client.invalidateQueries({ queryKey: ['reorder'] });
    },
  });
  const toggle = (keys: string[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const k of keys)
        if (on) next.add(k);
        else next.delete(k);
      return next;
    });
  const explain = (r: ReorderRow) =>
    t('reorder.explain', {
      sold: r.sold,
      velocityDays: suggestions.data?.velocityDays,
      velocity: r.velocity,
      lead: r.leadTimeDays,
      cover: r.coverDays,
      demand: r.demand,
      target: r.target,
      position: r.position,
      needed: r.needed,
    }) +
    (r.minQty ? ` ${t('reorder.explainMin', { min: r.minQty, reorder: r.reorderQty ?? '0.000' })}` : '') +
    (r.packSize ? ` ${t('reorder.explainPack', { pack: r.packSize, suggested: r.suggested })}` : '');
  return (
    <TitledCard titleId="screen-title" title={item.name} className="reorder">
      <p className="text-body-secondary">{t('reorder.hint')}</p>
      <div className="d-flex flex-wrap align-items-end gap-2 mb-3">
        <div>
          <label className="form-label" htmlFor="reorder-velocity">
            {t('reorder.velocityDays')}
          </label>
          <input
            id="reorder-velocity"
            type="number"
            min={1}
            max={365}
            className="form-control"
            value={velocityText}
            onChange={(e) => setVelocityText(e.target.value)}
          />
        </div>
        <div>
          <label className="form-label" htmlFor="reorder-cover">
            {t('reorder.coverDays')}
          </label>
          <input
            id="reorder-cover"
            type="number"
            min={0}
            max={365}
            className="form-control"
            value={coverText}
            onChange={(e) => setCoverText(e.target.value)}
          />
        </div>
        <button
          type="button"
          className="btn btn-primary"
          disabled={selected.size === 0 || create.isPending}
          onClick={() => create.mutate()}
        >
          <i className="bi bi-cart-plus" aria-hidden="true" /> {t('reorder.create', { count: selected.size })}
        </button>
      </div>
      {create.isError && <FormAlert tone="danger">{apiFailure(create.error).message}</FormAlert>}
      {create.data && (
        <FormAlert tone="success">
          {t('reorder.created', { orders: create.data.map((o) => o.docNo).join(', ') })}
        </FormAlert>
      )}
      {suggestions.isError && <FormAlert tone="danger">{apiFailure(suggestions.error).message}</FormAlert>}
      {suggestions.isPending && suggestions.fetchStatus !== 'idle' ? (
        <Spinner />
      ) : rows.length === 0 ? (
        <p>{t('reorder.none')}</p>
      ) : (
        groups.map(([supplier, lines]) => {
          const orderable = lines.filter((r) => r.supplier !== null).map(keyOf);
          const all = orderable.length > 0 && orderable.every((k) => selected.has(k));
          return (
            <table key={supplier} className="table table-sm align-middle" aria-label={supplier}>
              <caption className="caption-top fw-bold">{supplier}</caption>
              <thead>
                <tr>
                  <th scope="col">
                    <input
                      type="checkbox"
                      className="form-check-input"
                      aria-label={t('reorder.selectSupplier', { supplier })}
                      disabled={orderable.length === 0}
                      checked={all}
                      onChange={(e) => toggle(orderable, e.target.checked)}
                    />
                  </th>
                  <th scope="col">{t('reorder.product')}</th>
                  <th scope="col">{t('reorder.location')}</th>
                  <th scope="col" className="text-end">
                    {t('reorder.onHand')}
                  </th>
                  <th scope="col" className="text-end">
                    {t('reorder.inTransit')}
                  </th>
                  <th scope="col" className="text-end">
                    {t('reorder.onOrder')}
                  </th>
                  <th scope="col" className="text-end">
                    {t('reorder.velocity')}
                  </th>
                  <th scope="col" className="text-end">
                    {t('reorder.leadTime')}
                  </th>
                  <th scope="col" className="text-end">
                    {t('reorder.target')}
                  </th>
                  <th scope="col" className="text-end">
                    {t('reorder.pack')}
                  </th>
                  <th scope="col" className="text-end">
                    {t('reorder.suggested')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {lines.map((r) => {
                  const key = keyOf(r);
                  return (
                    <tr key={key}>
                      <td>
                        <input
                          type="checkbox"
                          className="form-check-input"
                          aria-label={t('reorder.select', { product: r.productLabel, location: r.locationLabel })}
                          disabled={r.supplier === null}
                          checked={selected.has(key)}
                          onChange={(e) => toggle([key], e.target.checked)}
                        />
                      </td>
                      <td>
                        {r.productLabel}
                        <div className="small text-body-secondary">{explain(r)}</div>
                      </td>
                      <td>{r.locationLabel}</td>
                      <td className="text-end">{r.onHand}</td>
                      <td className="text-end">{r.inTransit}</td>
                      <td className="text-end">{r.onOrder}</td>
                      <td className="text-end">{r.velocity}</td>
                      <td className="text-end">{r.leadTimeDays}</td>
                      <td className="text-end">{r.target}</td>
                      <td className="text-end">{r.packSize ?? ''}</td>
                      <td className="text-end">
                        <input
                          className="form-control form-control-sm text-end"
                          inputMode="decimal"
                          aria-label={t('reorder.quantity', { product: r.productLabel })}
                          value={quantities[key] ?? r.suggested}
                          onChange={(e) => setQuantities((q) => ({ ...q, [key]: e.target.value }))}
                        />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          );
        })
      )}
    </TitledCard>
  );
}
