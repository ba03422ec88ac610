import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getEntity, type PriceDifferenceTotal, type ReportPeriod } from '@backroom/schema';
import { apiFailure } from '../data/api';
import { useOutletDropdown } from '../data/hooks';
import { FieldProblem } from '../ui/FieldProblem';
import { ListScreen } from '../screens/ListScreen';
import type { EntityListProps } from '../screens/webModule';
import { FormAlert } from '../ui/FormAlert';
import { Spinner } from '../ui/Spinner';
import { TitledCard } from '../ui/TitledCard';
import { terminalsApi } from './api';
import { dayFromToday, PeriodFields } from './PeriodFields';

const cents = (value: string) => Math.round(Number(value) * 100);

/**
 * `saledifference` (Price differences): what the tills charged against what the pricing engine
 * expected, summed per outlet, terminal, cashier and day with a total for the period and outlet
 * chosen; below, every difference with its reason (the registry's list: filters, export).
 */
export default function PriceDifferencesScreen({ item, title }: EntityListProps) {
  const { t, i18n } = useTranslation();
  const outletId = useId();
  const [range, setRange] = useState<ReportPeriod>({
    from: dayFromToday(-29),
    to: dayFromToday(1),
  });
  const outlets = useOutletDropdown();
  const totals = useQuery({
    queryKey: ['pricedifferences', range],
    queryFn: () => terminalsApi.priceDifferences(range),
  });
  const money = (minor: number) =>
    (minor / 100).toLocaleString(i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const sum = (rows: PriceDifferenceTotal[], pick: (r: PriceDifferenceTotal) => string) =>
    rows.reduce((a, r) => a + cents(pick(r)), 0);
  const failure = totals.error ? apiFailure(totals.error) : null;
  const rows = totals.data ?? [];
  return (
    <>
      <TitledCard titleId="pricedifferences-totals" title={t('terminals.differences.totals')}>
        <form className="row g-2 align-items-end mb-3" onSubmit={(event) => event.preventDefault()} noValidate>
          <PeriodFields period={range} onChange={setRange} />
          <div className="col-auto">
            <label htmlFor={outletId} className="form-label">
              {t('terminals.differences.outlet')}
            </label>
            <select
              id={outletId}
              className="form-select"
              value={range.outlet ?? ''}
              onChange={(e) =>
                setRange({ ...range, outlet: e.target.value === '' ? undefined : Number(e.target.value) })
              }
              aria-describedby={outlets.error && `${outletId}-error`}
            >
              <option value="">{t('terminals.differences.allOutlets')}</option>
              {outlets.options.map((o) => (
                <option key={String(o.value)} value={String(o.value)}>
                  {o.label}
                </option>
              ))}
            </select>
            <FieldProblem id={`${outletId}-error`} text={outlets.error} />
          </div>
        </form>
        {failure && (
          <FormAlert>
            {failure.errors.length > 0 ? failure.errors.map((e) => e.message).join(' ') : failure.message}
          </FormAlert>
        )}
        {totals.isPending && <Spinner />}
        {totals.data && (
          <div className="table-responsive">
            <table className="table table-sm" aria-label={t('terminals.differences.totals')}>
              <thead>
                <tr>
                  <th scope="col">{t('terminals.differences.day')}</th>
                  <th scope="col">{t('terminals.differences.outlet')}</th>
                  <th scope="col">{t('terminals.differences.terminal')}</th>
                  <th scope="col">{t('terminals.differences.cashier')}</th>
                  <th scope="col" className="text-end">
                    {t('terminals.differences.count')}
                  </th>
                  <th scope="col" className="text-end">
                    {t('terminals.differences.expected')}
                  </th>
                  <th scope="col" className="text-end">
                    {t('terminals.differences.charged')}
                  </th>
                  <th scope="col" className="text-end">
                    {t('terminals.differences.difference')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.length === 0 && (
                  <tr>
                    <td colSpan={8}>{t('terminals.differences.none')}</td>
                  </tr>
                )}
                {rows.map((r) => (
                  <tr key={`${r.day}-${r.outlet}-${r.terminal}-${r.cashier ?? ''}`}>
                    <td>{r.day}</td>
                    <td>{r.outletName}</td>
                    <td>{r.terminalCode}</td>
                    <td>{r.cashierName ?? '—'}</td>
                    <td className="text-end">{r.count}</td>
                    <td className="text-end">{money(cents(r.expected))}</td>
                    <td className="text-end">{money(cents(r.charged))}</td>
                    <td className="text-end">{money(cents(r.difference))}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr className="fw-bold">
                  <th scope="row" colSpan={4}>
                    {t('terminals.differences.total')}
                  </th>
                  <td className="text-end">{rows.reduce((a, r) => a + r.count, 0)}</td>
                  <td className="text-end">{money(sum(rows, (r) => r.expected))}</td>
                  <td className="text-end">{money(sum(rows, (r) => r.charged))}</td>
                  <td className="text-end">{money(sum(rows, (r) => r.difference))}</td>
                </tr>
              </tfoot>
            </table>
          </div>
        )}
      </TitledCard>
      <ListScreen entity={getEntity('saledifference')} item={item} hasForm={false} title={title} />
    </>
  );
}
