import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../ui/Dialog';
import type { DeliveryOrder } from './api';

const QUANTITY = /^\d+(\.\d{1,3})?$/;

interface ReceiveDialogProps {
  order: DeliveryOrder;
  busy: boolean;
  onReceive(lines: { product: number; receivedQty: string }[]): void;
  onCancel(): void;
}

/** What a line still has in transit (all of it before anything was received). */
const inTransit = (line: DeliveryOrder['lines'][number]) => line.inTransitQty ?? line.quantity;

/**
 * Per-line quantities received now, each starting at what is still in transit: what is not
 * received stays in transit (the order partially received) for a later receipt or a close short.
 */
export function ReceiveDialog({ order, busy, onReceive, onCancel }: ReceiveDialogProps) {
  const { t } = useTranslation();
  const [received, setReceived] = useState<string[]>(() => order.lines.map(inTransit));
  const invalid = received.map(
    (value, i) => !QUANTITY.test(value.trim()) || Number(value) > Number(inTransit(order.lines[i]!)),
  );
  return (
    <Dialog
      title={t('stock.order.receiveTitle', { docNo: order.docNo })}
      onCancel={onCancel}
      footer={
        <>
          <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
            {t('common.cancel')}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy || invalid.some(Boolean)}
            onClick={() =>
              onReceive(order.lines.map((l, i) => ({ product: l.product, receivedQty: received[i]!.trim() })))
            }
          >
            {t('stock.order.receive')}
          </button>
        </>
      }
    >
      <p className="text-body-secondary">{t('stock.order.receiveHint')}</p>
      <table className="table table-sm align-middle text-start">
        <thead>
          <tr>
            <th scope="col">{t('stock.order.product')}</th>
            <th scope="col" className="text-end">
              {t('stock.order.dispatched')}
            </th>
            <th scope="col" className="text-end">
              {t('stock.order.inTransit')}
            </th>
            <th scope="col" className="text-end">
              {t('stock.order.receivedNow')}
            </th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line, i) => (
            <tr key={line.product}>
              <th scope="row" className="fw-normal">
                {line.productLabel ?? line.product}
              </th>
              <td className="text-end">{line.quantity}</td>
              <td className="text-end">{inTransit(line)}</td>
              <td>
                <input
                  className={`form-control form-control-sm text-end ${invalid[i] ? 'is-invalid' : ''}`}
                  inputMode="decimal"
                  aria-label={t('stock.order.receivedOf', { product: line.productLabel ?? line.product })}
                  aria-invalid={invalid[i] || undefined}
                  value={received[i]}
                  onChange={(e) => setReceived((current) => current.map((v, k) => (k === i ? e.target.value : v)))}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Dialog>
  );
}
