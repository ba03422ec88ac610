import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConsideredDto } from '@backroom/schema';

/** Every rule the engine considered: fired ones first, each not fired with its reason. */
export function WhyPanel({ considered }: { considered: ConsideredDto[] }) {
  const { t } = useTranslation();
  const toggleId = useId();
  const [onlyBasket, setOnlyBasket] = useState(false);
  const shown = considered.filter((c) => !onlyBasket || c.reason !== 'noQualifyingItems');
  const ordered = [...shown.filter((c) => c.fired), ...shown.filter((c) => !c.fired)];
  const reason = (c: ConsideredDto) =>
    c.reason ? t(`pricing.simulate.reasons.${c.reason}`, { ...c.params, defaultValue: c.message ?? c.reason }) : '';
  return (
    <section className="mt-4" aria-labelledby="why-title">
      <div className="d-flex flex-wrap align-items-center gap-3 mb-2">
        <h3 id="why-title" className="h5 mb-0 me-auto">
          {t('pricing.simulate.why')}
        </h3>
        <div className="form-check mb-0">
          <input
            id={toggleId}
            type="checkbox"
            className="form-check-input"
            checked={onlyBasket}
            onChange={(e) => setOnlyBasket(e.target.checked)}
          />
          <label htmlFor={toggleId} className="form-check-label">
            {t('pricing.simulate.onlyBasket')}
          </label>
        </div>
      </div>
      {ordered.length === 0 ? (
        <p className="text-body-secondary">{t('pricing.simulate.nothingConsidered')}</p>
      ) : (
        <ul className="list-group" aria-label={t('pricing.simulate.why')}>
          {ordered.map((c) => (
            <li
              key={`${c.kind}:${c.id}:${c.voucherCode ?? ''}`}
              className="list-group-item d-flex gap-2 align-items-start"
            >
              <i
                className={`bi ${c.fired ? 'bi-check-circle-fill text-success' : 'bi-x-circle text-secondary'}`}
                aria-hidden="true"
              />
              <div className="me-auto">
                <div>
                  <span className="badge text-bg-light me-2">{t(`pricing.simulate.kinds.${c.kind}`)}</span>
                  <strong>{c.code}</strong> {c.name}
                  {c.voucherCode && c.voucherCode !== c.code && (
                    <span className="text-body-secondary"> ({c.voucherCode})</span>
                  )}
                </div>
                <div className={c.fired ? 'text-success small' : 'text-body-secondary small'}>
                  {c.fired ? t('pricing.simulate.fired') : t('pricing.simulate.notFired')}
                  {c.reason ? `: ${reason(c)}` : ''}
                </div>
              </div>
              {c.fired && c.amount !== '0.00' && (
                <span className="text-nowrap">{c.kind === 'surcharge' ? `+${c.amount}` : `−${c.amount}`}</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
