import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import type { StockAdjustResult, VirtualStockRow } from '@backroom/schema';
import { ReferencePicker } from '../fields/ReferencePicker';
import { useErrorText } from '../screens/errorText';
import { Dialog } from '../ui/Dialog';
import { FormAlert } from '../ui/FormAlert';
import { virtualStockApi } from './api';

const SIGNED = /^-?\d+(\.\d{1,3})?$/;
const COUNT = /^\d+(\.\d{1,3})?$/;

interface AdjustDialogProps {
  row: VirtualStockRow;
  onDone(result: StockAdjustResult): void;
  onCancel(): void;
}

/** An adjustment of one product at one location: by a signed change or by the counted figure, with a stock-out reason. */
export function AdjustDialog({ row, onDone, onCancel }: AdjustDialogProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const ids = { mode: useId(), quantity: useId(), reason: useId(), remarks: useId() };
  const [mode, setMode] = useState<'change' | 'count'>('change');
  const [quantity, setQuantity] = useState('');
  const [reason, setReason] = useState('');
  const [remarks, setRemarks] = useState('');
  const valid = (mode === 'change' ? SIGNED : COUNT).test(quantity.trim()) && reason !== '';
  const adjust = useMutation({
    mutationFn: () =>
      virtualStockApi.adjust({
        location: row.location,
        product: row.product,
        stockOutReason: Number(reason),
        remarks: remarks.trim() || null,
        ...(mode === 'change' ? { quantity: quantity.trim() } : { counted: quantity.trim() }),
      }),
    onSuccess: onDone,
  });
  return (
    <Dialog
      title={t('stock.virtual.adjustTitle', { product: row.productLabel, location: row.locationLabel })}
      onCancel={onCancel}
      footer={
        <>
          <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
            {t('common.cancel')}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={!valid || adjust.isPending}
            onClick={() => adjust.mutate()}
          >
            {t('stock.virtual.adjust')}
          </button>
        </>
      }
    >
      <div className="text-start">
        <p>{t('stock.virtual.onHandNow', { onHand: row.onHand })}</p>
        <fieldset className="mb-3">
          <legend className="form-label fs-6">{t('stock.virtual.how')}</legend>
          {(['change', 'count'] as const).map((value) => (
            <div key={value} className="form-check form-check-inline">
              <input
                className="form-check-input"
                type="radio"
                name={ids.mode}
                id={`${ids.mode}-${value}`}
                checked={mode === value}
                onChange={() => setMode(value)}
              />
              <label className="form-check-label" htmlFor={`${ids.mode}-${value}`}>
                {t(`stock.virtual.mode.${value}`)}
              </label>
            </div>
          ))}
        </fieldset>
        <div className="mb-3">
          <label htmlFor={ids.quantity} className="form-label required">
            {t(mode === 'change' ? 'stock.virtual.quantity' : 'stock.virtual.counted')}
          </label>
          <input
            id={ids.quantity}
            className="form-control text-end"
            inputMode="decimal"
            value={quantity}
            onChange={(e) => setQuantity(e.target.value)}
            aria-describedby={`${ids.quantity}-help`}
          />
          <div id={`${ids.quantity}-help`} className="form-text">
            {t(mode === 'change' ? 'stock.virtual.quantityHelp' : 'stock.virtual.countedHelp')}
          </div>
        </div>
        <div className="mb-3">
          <label htmlFor={ids.reason} className="form-label required">
            {t('stock.virtual.reason')}
          </label>
          <ReferencePicker
            id={ids.reason}
            entity="stockoutreason"
            value={reason}
            onChange={setReason}
            blank={t('form.choose')}
          />
        </div>
        <div className="mb-3">
          <label htmlFor={ids.remarks} className="form-label">
            {t('stock.virtual.remarks')}
          </label>
          <input
            id={ids.remarks}
            className="form-control"
            maxLength={500}
            value={remarks}
            onChange={(e) => setRemarks(e.target.value)}
          />
        </div>
        {adjust.isError && <FormAlert>{errorText(adjust.error)}</FormAlert>}
      </div>
    </Dialog>
  );
}
