import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDropdown } from '../data/hooks';
import { Dialog } from '../ui/Dialog';
import type { DeliveryOrder } from './api';
import { OptionSelect } from './OptionSelect';

interface CloseShortDialogProps {
  order: DeliveryOrder;
  busy: boolean;
  onClose(body: { reason: number; remarks: string | null }): void;
  onCancel(): void;
}

/** Close short: what is still in transit is written off with a stock-out reason (and its approval rules). */
export function CloseShortDialog({ order, busy, onClose, onCancel }: CloseShortDialogProps) {
  const { t } = useTranslation();
  const reasons = useDropdown('stockoutreason', '', true, 100);
  const [reason, setReason] = useState('');
  const [remarks, setRemarks] = useState('');
  const left = order.lines.filter((l) => Number(l.inTransitQty ?? l.quantity) > 0);
  return (
    <Dialog
      title={t('stock.order.closeShortTitle', { docNo: order.docNo })}
      onCancel={onCancel}
      footer={
        <>
          <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
            {t('common.cancel')}
          </button>
          <button
            type="button"
            className="btn btn-danger"
            disabled={busy || reason === ''}
            onClick={() => onClose({ reason: Number(reason), remarks: remarks.trim() || null })}
          >
            {t('stock.order.closeShort')}
          </button>
        </>
      }
    >
      <p className="text-body-secondary">{t('stock.order.closeShortHint')}</p>
      <ul>
        {left.map((l) => (
          <li key={l.product}>
            {l.productLabel ?? l.product}: {l.inTransitQty ?? l.quantity}
          </li>
        ))}
      </ul>
      <label className="form-label" htmlFor="close-short-reason">
        {t('stock.order.reason')}
      </label>
      <OptionSelect
        id="close-short-reason"
        value={reason}
        onChange={setReason}
        options={reasons.data}
        blank={t('stock.order.chooseReason')}
      />
      <label className="form-label mt-2" htmlFor="close-short-remarks">
        {t('stock.order.remarks')}
      </label>
      <input
        id="close-short-remarks"
        className="form-control"
        maxLength={500}
        value={remarks}
        onChange={(e) => setRemarks(e.target.value)}
      />
    </Dialog>
  );
}
