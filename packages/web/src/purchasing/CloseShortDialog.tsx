import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDropdown } from '../data/hooks';
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
  const reasons = useDropdown('stockoutreason', '', true, 100);
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
      <select id="po-close-reason" className="form-select" value={reason} onChange={(e) => setReason(e.target.value)}>
        <option value="">{t('purchasing.chooseReason')}</option>
        {(reasons.data ?? []).map((o) => (
          <option key={String(o.value)} value={String(o.value)}>
            {o.label}
          </option>
        ))}
      </select>
    </Dialog>
  );
}
