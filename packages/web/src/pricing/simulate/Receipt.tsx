import { useTranslation } from 'react-i18next';
import type { SimulateSalesResult } from '@backroom/schema';

const isZero = (amount: string) => /^-?0(\.0+)?$/.test(amount);

/** The totals as a receipt shows them. */
export function Receipt({ result }: { result: SimulateSalesResult }) {
  const { t } = useTranslation();
  const row = (label: string, amount: string, key = label, strong = false) => (
    <div key={key} className={`d-flex justify-content-between${strong ? ' fw-bold border-top pt-2 mt-1 fs-5' : ''}`}>
      <span>{label}</span>
      <span data-testid={`receipt-${key}`}>{amount}</span>
    </div>
  );
  return (
    <section className="border rounded p-3 bg-body-tertiary font-monospace" aria-label={t('pricing.simulate.receipt')}>
      {row(t('pricing.simulate.subtotal'), result.subtotal, 'subtotal')}
      {result.adjustments.map((a) => row(a.name, `−${a.amount}`, `adjustment-${a.kind}-${a.id}`))}
      {!isZero(result.discountTotal) && row(t('pricing.simulate.discounts'), `−${result.discountTotal}`, 'discounts')}
      {result.surcharges.map((s) => row(s.name, s.amount, `surcharge-${s.id}`))}
      {result.tax.map((x) =>
        row(
          t(x.inclusive ? 'pricing.simulate.taxIncluded' : 'pricing.simulate.taxAdded', {
            code: x.code,
            rate: Number(x.ratePercent),
          }),
          x.amount,
          `tax-${x.code}-${x.inclusive}`,
        ),
      )}
      {!isZero(result.rounding) && row(t('pricing.simulate.rounding'), result.rounding, 'rounding')}
      {row(`${t('pricing.simulate.total')} ${result.currency}`, result.total, 'total', true)}
      {result.member && row(t('pricing.simulate.points'), result.pointsEarned, 'points')}
    </section>
  );
}
