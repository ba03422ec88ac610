import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionDialog } from '../ui/ActionDialog';
import { QuantityTable, isQuantityText } from '../ui/QuantityTable';
import type { DeliveryOrder } from './api';

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
    (value, i) => !isQuantityText(value) || Number(value) > Number(inTransit(order.lines[i]!)),
  );
  return (
    <ActionDialog
      title={t('stock.order.receiveTitle', { docNo: order.docNo })}
      actionLabel={t('stock.order.receive')}
      disabled={busy || invalid.some(Boolean)}
      onAction={() => onReceive(order.lines.map((l, i) => ({ product: l.product, receivedQty: received[i]!.trim() })))}
      onCancel={onCancel}
    >
      <p className="text-body-secondary">{t('stock.order.receiveHint')}</p>
      <QuantityTable
        headings={{
          row: t('stock.order.product'),
          figures: [t('stock.order.dispatched'), t('stock.order.inTransit')],
          input: t('stock.order.receivedNow'),
        }}
        rows={order.lines.map((line) => ({
          key: line.product,
          label: String(line.productLabel ?? line.product),
          figures: [line.quantity, inTransit(line)],
        }))}
        values={received}
        invalid={invalid}
        onChange={setReceived}
        inputLabel={(product) => t('stock.order.receivedOf', { product })}
      />
    </ActionDialog>
  );
}
