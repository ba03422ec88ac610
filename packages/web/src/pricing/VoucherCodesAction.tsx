import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useInstantText } from '../data/useValueFormat';
import type { ApiEnvelope } from '@backroom/schema';
import { dataApi } from '../data/api';
import type { FormActionProps } from '../screens/webModule';
import { serverMessage } from '../screens/errorText';
import { translateMessage } from '../i18n/serverMessages';
import { Dialog } from '../ui/Dialog';
import { FormAlert } from '../ui/FormAlert';

const SHOWN = 200;
const MAX = 10_000;
/** The voucher form's single-use codes: how many, the first of them, more generated, all exported as CSV. */
export default function VoucherCodesAction({ row, item }: FormActionProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn btn-outline-secondary" onClick={() => setOpen(true)}>
        <i className="bi bi-upc" aria-hidden="true" /> {t('pricing.voucherCodes.title')}
      </button>
      {open && (
        <VoucherCodesDialog
          voucherId={Number(row.id)}
          voucherCode={String(row.code)}
          canGenerate={item.ableToEdit}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}

function VoucherCodesDialog({
  voucherId,
  voucherCode,
  canGenerate,
  onClose,
}: {
  voucherId: number;
  voucherCode: string;
  canGenerate: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const when = useInstantText();
  const countId = useId();
  const queryClient = useQueryClient();
  const [count, setCount] = useState('100');
  const key = ['vouchercodes', voucherId];
  const byVoucher = [{ ColumnName: 'voucher', ColumnValue: voucherId, Operator: 'EQ' }];
  const codes = useQuery({
    queryKey: key,
    queryFn: () =>
      dataApi.fetch('vouchercode', {
        Skip: 0,
        Take: SHOWN,
        filters: byVoucher,
        sorts: [{ ColumnName: 'id', Direction: 'asc' }],
      }),
  });
  const used = useQuery({
    queryKey: [...key, 'used'],
    queryFn: () =>
      dataApi.fetch('vouchercode', {
        Skip: 0,
        Take: 1,
        filters: [...byVoucher, { ColumnName: 'redeemedAt', ColumnValue: '', Operator: 'NOTNULL' }],
      }),
  });
  const generate = useMutation({
    mutationFn: async (n: number) => {
      const { http } = await import('../api/http');
      return (
        await http.post<ApiEnvelope<{ generated: number }>>('/api/DataRepository/Execute/voucher', {
          action: 'generate',
          ids: [voucherId],
          count: n,
        })
      ).data.data;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
  const exportCsv = useMutation({
    mutationFn: async () => {
      const { http } = await import('../api/http');
      const response = await http.get<Blob>(`/api/pricing/VoucherCodes/${voucherId}`, {
        responseType: 'blob',
      });
      const url = URL.createObjectURL(response.data);
      const link = Object.assign(document.createElement('a'), {
        href: url,
        download: `Voucher_${voucherCode}_codes.csv`,
      });
      link.click();
      URL.revokeObjectURL(url);
    },
  });
  const n = Number(count);
  const valid = Number.isInteger(n) && n >= 1 && n <= MAX;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (valid) generate.mutate(n);
  };
  const error = generate.error ?? exportCsv.error ?? codes.error;
  const total = codes.data?.totalCount ?? 0;
  return (
    <Dialog
      title={`${t('pricing.voucherCodes.title')}: ${voucherCode}`}
      onCancel={onClose}
      footer={
        <>
          <button
            type="button"
            className="btn btn-outline-secondary"
            disabled={total === 0 || exportCsv.isPending}
            onClick={() => exportCsv.mutate()}
          >
            <i className="bi bi-download" aria-hidden="true" /> {t('pricing.voucherCodes.export')}
          </button>
          <button type="button" className="btn btn-primary" onClick={onClose}>
            {t('common.ok')}
          </button>
        </>
      }
    >
      {error ? <FormAlert>{translateMessage(t, serverMessage(error) ?? String(error))}</FormAlert> : null}
      {generate.isSuccess && (
        <FormAlert tone="success">{t('pricing.voucherCodes.generated', { count: generate.data.generated })}</FormAlert>
      )}
      <p role="status">{t('pricing.voucherCodes.count', { count: total, redeemed: used.data?.totalCount ?? 0 })}</p>
      {canGenerate && (
        <form className="row g-2 align-items-end mb-3" onSubmit={submit}>
          <div className="col-auto">
            <label htmlFor={countId} className="form-label">
              {t('pricing.voucherCodes.howMany')}
            </label>
            <input
              id={countId}
              className={`form-control${valid ? '' : ' is-invalid'}`}
              inputMode="numeric"
              value={count}
              onChange={(e) => setCount(e.target.value)}
            />
            {!valid && <div className="invalid-feedback">{t('pricing.voucherCodes.tooMany')}</div>}
          </div>
          <div className="col-auto">
            <button type="submit" className="btn btn-primary" disabled={!valid || generate.isPending}>
              {t('pricing.voucherCodes.generate')}
            </button>
          </div>
        </form>
      )}
      {total === 0 ? (
        <p className="text-body-secondary">{t('pricing.voucherCodes.none')}</p>
      ) : (
        <div style={{ maxHeight: '40vh', overflowY: 'auto' }}>
          <table className="table table-sm font-monospace" aria-label={t('pricing.voucherCodes.title')}>
            <thead>
              <tr>
                <th scope="col">{t('pricing.voucherCodes.code')}</th>
                <th scope="col">{t('pricing.voucherCodes.redeemedAt')}</th>
                <th scope="col">{t('pricing.voucherCodes.reference')}</th>
              </tr>
            </thead>
            <tbody>
              {codes.data?.rows.map((c) => (
                <tr key={String(c.id)}>
                  <td>{String(c.code)}</td>
                  <td>{c.redeemedAt ? when(c.redeemedAt) : t('pricing.voucherCodes.unused')}</td>
                  <td>{c.redeemedReference ? String(c.redeemedReference) : ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {total > SHOWN && (
            <p className="text-body-secondary small">{t('pricing.voucherCodes.showing', { shown: SHOWN })}</p>
          )}
        </div>
      )}
    </Dialog>
  );
}
