import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { findEntity } from '@backroom/schema';
import { useReadableFields } from '../data/fieldGroups';
import { ReferencePicker } from '../fields/ReferencePicker';
import { ActionDialog } from '../ui/ActionDialog';
import { QuantityTable, isQuantityText } from '../ui/QuantityTable';
import { purchaseOrderApi, type PurchaseOrder } from './api';

const MONEY = /^\d+(\.\d{1,2})?$/;
const goodsReceipt = findEntity('goodsreceipt')!;

/** What is still to come on a line: ordered less received, never below zero, as typed text. */
const outstanding = (l: PurchaseOrder['lines'][number]) => {
  const left = Math.round((Number(l.quantity) - Number(l.receivedQty ?? 0)) * 1000);
  return left > 0 ? (left / 1000).toString() : '0';
};

interface ReceiveDialogProps {
  order: PurchaseOrder;
  busy: boolean;
  onReceive(body: Record<string, unknown>): void;
  onCancel(): void;
}

/**
 * One goods receipt: per line the quantity that arrived (starting at what is still to come), typed,
 * or counted by scanning barcodes into the scan field (each scan adds one to its product's line).
 * Lines left at 0 stay on backorder. Freight and duty, for a role that may see costs, are spread over
 * the receipt's lines.
 */
export function ReceiveDialog({ order, busy, onReceive, onCancel }: ReceiveDialogProps) {
  const { t } = useTranslation();
  const [received, setReceived] = useState<string[]>(() => order.lines.map(outstanding));
  const [scan, setScan] = useState('');
  const [scanNote, setScanNote] = useState<string | null>(null);
  const [reference, setReference] = useState('');
  const [landed, setLanded] = useState({ freight: '', duty: '' });
  const [basis, setBasis] = useState<'value' | 'quantity'>('value');
  const [reason, setReason] = useState('');
  const readable = useReadableFields(goodsReceipt);
  const landedInputs = (['freight', 'duty'] as const).filter(readable);
  const products = useQuery({
    queryKey: ['purchaseorder', 'barcodes', order.id],
    queryFn: () => purchaseOrderApi.barcodes(order.lines.map((l) => l.product)),
  });
  const invalid = received.map((value) => !isQuantityText(value));
  const amountInvalid = (value: string) => value.trim() !== '' && !MONEY.test(value.trim());
  const landedInvalid = amountInvalid(landed.freight) || amountInvalid(landed.duty);

  const lineOf = (code: string) => {
    const wanted = code.trim().toLowerCase();
    const product = (products.data ?? []).find(
      (p) =>
        p.barcode?.toLowerCase() === wanted ||
        p.code.toLowerCase() === wanted ||
        (p.alternateBarcodes ?? []).some((b) => b.barcode.toLowerCase() === wanted),
    );
    return product ? order.lines.findIndex((l) => l.product === product.id) : -1;
  };
  const scanned = () => {
    const code = scan.trim();
    if (!code) return;
    const i = lineOf(code);
    setScan('');
    if (i < 0) {
      setScanNote(t('purchasing.scanUnknown', { code }));
      return;
    }
    const line = order.lines[i]!;
    setReceived((current) =>
      current.map((v, k) => (k === i ? String(Math.round(((Number(v) || 0) + 1) * 1000) / 1000) : v)),
    );
    setScanNote(t('purchasing.scanAdded', { product: line.productLabel ?? line.product }));
  };

  const submit = () => {
    const lines = order.lines
      .map((l, i) => ({ product: l.product, quantity: received[i]!.trim() }))
      .filter((l) => Number(l.quantity) > 0);
    onReceive({
      lines,
      ...(reference.trim() ? { reference: reference.trim() } : {}),
      ...(landed.freight.trim() ? { freight: landed.freight.trim() } : {}),
      ...(landed.duty.trim() ? { duty: landed.duty.trim() } : {}),
      ...(landed.freight.trim() || landed.duty.trim() ? { landedCostBasis: basis } : {}),
      ...(reason ? { reason: Number(reason) } : {}),
    });
  };
  const nothing = received.every((v) => Number(v) === 0);

  return (
    <ActionDialog
      title={t('purchasing.receiveTitle', { docNo: order.docNo })}
      actionLabel={t('purchasing.receive')}
      disabled={busy || invalid.some(Boolean) || landedInvalid || nothing}
      onAction={submit}
      onCancel={onCancel}
    >
      <p className="text-body-secondary">{t('purchasing.receiveHint')}</p>
      <div className="row g-2 mb-2 text-start">
        <div className="col-md-6">
          <label className="form-label" htmlFor="po-scan">
            {t('purchasing.scan')}
          </label>
          <input
            id="po-scan"
            className="form-control"
            autoComplete="off"
            value={scan}
            onChange={(e) => setScan(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                scanned();
              }
            }}
          />
          {scanNote && (
            <div className="form-text" role="status">
              {scanNote}
            </div>
          )}
        </div>
        <div className="col-md-6 d-flex align-items-end">
          <button
            type="button"
            className="btn btn-outline-secondary"
            onClick={() => setReceived(order.lines.map(() => '0'))}
          >
            {t('purchasing.startAtZero')}
          </button>
        </div>
      </div>
      <QuantityTable
        headings={{
          row: t('purchasing.product'),
          figures: [t('purchasing.ordered'), t('purchasing.receivedSoFar')],
          input: t('purchasing.receivedNow'),
        }}
        rows={order.lines.map((line) => ({
          key: line.id,
          label: String(line.productLabel ?? line.product),
          figures: [line.quantity, line.receivedQty ?? '0.000'],
        }))}
        values={received}
        invalid={invalid}
        onChange={setReceived}
        inputLabel={(product) => t('purchasing.receivedOf', { product })}
      />
      <div className="row g-2 text-start">
        <div className="col-md-4">
          <label className="form-label" htmlFor="po-reference">
            {t('purchasing.reference')}
          </label>
          <input
            id="po-reference"
            className="form-control"
            maxLength={100}
            value={reference}
            onChange={(e) => setReference(e.target.value)}
          />
        </div>
        {landedInputs.map((name) => (
          <div key={name} className="col-md-2">
            <label className="form-label" htmlFor={`po-${name}`}>
              {t(`purchasing.${name}`)}
            </label>
            <input
              id={`po-${name}`}
              className={`form-control text-end ${amountInvalid(landed[name]) ? 'is-invalid' : ''}`}
              inputMode="decimal"
              value={landed[name]}
              onChange={(e) => setLanded((current) => ({ ...current, [name]: e.target.value }))}
            />
          </div>
        ))}
        {landedInputs.length > 0 && (
          <div className="col-md-4">
            <label className="form-label" htmlFor="po-basis">
              {t('purchasing.basis')}
            </label>
            <select
              id="po-basis"
              className="form-select"
              value={basis}
              onChange={(e) => setBasis(e.target.value as 'value' | 'quantity')}
            >
              <option value="value">{t('purchasing.byValue')}</option>
              <option value="quantity">{t('purchasing.byQuantity')}</option>
            </select>
          </div>
        )}
        <div className="col-md-8">
          <label className="form-label" htmlFor="po-reason">
            {t('purchasing.overReason')}
          </label>
          <ReferencePicker
            id="po-reason"
            entity="stockoutreason"
            value={reason}
            onChange={setReason}
            blank={t('purchasing.noReason')}
          />
        </div>
      </div>
    </ActionDialog>
  );
}
