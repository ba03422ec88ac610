import { useTranslation } from 'react-i18next';
import { Stepper } from '../ui/Stepper';
import type { PurchaseOrder } from './api';

/** The way an order goes when nothing stops it; closed and cancelled leave it. */
const PATH = ['draft', 'sent', 'partiallyReceived', 'received'] as const;

/** A purchase order's status as steps; closed (short) and cancelled as a badge. */
export function OrderStepper({ status }: { status: PurchaseOrder['status'] }) {
  const { t } = useTranslation();
  const stopped = status === 'closed' || status === 'cancelled';
  return (
    <Stepper
      steps={PATH.map((step) => [step, t(`purchasing.status.${step}`)] as const)}
      current={status}
      label={t('purchasing.progress')}
      doneLabel={t('purchasing.stepDone')}
      stopped={stopped ? t(`purchasing.status.${status}`) : undefined}
    />
  );
}
