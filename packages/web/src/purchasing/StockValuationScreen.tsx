import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiFailure } from '../data/api';
import { useHiddenFieldGroups } from '../data/fieldGroups';
import type { SingleScreenProps } from '../screens/webModule';
import { FormAlert } from '../ui/FormAlert';
import { Spinner } from '../ui/Spinner';
import { TitledCard } from '../ui/TitledCard';
import { valuationApi } from './api';
import { AppliedTemporalInput } from '../fields/AppliedTemporalInput';

const today = () => new Date().toISOString().slice(0, 10);

/**
 * Stock valuation at a date: per location and category, the ledger's quantity × the average cost then;
 * CSV export. Values are costs: a role that may not see them is told so, and nothing is asked.
 */
export default function StockValuationScreen({ item }: SingleScreenProps) {
  const { t } = useTranslation();
  const withoutCosts = useHiddenFieldGroups().has('costs');
  if (withoutCosts)
    return (
      <TitledCard titleId="screen-title" title={item.name} className="stock-valuation">
        <p role="status">{t('purchasing.valuation.noCosts')}</p>
      </TitledCard>
    );
  return <Valuation title={item.name} />;
}

function Valuation({ title }: { title: string }) {
  const { t } = useTranslation();
  const [date, setDate] = useState(today);
  const valuation = useQuery({
    queryKey: ['stockvaluation', date],
    queryFn: () => valuationApi.fetch(date),
    enabled: date !== '',
  });
  const exported = useMutation({ mutationFn: (by: 'category' | 'product') => valuationApi.export(date, by) });
  return (
    <TitledCard titleId="screen-title" title={title} className="stock-valuation">
      <p className="text-body-secondary">{t('purchasing.valuation.hint')}</p>
      <div className="d-flex flex-wrap align-items-end gap-2 mb-3">
        <div>
          <label className="form-label" htmlFor="valuation-date">
            {t('purchasing.valuation.date')}
          </label>
          <AppliedTemporalInput id="valuation-date" className="form-control" value={date} onApply={setDate} />
        </div>
        <button
          type="button"
          className="btn btn-outline-secondary"
          disabled={exported.isPending}
          onClick={() => exported.mutate('category')}
        >
          <i className="bi bi-download" aria-hidden="true" /> {t('purchasing.valuation.export')}
        </button>
        <button
          type="button"
          className="btn btn-outline-secondary"
          disabled={exported.isPending}
          onClick={() => exported.mutate('product')}
        >
          <i className="bi bi-download" aria-hidden="true" /> {t('purchasing.valuation.exportProducts')}
        </button>
      </div>
      {exported.isError && <FormAlert tone="danger">{apiFailure(exported.error).message}</FormAlert>}
      {valuation.isError && <FormAlert tone="danger">{apiFailure(valuation.error).message}</FormAlert>}
      {valuation.isPending && valuation.fetchStatus !== 'idle' ? (
        <Spinner />
      ) : (
        valuation.data && (
          <table className="table table-sm" aria-label={t('purchasing.valuation.table', { date: valuation.data.date })}>
            <thead>
              <tr>
                <th scope="col">{t('purchasing.valuation.location')}</th>
                <th scope="col">{t('purchasing.valuation.category')}</th>
                <th scope="col" className="text-end">
                  {t('purchasing.valuation.products')}
                </th>
                <th scope="col" className="text-end">
                  {t('purchasing.valuation.quantity')}
                </th>
                <th scope="col" className="text-end">
                  {t('purchasing.valuation.value')}
                </th>
              </tr>
            </thead>
            <tbody>
              {valuation.data.rows.map((r) => (
                <tr key={`${r.location}:${String(r.category)}`}>
                  <td>{r.locationLabel}</td>
                  <td>{r.categoryLabel ?? ''}</td>
                  <td className="text-end">{r.products}</td>
                  <td className="text-end">{r.quantity}</td>
                  <td className="text-end">{r.value}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={4}>
                  {t('purchasing.valuation.total')}
                </th>
                <td className="text-end fw-bold" data-testid="valuation-total">
                  {valuation.data.total}
                </td>
              </tr>
            </tfoot>
          </table>
        )
      )}
    </TitledCard>
  );
}
