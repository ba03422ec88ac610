import { useState } from 'react';
import { findEntity, type StockCountLineDto } from '@backroom/schema';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFailure } from '../data/api';
import { useReadableFields } from '../data/fieldGroups';
import type { FormActionProps } from '../screens/webModule';
import { printDocument } from './api';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { FormAlert } from '../ui/FormAlert';
import { stockCountApi, type CountEntry } from './countApi';

const QUANTITY = /^\d+(\.\d{1,3})?$/;
const stockCount = findEntity('stockcount')!;

type Line = StockCountLineDto;

/**
 * A stock count's Count tab: scan a barcode (each scan adds one) or type a figure per line; review
 * each variance with its value (for a role that may see costs); print or export the count sheet; post. Every entry is sent alone
 * (`count`), so several counters on several devices do not overwrite each other.
 */
export default function CountTab({ row, item }: FormActionProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const id = Number(row.id);
  const open = row.status === 'open';
  const lines = (row.lines as Line[] | undefined) ?? [];
  const [scan, setScan] = useState('');
  const [typed, setTyped] = useState<Record<number, string>>({});
  const [notice, setNotice] = useState<{ tone: 'danger' | 'success'; text: string } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const reload = () => void queryClient.invalidateQueries({ queryKey: ['data', 'stockcount'] });
  const failed = (error: unknown) => setNotice({ tone: 'danger', text: apiFailure(error).message });

  const count = useMutation({
    mutationFn: (entry: CountEntry) => stockCountApi.count(id, [entry]),
    onSuccess: (_saved, entry) => {
      setNotice({
        tone: 'success',
        text: entry.barcode ? t('stockcount.scanned', { barcode: entry.barcode }) : t('stockcount.saved'),
      });
      const product = entry.product;
      if (product !== undefined)
        setTyped((current) => Object.fromEntries(Object.entries(current).filter(([k]) => Number(k) !== product)));
      reload();
    },
    onError: failed,
  });
  const post = useMutation({
    mutationFn: () => stockCountApi.post(id, Number(row.version)),
    onSuccess: () => {
      setConfirming(false);
      setNotice({ tone: 'success', text: t('stockcount.posted', { docNo: row.docNo }) });
      reload();
    },
    onError: (error) => {
      setConfirming(false);
      failed(error);
    },
  });
  const print = useMutation({ mutationFn: () => printDocument({ document: 'stockcount', id }), onError: failed });
  const exported = useMutation({ mutationFn: () => stockCountApi.exportSheet(id, String(row.docNo)), onError: failed });

  const valued = useReadableFields(stockCount)('lines.varianceValue');
  const total = lines.reduce((sum, l) => sum + Number(l.varianceValue ?? 0), 0);
  const counted = lines.filter((l) => l.countedQty !== null).length;
  const editable = open && item.ableToEdit;

  return (
    <div className="stock-count">
      {confirming && (
        <ConfirmDialog
          title={t('stockcount.confirmPost', { docNo: row.docNo })}
          confirmLabel={t('stockcount.post')}
          onCancel={() => setConfirming(false)}
          onConfirm={() => post.mutate()}
        />
      )}
      <div className="d-flex flex-wrap gap-2 mb-3" role="toolbar" aria-label={t('stockcount.actions')}>
        {editable && (
          <form
            className="input-group w-auto"
            onSubmit={(event) => {
              event.preventDefault();
              if (scan.trim() === '') return;
              count.mutate({ barcode: scan.trim() });
              setScan('');
            }}
          >
            <input
              className="form-control"
              aria-label={t('stockcount.scan')}
              placeholder={t('stockcount.scan')}
              value={scan}
              onChange={(e) => setScan(e.target.value)}
              autoFocus
            />
            <button type="submit" className="btn btn-outline-primary" disabled={count.isPending}>
              <i className="bi bi-upc-scan" aria-hidden="true" /> {t('stockcount.add')}
            </button>
          </form>
        )}
        <button
          type="button"
          className="btn btn-outline-secondary"
          disabled={print.isPending}
          onClick={() => print.mutate()}
        >
          <i className="bi bi-printer" aria-hidden="true" /> {t('stockcount.print')}
        </button>
        <button
          type="button"
          className="btn btn-outline-secondary"
          disabled={exported.isPending}
          onClick={() => exported.mutate()}
        >
          <i className="bi bi-download" aria-hidden="true" /> {t('stockcount.export')}
        </button>
        {editable && (
          <button
            type="button"
            className="btn btn-primary ms-auto"
            disabled={post.isPending}
            onClick={() => setConfirming(true)}
          >
            <i className="bi bi-check2-all" aria-hidden="true" /> {t('stockcount.post')}
          </button>
        )}
      </div>
      {notice && <FormAlert tone={notice.tone}>{notice.text}</FormAlert>}
      <p className="text-body-secondary">
        {t(valued ? 'stockcount.summary' : 'stockcount.summaryWithoutValue', {
          counted,
          lines: lines.length,
          value: total.toFixed(2),
        })}
      </p>
      <table className="table table-sm align-middle" aria-label={t('stockcount.review')}>
        <thead>
          <tr>
            <th scope="col">{t('stockcount.product')}</th>
            <th scope="col" className="text-end">
              {t('stockcount.expected')}
            </th>
            <th scope="col" className="text-end">
              {t('stockcount.counted')}
            </th>
            <th scope="col" className="text-end">
              {t('stockcount.variance')}
            </th>
            {valued && (
              <th scope="col" className="text-end">
                {t('stockcount.value')}
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => {
            const label = line.productLabel ?? String(line.product);
            const value = typed[line.product] ?? line.countedQty ?? '';
            const invalid = value.trim() !== '' && !QUANTITY.test(value.trim());
            const differs = line.variance !== null && Number(line.variance) !== 0;
            return (
              <tr key={line.product} className={differs ? 'table-warning' : undefined}>
                <th scope="row" className="fw-normal">
                  {label}
                </th>
                <td className="text-end">{line.expectedQty}</td>
                <td className="text-end">
                  {editable ? (
                    <input
                      className={`form-control form-control-sm text-end ${invalid ? 'is-invalid' : ''}`}
                      inputMode="decimal"
                      aria-label={t('stockcount.countedOf', { product: label })}
                      aria-invalid={invalid || undefined}
                      value={value}
                      onChange={(e) => setTyped((current) => ({ ...current, [line.product]: e.target.value }))}
                      onKeyDown={(e) => {
                        if (e.key === 'Enter') e.currentTarget.blur();
                      }}
                      onBlur={() => {
                        const entered = typed[line.product]?.trim();
                        if (entered === undefined || entered === '' || invalid || entered === line.countedQty) return;
                        count.mutate({ product: line.product, countedQty: entered });
                      }}
                    />
                  ) : (
                    line.countedQty
                  )}
                </td>
                <td className="text-end">{line.variance}</td>
                {valued && <td className="text-end">{line.varianceValue}</td>}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
