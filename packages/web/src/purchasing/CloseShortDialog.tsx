import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReferencePicker } from '../fields/ReferencePicker';
import { Dialog } from '../ui/Dialog';
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
  const [reason, setReason] = useState('');
  return (
    <Dialog
      title={t('purchasing.closeTitle', { docNo: order.docNo })}
      onCancel={onCancel}
      footer={
        <>
          <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
            {t('common.cancel')}
          </button>
          <button
            type="button"
            className="btn btn-warning"
            disabled={busy || reason === ''}
            onClick={() => onClose(Number(reason))}
          >
            {t('purchasing.closeShort')}
          </button>
        </>
      }
    >
      <p className="text-body-secondary">{t('purchasing.closeHint')}</p>
      <label className="form-label" htmlFor="po-close-reason">
        {t('purchasing.reason')}
      </label>
      <ReferencePicker
        id="po-close-reason"
        entity="stockoutreason"
        value={reason}
        onChange={setReason}
        blank={t('purchasing.chooseReason')}
      />
    </Dialog>
  );
}
