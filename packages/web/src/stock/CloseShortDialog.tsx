import { useTranslation } from 'react-i18next';
import { ReasonDialog } from '../screens/ReasonDialog';
import type { DeliveryOrder } from './api';

interface CloseShortDialogProps {
  order: DeliveryOrder;
  busy: boolean;
  onClose(body: { reason: number; remarks: string | null }): void;
  onCancel(): void;
}

/** Close short: what is still in transit is written off with a stock-out reason (and its approval rules). */
export function CloseShortDialog({ order, busy, onClose, onCancel }: CloseShortDialogProps) {
  const { t } = useTranslation();
  const left = order.lines.filter((l) => Number(l.inTransitQty ?? l.quantity) > 0);
  return (
    <ReasonDialog
      title={t('stock.order.closeShortTitle', { docNo: order.docNo })}
      hint={t('stock.order.closeShortHint')}
      actionLabel={t('stock.order.closeShort')}
      tone="btn-danger"
      reasons="stockoutreason"
      reasonLabel={t('stock.order.reason')}
      chooseReason={t('stock.order.chooseReason')}
      remarksLabel={t('stock.order.remarks')}
      busy={busy}
      onConfirm={onClose}
      onCancel={onCancel}
    >
      <ul>
        {left.map((l) => (
          <li key={l.product}>
            {l.productLabel ?? l.product}: {l.inTransitQty ?? l.quantity}
          </li>
        ))}
      </ul>
    </ReasonDialog>
  );
}
