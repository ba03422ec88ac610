import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInstantText } from '../data/useValueFormat';
import { Link } from 'react-router-dom';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProposedOrder } from '@backroom/schema';
import { useErrorText } from '../screens/errorText';
import type { SingleScreenProps } from '../screens/webModule';
import { FormAlert } from '../ui/FormAlert';
import { Spinner } from '../ui/Spinner';
import { TitledCard } from '../ui/TitledCard';
import { lowStockApi } from './api';
import { useMenuItem } from '../i18n/useMenu';
import { Pager } from './Pager';

const PAGE_SIZE = 50;

/**
 * `lowstock`: the low-quantity triggers the scheduled check found below their minimum, with what is
 * on order, and draft delivery orders from each product's mapped warehouse for the rows chosen.
 */
export default function LowStockScreen(_props: SingleScreenProps) {
  const { t } = useTranslation();
  const when = useInstantText();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const orders = useMenuItem('printdeliveryorder');
  const [skip, setSkip] = useState(0);
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [proposed, setProposed] = useState<ProposedOrder[]>([]);
  const low = useQuery({
    queryKey: ['lowstock', skip],
    queryFn: () => lowStockApi.list({ Skip: skip, Take: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['lowstock'] });
  const check = useMutation({ mutationFn: lowStockApi.check, onSuccess: refresh });
  const propose = useMutation({
    mutationFn: () => lowStockApi.propose([...chosen]),
    onSuccess: (created) => {
      setProposed(created);
      setChosen(new Set());
      void refresh();
      void queryClient.invalidateQueries({ queryKey: ['data', 'printdeliveryorder'] });
    },
  });
  const rows = low.data?.rows ?? [];
  const canPropose = Boolean(orders?.ableToEdit);
  const toggle = (id: number) =>
    setChosen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <TitledCard
      titleId="lowstock-title"
      title={t('stock.low.title')}
      actions={
        <>
          <button
            type="button"
            className="btn btn-outline-secondary"
            disabled={check.isPending}
            onClick={() => check.mutate()}
          >
            <i className="bi bi-arrow-repeat" aria-hidden="true" /> {t('stock.low.check')}
          </button>
          {canPropose && (
            <button
              type="button"
              className="btn btn-primary"
              disabled={chosen.size === 0 || propose.isPending}
              onClick={() => propose.mutate()}
            >
              <i className="bi bi-truck" aria-hidden="true" /> {t('stock.low.propose', { count: chosen.size })}
            </button>
          )}
        </>
      }
    >
      <p className="text-body-secondary">{t('stock.low.hint')}</p>
      {check.isError && <FormAlert>{errorText(check.error)}</FormAlert>}
      {propose.isError && <FormAlert>{errorText(propose.error)}</FormAlert>}
      {proposed.length > 0 && (
        <FormAlert tone="success">
          {t('stock.low.proposed', { count: proposed.length })}{' '}
          {proposed.map((o, i) => (
            <span key={o.id}>
              {i > 0 && ', '}
              {orders ? <Link to={`${orders.path}/edit/${o.id}`}>{o.docNo}</Link> : o.docNo}
            </span>
          ))}
        </FormAlert>
      )}
      {low.isError && <FormAlert>{errorText(low.error)}</FormAlert>}
      {low.isPending ? (
        <Spinner />
      ) : rows.length === 0 ? (
        <p>{t('stock.low.none')}</p>
      ) : (
        <>
          <div className="table-responsive">
            <table className="table table-sm table-hover align-middle" aria-label={t('stock.low.title')}>
              <thead>
                <tr>
                  {canPropose && (
                    <th scope="col">
                      <span className="visually-hidden">{t('stock.low.choose')}</span>
                    </th>
                  )}
                  <th scope="col">{t('stock.virtual.location')}</th>
                  <th scope="col">{t('stock.virtual.product')}</th>
                  <th scope="col" className="text-end">
                    {t('stock.virtual.onHand')}
                  </th>
                  <th scope="col" className="text-end">
                    {t('stock.virtual.minQty')}
                  </th>
                  <th scope="col" className="text-end">
                    {t('stock.low.onOrder')}
                  </th>
                  <th scope="col">{t('stock.low.warehouse')}</th>
                  <th scope="col" className="text-end">
                    {t('stock.low.proposedQty')}
                  </th>
                  <th scope="col">{t('stock.low.since')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id}>
                    {canPropose && (
                      <td>
                        <input
                          type="checkbox"
                          className="form-check-input"
                          aria-label={t('stock.low.chooseRow', {
                            product: row.productLabel,
                            location: row.locationLabel,
                          })}
                          checked={chosen.has(row.id)}
                          disabled={row.warehouse === null || Number(row.proposedQty) <= 0}
                          onChange={() => toggle(row.id)}
                        />
                      </td>
                    )}
                    <td>{row.locationLabel}</td>
                    <th scope="row" className="fw-normal">
                      {row.productLabel}
                    </th>
                    <td className="text-end">{row.onHand}</td>
                    <td className="text-end">{row.minQty}</td>
                    <td className="text-end">{row.onOrder}</td>
                    <td>
                      {row.warehouse === null ? (
                        <span className="text-body-secondary">{t('stock.low.noWarehouse')}</span>
                      ) : (
                        `${row.warehouseLabel ?? ''} (${row.warehouseOnHand ?? '0.000'})`
                      )}
                    </td>
                    <td className="text-end">{row.proposedQty}</td>
                    <td>{when(row.lowSince)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {(low.data?.totalCount ?? 0) > PAGE_SIZE && (
            <Pager skip={skip} take={PAGE_SIZE} total={low.data?.totalCount ?? 0} onSkip={setSkip} />
          )}
        </>
      )}
    </TitledCard>
  );
}
