import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { AppliedTemporalInput } from '../fields/AppliedTemporalInput';

/** A report's period, from one day to another (both included), as the sales reports ask for it. */
export interface Period {
  from: string;
  to: string;
}

/** `yyyy-mm-dd`, `offset` days from today. */
export const dayFromToday = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** The From and To date inputs of a sales report's filter row. */
export function PeriodFields<P extends Period>({ period, onChange }: { period: P; onChange(next: P): void }) {
  const { t } = useTranslation();
  const ids = { from: useId(), to: useId() };
  return (
    <>
      <div className="col-auto">
        <label htmlFor={ids.from} className="form-label">
          {t('terminals.commission.from')}
        </label>
        <AppliedTemporalInput
          id={ids.from}
          className="form-control"
          value={period.from}
          onApply={(from) => onChange({ ...period, from })}
        />
      </div>
      <div className="col-auto">
        <label htmlFor={ids.to} className="form-label">
          {t('terminals.commission.to')}
        </label>
        <AppliedTemporalInput
          id={ids.to}
          className="form-control"
          value={period.to}
          onApply={(to) => onChange({ ...period, to })}
        />
      </div>
    </>
  );
}
