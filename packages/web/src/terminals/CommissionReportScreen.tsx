import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiFailure } from '../data/api';
import type { SingleScreenProps } from '../screens/webModule';
import { FormAlert } from '../ui/FormAlert';
import { TitledCard } from '../ui/TitledCard';
import { terminalsApi } from './api';
import { dayFromToday, PeriodFields } from './PeriodFields';

/** `commissionreport`: what each cashier earned under the commission rules, per rule and period, from the terminals' sales. */
export default function CommissionReportScreen({ item }: SingleScreenProps) {
  const { t, i18n } = useTranslation();
  const [range, setRange] = useState({ from: dayFromToday(-29), to: dayFromToday(0) });
  const report = useMutation({ mutationFn: terminalsApi.commission });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    report.mutate(range);
  };
  const failure = report.error ? apiFailure(report.error) : null;
  const money = (v: string) =>
    Number(v).toLocaleString(i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return (
    <TitledCard titleId="commissionreport-title" title={item.name}>
      <form className="row g-2 align-items-end mb-3" onSubmit={submit} noValidate>
        <PeriodFields period={range} onChange={setRange} />
        <div className="col-auto">
          <button type="submit" className="btn btn-primary" disabled={report.isPending}>
            {t('terminals.commission.run')}
          </button>
        </div>
      </form>
      {failure && (
        <FormAlert>
          {failure.errors.length > 0 ? failure.errors.map((e) => e.message).join(' ') : failure.message}
        </FormAlert>
      )}
      {report.data && (
        <div className="table-responsive">
          <table className="table table-sm" aria-label={item.name}>
            <thead>
              <tr>
                <th scope="col">{t('terminals.commission.user')}</th>
                <th scope="col">{t('terminals.commission.rule')}</th>
                <th scope="col">{t('terminals.commission.period')}</th>
                <th scope="col" className="text-end">
                  {t('terminals.commission.sales')}
                </th>
                <th scope="col" className="text-end">
                  {t('terminals.commission.salesTotal')}
                </th>
                <th scope="col" className="text-end">
                  {t('terminals.commission.commission')}
                </th>
              </tr>
            </thead>
            <tbody>
              {report.data.length === 0 && (
                <tr>
                  <td colSpan={6} className="text-center text-body-secondary py-4">
                    {t('terminals.commission.none')}
                  </td>
                </tr>
              )}
              {report.data.map((r) => (
                <tr key={`${r.user}|${r.rule}|${r.period}`}>
                  <td>{r.userName}</td>
                  <td>{r.rule}</td>
                  <td>{r.period}</td>
                  <td className="text-end">{r.sales}</td>
                  <td className="text-end">{money(r.salesTotal)}</td>
                  <td className="text-end fw-bold">{money(r.commission)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </TitledCard>
  );
}
