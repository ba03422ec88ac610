import './stock.scss';
import { useTranslation } from 'react-i18next';
import type { DeliveryOrderStatus } from '@backroom/schema';

/**
 * The way an order goes: partially received (or closing, its write-off waiting for approval) only
 * when it got there; closed (short) in place of received. Cancelled leaves it.
 */
const pathOf = (status: DeliveryOrderStatus): readonly DeliveryOrderStatus[] => [
  'draft',
  'confirmed',
  'dispatched',
  ...(status === 'partiallyReceived' || status === 'closing' ? [status] : []),
  status === 'closed' ? 'closed' : 'received',
];

/** A delivery order's status as steps: the ones behind it done, its own current. */
export function StatusStepper({ status }: { status: DeliveryOrderStatus }) {
  const { t } = useTranslation();
  const PATH = pathOf(status);
  const at = PATH.indexOf(status);
  return (
    <div className="d-flex flex-wrap align-items-center gap-3 mb-3">
      <ol className="status-stepper" aria-label={t('stock.order.progress')}>
        {PATH.map((step, i) => {
          const state = status === 'cancelled' ? 'skipped' : i < at ? 'done' : i === at ? 'current' : 'todo';
          return (
            <li key={step} className={`status-step status-step-${state}`} aria-current={i === at ? 'step' : undefined}>
              <span className="status-step-mark" aria-hidden="true">
                {state === 'done' ? <i className="bi bi-check-lg" /> : i + 1}
              </span>
              <span>{t(`stock.status.${step}`)}</span>
              {state === 'done' && <span className="visually-hidden"> ({t('stock.order.stepDone')})</span>}
            </li>
          );
        })}
      </ol>
      {status === 'cancelled' && (
        <span className="badge text-bg-secondary fs-6" role="status">
          {t('stock.status.cancelled')}
        </span>
      )}
    </div>
  );
}
