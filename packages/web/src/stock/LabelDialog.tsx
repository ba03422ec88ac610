import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { useLabels, useOutletDropdown } from '../data/hooks';
import { unlabelled } from '../data/labels';
import { FieldProblem } from '../ui/FieldProblem';
import { useErrorText } from '../screens/errorText';
import { Dialog } from '../ui/Dialog';
import { FormAlert } from '../ui/FormAlert';
import { printDocument } from './api';
import { OptionSelect } from './OptionSelect';

/** Layouts the server offers per document ("columns x rows" on A4); the first is its default. */
const LAYOUTS = { shelflabels: ['3x8', '2x7', '4x10'], pricetags: ['2x4', '2x3', '3x4'] } as const;
type Document = keyof typeof LAYOUTS;

/** The most labels one print asks for (the server's limit). */
const MAX_LABELS = 1000;

/** A product to label and how many labels of it. */
export interface LabelLine {
  product: number;
  quantity: number;
}

/**
 * Shelf labels or price tags at an outlet's prices, so many of each product (one each from a list's
 * selection; one per unit received from a delivery order or a goods receipt), each quantity
 * editable before printing.
 */
export function LabelDialog({ lines, onClose }: { lines: readonly LabelLine[]; onClose(): void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const field = { document: useId(), outlet: useId(), layout: useId() };
  const [document, setDocument] = useState<Document>('shelflabels');
  const [outlet, setOutlet] = useState('');
  const [layout, setLayout] = useState<string>(LAYOUTS.shelflabels[0]);
  const [counts, setCounts] = useState<string[]>(() => lines.map((l) => String(l.quantity)));
  const outlets = useOutletDropdown();
  const names = useLabels(
    'product',
    lines.map((l) => l.product),
  );
  const quantities = counts.map((c) => (/^\d+$/.test(c.trim()) ? Number(c) : NaN));
  const total = quantities.reduce((sum, n) => sum + n, 0);
  const valid = quantities.every(Number.isInteger) && total > 0 && total <= MAX_LABELS;
  const print = useMutation({
    mutationFn: () =>
      printDocument({
        document,
        products: lines.map((l) => l.product),
        quantities,
        outlet: outlet === '' ? null : Number(outlet),
        layout,
      }),
    onSuccess: onClose,
  });
  return (
    <Dialog
      title={t('stock.labels.title', { count: lines.length })}
      onCancel={onClose}
      footer={
        <>
          <span className="me-auto text-body-secondary" role="status">
            {Number.isFinite(total) && t('stock.labels.total', { count: total })}
          </span>
          <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={print.isPending || !valid}
            onClick={() => print.mutate()}
          >
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
        <table className="table table-sm align-middle mb-2">
          <thead>
            <tr>
              <th scope="col">{t('stock.labels.product')}</th>
              <th scope="col" className="text-end">
                {t('stock.labels.copies')}
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line, i) => {
              const name = names.labelOf(line.product) ?? (names.isPending ? '' : unlabelled(line.product));
              return (
                <tr key={`${line.product}-${i}`}>
                  <td>{name}</td>
                  <td className="text-end" style={{ width: '7rem' }}>
                    <input
                      className={`form-control form-control-sm text-end ${Number.isInteger(quantities[i]) ? '' : 'is-invalid'}`}
                      inputMode="numeric"
                      aria-label={t('stock.labels.copiesOf', { name })}
                      value={counts[i]}
                      onChange={(e) => setCounts((all) => all.map((c, k) => (k === i ? e.target.value : c)))}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        {total > MAX_LABELS && <FormAlert>{t('stock.labels.tooMany', { max: MAX_LABELS })}</FormAlert>}
        {print.isError && <FormAlert>{errorText(print.error)}</FormAlert>}
      </div>
    </Dialog>
  );
}
