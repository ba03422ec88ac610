import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { useOutletDropdown } from '../data/hooks';
import { FieldProblem } from '../ui/FieldProblem';
import type { BulkActionProps } from '../screens/webModule';
import { useErrorText } from '../screens/errorText';
import { Dialog } from '../ui/Dialog';
import { FormAlert } from '../ui/FormAlert';
import { printDocument } from './api';
import { OptionSelect } from './OptionSelect';

/** Layouts the server offers per document ("columns x rows" on A4); the first is its default. */
const LAYOUTS = { shelflabels: ['3x8', '2x7', '4x10'], pricetags: ['2x4', '2x3', '3x4'] } as const;
type Document = keyof typeof LAYOUTS;

/** The product list's "Print labels": shelf labels or price tags of the chosen products, at an outlet's prices. */
export default function PrintLabelsAction({ ids }: BulkActionProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => setOpen(true)}>
        <i className="bi bi-upc-scan" aria-hidden="true" /> {t('stock.labels.action')}
      </button>
      {open && <LabelDialog ids={ids} onClose={() => setOpen(false)} />}
    </>
  );
}

function LabelDialog({ ids, onClose }: { ids: readonly number[]; onClose(): void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const field = { document: useId(), outlet: useId(), layout: useId() };
  const [document, setDocument] = useState<Document>('shelflabels');
  const [outlet, setOutlet] = useState('');
  const [layout, setLayout] = useState<string>(LAYOUTS.shelflabels[0]);
  const outlets = useOutletDropdown();
  const print = useMutation({
    mutationFn: () => printDocument({ document, products: ids, outlet: outlet === '' ? null : Number(outlet), layout }),
    onSuccess: onClose,
  });
  return (
    <Dialog
      title={t('stock.labels.title', { count: ids.length })}
      onCancel={onClose}
      footer={
        <>
          <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="button" className="btn btn-primary" disabled={print.isPending} onClick={() => print.mutate()}>
            <i className="bi bi-printer" aria-hidden="true" /> {t('stock.labels.print')}
          </button>
        </>
      }
    >
      <div className="text-start">
        <div className="mb-3">
          <label htmlFor={field.document} className="form-label">
            {t('stock.labels.document')}
          </label>
          <select
            id={field.document}
            className="form-select"
            value={document}
            onChange={(e) => {
              const next = e.target.value as Document;
              setDocument(next);
              setLayout(LAYOUTS[next][0]);
            }}
          >
            {(Object.keys(LAYOUTS) as Document[]).map((d) => (
              <option key={d} value={d}>
                {t(`stock.labels.${d}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="mb-3">
          <label htmlFor={field.outlet} className="form-label">
            {t('stock.labels.outlet')}
          </label>
          <OptionSelect
            id={field.outlet}
            value={outlet}
            onChange={setOutlet}
            options={outlets.options}
            blank={t('stock.labels.anyOutlet')}
            describedBy={`${field.outlet}-help${outlets.error ? ` ${field.outlet}-error` : ''}`}
          />
          <div id={`${field.outlet}-help`} className="form-text">
            {t('stock.labels.outletHelp')}
          </div>
          <FieldProblem id={`${field.outlet}-error`} text={outlets.error} />
        </div>
        <div className="mb-3">
          <label htmlFor={field.layout} className="form-label">
            {t('stock.labels.layout')}
          </label>
          <select id={field.layout} className="form-select" value={layout} onChange={(e) => setLayout(e.target.value)}>
            {LAYOUTS[document].map((l) => (
              <option key={l} value={l}>
                {t('stock.labels.perPage', {
                  layout: l.replace('x', ' × '),
                  count: l
                    .split('x')
                    .map(Number)
                    .reduce((a, b) => a * b, 1),
                })}
              </option>
            ))}
          </select>
        </div>
        {print.isError && <FormAlert>{errorText(print.error)}</FormAlert>}
      </div>
    </Dialog>
  );
}
