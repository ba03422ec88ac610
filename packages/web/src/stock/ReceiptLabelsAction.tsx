import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { dataApi } from '../data/api';
import type { BulkActionProps } from '../screens/webModule';
import { useErrorText } from '../screens/errorText';
import { FormAlert } from '../ui/FormAlert';
import { LabelDialog, type LabelLine } from './LabelDialog';

interface ReceiptRow {
  kind?: string;
  lines?: { product: number; quantity: string }[];
}

/** One label per unit received (a part unit rounded up) over the chosen receipts, a product once in the order first received; returns give none. */
export function receivedLabels(receipts: readonly ReceiptRow[]): LabelLine[] {
  const units = new Map<number, number>();
  for (const receipt of receipts) {
    if (receipt.kind === 'return') continue;
    for (const line of receipt.lines ?? []) {
      const quantity = Math.ceil(Number(line.quantity));
      if (quantity > 0) units.set(line.product, (units.get(line.product) ?? 0) + quantity);
    }
  }
  return [...units].map(([product, quantity]) => ({ product, quantity }));
}

/** The goods receipts list's "Print labels": shelf labels or price tags for what the chosen receipts brought in. */
export default function ReceiptLabelsAction({ ids }: BulkActionProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [lines, setLines] = useState<LabelLine[] | null>(null);
  const load = useMutation({
    mutationFn: async () =>
      receivedLabels(
        (
          await dataApi.fetch('goodsreceipt', {
            Skip: 0,
            Take: ids.length,
            filters: [{ ColumnName: 'id', ColumnValue: ids.join(','), Operator: 'IN' }],
          })
        ).rows as ReceiptRow[],
      ),
    onSuccess: setLines,
  });
  return (
    <>
      <button
        type="button"
        className="btn btn-sm btn-outline-secondary"
        disabled={load.isPending}
        onClick={() => load.mutate()}
      >
        <i className="bi bi-upc-scan" aria-hidden="true" /> {t('stock.labels.action')}
      </button>
      {load.isError && <FormAlert>{errorText(load.error)}</FormAlert>}
      {lines && lines.length > 0 && <LabelDialog lines={lines} onClose={() => setLines(null)} />}
      {lines && lines.length === 0 && <FormAlert tone="info">{t('stock.labels.nothingReceived')}</FormAlert>}
    </>
  );
}
