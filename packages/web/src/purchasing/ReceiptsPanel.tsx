import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from '@tanstack/react-query';
import { dataApi } from '../data/api';
import { ReferencePicker } from '../fields/ReferencePicker';
import { ActionDialog } from '../ui/ActionDialog';
import { QuantityTable, isQuantityText } from '../ui/QuantityTable';
import { Spinner } from '../ui/Spinner';
import { findEntity, type GoodsReceipt as Receipt } from '@backroom/schema';
import { useReadableFields } from '../data/fieldGroups';
import { printRow, type PurchaseOrder } from './api';

interface ReceiptsPanelProps {
  order: PurchaseOrder;
  /** Offer "Return to supplier" on receipts (the order's status allows it and the user may edit). */
  canReturn: boolean;
  busy: boolean;
  onReturn(body: Record<string, unknown>): void;
  /** Shows why a receipt's PDF could not be had. */
  onError(error: unknown): void;
}

const goodsReceipt = findEntity('goodsreceipt')!;
/** A line's amounts, shown to a role that may see costs. */
const AMOUNTS = ['unitCost', 'landedCost', 'lineTotal'] as const;

/** The order's goods receipts and returns, each with its lines; a receipt can be returned to the supplier in part. */
export function ReceiptsPanel({ order, canReturn, busy, onReturn, onError }: ReceiptsPanelProps) {
  const { t } = useTranslation();
  const [returning, setReturning] = useState<Receipt | null>(null);
  const readable = useReadableFields(goodsReceipt);
  const amounts = AMOUNTS.filter((name) => readable(`lines.${name}`));
  const print = useMutation({ mutationFn: (id: number) => printRow('goodsreceipt', id), onError });
  const receipts = useQuery({
    queryKey: ['data', 'goodsreceipt', 'order', order.id, order.version],
    queryFn: async () =>
      (
        await dataApi.fetch('goodsreceipt', {
          Skip: 0,
          Take: 200,
          filters: [{ ColumnName: 'purchaseOrder', ColumnValue: order.id, Operator: 'EQ' }],
          sorts: [{ ColumnName: 'docNo', Direction: 'ASC' }],
        })
      ).rows as unknown as Receipt[],
  });
  if (receipts.isPending) return <Spinner />;
  const rows = receipts.data ?? [];
  if (rows.length === 0) return <p className="text-body-secondary">{t('purchasing.noReceipts')}</p>;
  return (
    <>
      {rows.map((r) => (
        <section key={r.id} className="mb-3" aria-label={r.docNo}>
          <div className="d-flex flex-wrap align-items-center gap-2 mb-1">
            <h3 className="h6 mb-0">
              {r.docNo} · {t(`purchasing.kind.${r.kind}`)}
            </h3>
            <span className="small text-body-secondary">
              {t(readable('total') ? 'purchasing.receiptFacts' : 'purchasing.receiptFactsWithoutTotal', {
                at: r.at.slice(0, 16).replace('T', ' '),
                by: r.createdBy,
                reference: r.reference ?? '—',
                total: r.total ?? '',
              })}
            </span>
            <button
              type="button"
              className="btn btn-sm btn-outline-secondary ms-auto"
              aria-label={`${t('purchasing.print')} ${r.docNo}`}
              disabled={print.isPending}
              onClick={() => print.mutate(r.id)}
            >
              <i className="bi bi-printer" aria-hidden="true" /> {t('purchasing.print')}
            </button>
            {canReturn && r.kind === 'receipt' && (
              <button
                type="button"
                className="btn btn-sm btn-outline-secondary"
                disabled={busy}
                onClick={() => setReturning(r)}
              >
                <i className="bi bi-arrow-return-left" aria-hidden="true" /> {t('purchasing.returnButton')}
              </button>
            )}
          </div>
          <table className="table table-sm">
            <thead>
              <tr>
                <th scope="col">{t('purchasing.product')}</th>
                <th scope="col" className="text-end">
                  {t('purchasing.quantity')}
                </th>
                {amounts.map((name) => (
                  <th key={name} scope="col" className="text-end">
                    {t(`purchasing.${name}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {r.lines.map((l) => (
                <tr key={l.product}>
                  <td>{l.productLabel ?? l.product}</td>
                  <td className="text-end">{l.quantity}</td>
                  {amounts.map((name) => (
                    <td key={name} className="text-end">
                      {l[name]}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
      {returning && (
        <ReturnDialog
          receipt={returning}
          busy={busy}
          onCancel={() => setReturning(null)}
          onReturn={(body) => {
            setReturning(null);
            onReturn(body);
          }}
        />
      )}
    </>
  );
}

interface ReturnDialogProps {
  receipt: Receipt;
  busy: boolean;
  onReturn(body: Record<string, unknown>): void;
  onCancel(): void;
}

/** What goes back to the supplier from one receipt, with a reason and the supplier's reference. */
function ReturnDialog({ receipt, busy, onReturn, onCancel }: ReturnDialogProps) {
  const { t } = useTranslation();
  const [quantities, setQuantities] = useState<string[]>(() => receipt.lines.map(() => '0'));
  const [reason, setReason] = useState('');
  const [reference, setReference] = useState('');
  const invalid = quantities.map((v) => !isQuantityText(v));
  const lines = receipt.lines
    .map((l, i) => ({ product: l.product, quantity: quantities[i]!.trim() }))
    .filter((l) => Number(l.quantity) > 0);
  return (
    <ActionDialog
      title={t('purchasing.returnTitle', { docNo: receipt.docNo })}
      actionLabel={t('purchasing.returnButton')}
      disabled={busy || invalid.some(Boolean) || lines.length === 0 || reason === ''}
      onAction={() =>
        onReturn({
          receipt: receipt.id,
          lines,
          reason: Number(reason),
          ...(reference.trim() ? { reference: reference.trim() } : {}),
        })
      }
      onCancel={onCancel}
    >
      <QuantityTable
        headings={{
          row: t('purchasing.product'),
          figures: [t('purchasing.received')],
          input: t('purchasing.returnNow'),
        }}
        rows={receipt.lines.map((l) => ({
          key: l.product,
          label: String(l.productLabel ?? l.product),
          figures: [l.quantity],
        }))}
        values={quantities}
        invalid={invalid}
        onChange={setQuantities}
        inputLabel={(product) => t('purchasing.returnOf', { product })}
      />
      <div className="row g-2 text-start">
        <div className="col-md-6">
          <label className="form-label required" htmlFor="po-return-reason">
            {t('purchasing.reason')}
          </label>
          <ReferencePicker
            id="po-return-reason"
            entity="stockoutreason"
            value={reason}
            onChange={setReason}
            blank={t('purchasing.chooseReason')}
          />
        </div>
        <div className="col-md-6">
          <label className="form-label" htmlFor="po-return-reference">
            {t('purchasing.returnReference')}
          </label>
          <input
            id="po-return-reference"
            className="form-control"
            maxLength={100}
            value={reference}
            onChange={(e) => setReference(e.target.value)}
          />
        </div>
      </div>
    </ActionDialog>
  );
}
