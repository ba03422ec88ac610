import { useEffect, useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MAX_TAKE, type WhatIfFigures, type WhatIfRequest, type WhatIfResult } from '@backroom/schema';
import { dataApi } from '../data/api';
import { useValueFormat } from '../data/useValueFormat';
import { dateText, dateTimeText } from '../fields/format';
import type { DraftActionProps } from '../screens/webModule';
import { serverMessage } from '../screens/errorText';
import { translateMessage } from '../i18n/serverMessages';
import { Dialog } from '../ui/Dialog';
import { FormAlert } from '../ui/FormAlert';
import { whatIfApi } from './api';

const POLL_MS = 500;

/**
 * "Try on past sales" on a promotion or promotion rule form: the chosen outlets' sales of the last
 * days replayed with the form's promotion — its unsaved values when the form has any — against the
 * same sales without it, as a job whose progress shows; per day and in total the baskets it
 * changes, the discount it gives and, for who may see costs, the margin it gives up.
 */
export default function WhatIfAction({ row, item, values }: DraftActionProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (!item.ableToEdit) return null;
  const entity = item.name === 'newpromotion' ? 'newpromotion' : 'promotion';
  return (
    <>
      <button type="button" className="btn btn-outline-secondary" onClick={() => setOpen(true)}>
        <i className="bi bi-clock-history" aria-hidden="true" /> {t('pricing.whatIf.action')}
      </button>
      {open && (
        <WhatIfDialog
          entity={entity}
          id={row?.id === undefined ? undefined : Number(row.id)}
          draft={values()}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}

function WhatIfDialog({
  entity,
  id,
  draft,
  onClose,
}: {
  entity: WhatIfRequest['entity'];
  id: number | undefined;
  draft: Record<string, unknown> | undefined;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const daysId = useId();
  const [days, setDays] = useState('30');
  const [chosen, setChosen] = useState<number[]>([]);
  const [jobId, setJobId] = useState<number | null>(null);
  const outlets = useQuery({
    queryKey: ['whatif-outlets'],
    queryFn: () =>
      dataApi.fetch('outlet', {
        Skip: 0,
        // Every active outlet: a chain's outlets are few (no first page, as useOutletDropdown).
        Take: MAX_TAKE,
        filters: [{ ColumnName: 'isActive', ColumnValue: true, Operator: 'EQ' }],
        sorts: [{ ColumnName: 'code', Direction: 'asc' }],
      }),
  });
  const start = useMutation({
    mutationFn: () =>
      whatIfApi.start({
        entity,
        ...(id !== undefined ? { id } : {}),
        ...(draft ? { draft } : {}),
        days: Number(days),
        outlets: chosen,
      }),
    onSuccess: ({ jobId: started }) => setJobId(started),
  });
  const status = useQuery({
    queryKey: ['whatif', jobId],
    queryFn: () => whatIfApi.status(jobId!),
    enabled: jobId !== null,
    refetchInterval: (query) =>
      query.state.data && ['done', 'failed', 'cancelled'].includes(query.state.data.status) ? false : POLL_MS,
  });
  const n = Number(days);
  const valid = Number.isInteger(n) && n >= 1 && n <= 90;
  const running =
    jobId !== null && (!status.data || status.data.status === 'queued' || status.data.status === 'running');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid || running) return;
    setJobId(null);
    start.mutate();
  };
  const error = start.error ?? status.error ?? outlets.error;
  const result = status.data?.result ?? null;
  useEffect(() => {
    if (status.data?.status === 'failed') setJobId(null);
  }, [status.data?.status]);
  return (
    <Dialog
      title={t('pricing.whatIf.title')}
      onCancel={onClose}
      footer={
        <button type="button" className="btn btn-primary" onClick={onClose}>
          {t('common.ok')}
        </button>
      }
    >
      {error ? <FormAlert>{translateMessage(t, serverMessage(error) ?? String(error))}</FormAlert> : null}
      {status.data?.error ? <FormAlert>{status.data.error}</FormAlert> : null}
      <form className="mb-3" onSubmit={submit} aria-label={t('pricing.whatIf.title')}>
        <div className="row g-2 align-items-end">
          <div className="col-auto">
            <label htmlFor={daysId} className="form-label">
              {t('pricing.whatIf.days')}
            </label>
            <input
              id={daysId}
              className={`form-control${valid ? '' : ' is-invalid'}`}
              inputMode="numeric"
              value={days}
              onChange={(e) => setDays(e.target.value)}
            />
            {!valid && <div className="invalid-feedback">{t('pricing.whatIf.daysRange')}</div>}
          </div>
          <div className="col-auto">
            <button type="submit" className="btn btn-primary" disabled={!valid || running || start.isPending}>
              {t('pricing.whatIf.run')}
            </button>
          </div>
        </div>
        <fieldset className="mt-2">
          <legend className="form-label fs-6">{t('pricing.whatIf.outlets')}</legend>
          {outlets.data?.rows.map((o) => (
            <div key={String(o.id)} className="form-check form-check-inline">
              <input
                id={`${daysId}-o${String(o.id)}`}
                className="form-check-input"
                type="checkbox"
                checked={chosen.includes(Number(o.id))}
                onChange={(e) =>
                  setChosen(e.target.checked ? [...chosen, Number(o.id)] : chosen.filter((x) => x !== Number(o.id)))
                }
              />
              <label className="form-check-label" htmlFor={`${daysId}-o${String(o.id)}`}>
                {String(o.code)}
              </label>
            </div>
          ))}
          <div className="form-text">{t('pricing.whatIf.allOutlets')}</div>
        </fieldset>
      </form>
      {running && (
        <div
          className="progress"
          role="progressbar"
          aria-label={t('pricing.whatIf.progress')}
          aria-valuenow={status.data?.progress ?? 0}
          aria-valuemin={0}
          aria-valuemax={100}
        >
          <div className="progress-bar" style={{ width: `${status.data?.progress ?? 0}%` }} />
        </div>
      )}
      {result && <WhatIfTables result={result} />}
    </Dialog>
  );
}

function WhatIfTables({ result }: { result: WhatIfResult }) {
  const { t } = useTranslation();
  const format = useValueFormat();
  const columns = (f: WhatIfFigures) => [
    String(f.basketsAffected),
    String(f.baskets),
    f.discountGiven,
    ...(result.margins ? [f.marginGivenUp ?? '', f.marginBefore ?? '', f.marginAfter ?? ''] : []),
  ];
  const heads = [
    'basketsAffected',
    'baskets',
    'discountGiven',
    ...(result.margins ? ['marginGivenUp', 'marginBefore', 'marginAfter'] : []),
  ];
  return (
    <div style={{ maxHeight: '50vh', overflowY: 'auto' }}>
      <p className="text-body-secondary small">
        {t('pricing.whatIf.window', {
          from: dateTimeText(result.from, format),
          to: dateTimeText(result.to, format),
          outlets: result.outlets.map((o) => o.code).join(', '),
          currency: result.currency,
        })}
      </p>
      <table className="table table-sm" aria-label={t('pricing.whatIf.byDay')}>
        <HeadRow first="date" numbers={heads} />
        <tbody>
          {result.days.map((d) => (
            <tr key={d.date}>
              <td>{dateText(d.date, format.locale)}</td>
              {columns(d).map((v, i) => (
                <td key={heads[i]} className="text-end font-monospace">
                  {v}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="fw-semibold" data-testid="whatif-total">
            <th scope="row">{t('pricing.whatIf.total')}</th>
            {columns(result.total).map((v, i) => (
              <td key={heads[i]} className="text-end font-monospace" data-column={heads[i]}>
                {v}
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
      <h3 className="fs-6">{t('pricing.whatIf.topProducts')}</h3>
      {result.topProducts.length === 0 ? (
        <p className="text-body-secondary">{t('pricing.whatIf.noProducts')}</p>
      ) : (
        <table className="table table-sm" aria-label={t('pricing.whatIf.topProducts')}>
          <HeadRow first="product" numbers={['quantity', 'discountGiven']} />
          <tbody>
            {result.topProducts.map((p) => (
              <tr key={p.id}>
                <td>
                  {p.code} — {p.name}
                </td>
                <td className="text-end font-monospace">{p.quantity}</td>
                <td className="text-end font-monospace">{p.discountGiven}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

/** A table's head: a text column, then columns of figures (right-aligned), each named by its key under `pricing.whatIf`. */
function HeadRow({ first, numbers }: { first: string; numbers: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <thead>
      <tr>
        <th scope="col">{t(`pricing.whatIf.${first}`)}</th>
        {numbers.map((h) => (
          <th key={h} scope="col" className="text-end">
            {t(`pricing.whatIf.${h}`)}
          </th>
        ))}
      </tr>
    </thead>
  );
}
