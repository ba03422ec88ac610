import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BulkActionProps } from '../screens/webModule';
import { LabelDialog } from './LabelDialog';

/** The product list's "Print labels": shelf labels or price tags of the chosen products (one of each unless told), at an outlet's prices. */
export default function PrintLabelsAction({ ids }: BulkActionProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => setOpen(true)}>
        <i className="bi bi-upc-scan" aria-hidden="true" /> {t('stock.labels.action')}
      </button>
      {open && <LabelDialog lines={ids.map((product) => ({ product, quantity: 1 }))} onClose={() => setOpen(false)} />}
    </>
  );
}
