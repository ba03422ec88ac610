import { useTranslation } from 'react-i18next';
import { ReasonDialog } from '../screens/ReasonDialog';
import type { PurchaseOrder } from './api';

interface CloseShortDialogProps {
  order: PurchaseOrder;
  busy: boolean;
  onClose(reason: number): void;
  onCancel(): void;
}

/** Closes an order short: what was not received will not come; a stock-out reason says why. */
export function CloseShortDialog({ order, busy, onClose, onCancel }: CloseShortDialogProps) {
  const { t } = useTranslation();
  return (
    <ReasonDialog
      title={t('purchasing.closeTitle', { docNo: order.docNo })}
      hint={t('purchasing.closeHint')}
      actionLabel={t('purchasing.closeShort')}
      tone="btn-warning"
      reasons="stockoutreason"
      reasonLabel={t('purchasing.reason')}
      chooseReason={t('purchasing.chooseReason')}
      busy={busy}
      onConfirm={({ reason }) => onClose(reason)}
      onCancel={onCancel}
    />
  );
}
