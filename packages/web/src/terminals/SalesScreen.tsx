import { Fragment, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useInstantText } from '../data/useValueFormat';
import { getEntity } from '@backroom/schema';
import { ListScreen } from '../screens/ListScreen';
import { serverMessage } from '../screens/errorText';
import { translateMessage } from '../i18n/serverMessages';
import type { SingleScreenProps } from '../screens/webModule';
import { Dialog } from '../ui/Dialog';
import { FormAlert } from '../ui/FormAlert';
import { Spinner } from '../ui/Spinner';
import { terminalsApi } from './api';

const money = (value: unknown, language: string) =>
  Number(value ?? 0).toLocaleString(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A sale as its receipt: lines at the till's prices with the engine's expected ones where they differ, payments, vouchers, both totals. */
export function ReceiptDialog({ id, onClose }: { id: number; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const when = useInstantText();
  const receipt = useQuery({ queryKey: ['sale', 'receipt', id], queryFn: () => terminalsApi.receipt(id) });
  const m = (v: unknown) => money(v, i18n.language);
  const sale = receipt.data?.sale;
  return (
    <Dialog
      title={
        sale ? t('terminals.receipt.title', { receiptNo: String(sale.receiptNo) }) : t('terminals.receipt.loading')
      }
      onCancel={onClose}
      footer={
        <button type="button" className="btn btn-primary" onClick={onClose}>
          {t('common.ok')}
        </button>
      }
    >
      {receipt.isError && (
        <FormAlert>{translateMessage(t, serverMessage(receipt.error) ?? String(receipt.error))}</FormAlert>
      )}
      {receipt.isPending && <Spinner />}
      {sale && receipt.data && (
        <div className="font-monospace small text-start">
          <p className="mb-2">
            {when(sale.at)} · {String(sale.outletLabel ?? '')} · {String(sale.terminalLabel ?? '')}
            {sale.cashierLabel ? ` · ${String(sale.cashierLabel)}` : ''}
            {sale.kind === 'return' && (
              <>
                <br />
                {t('terminals.receipt.returnOf', { receiptNo: String(sale.originalReceiptNo) })}
              </>
            )}
          </p>
          <table className="table table-sm" aria-label={t('terminals.receipt.lines')}>
            <thead>
              <tr>
                <th scope="col">{t('terminals.receipt.item')}</th>
                <th scope="col" className="text-end">
                  {t('terminals.receipt.quantity')}
                </th>
                <th scope="col" className="text-end">
                  {t('terminals.receipt.price')}
                </th>
                <th scope="col" className="text-end">
                  {t('terminals.receipt.total')}
                </th>
              </tr>
            </thead>
            <tbody>
              {receipt.data.lines.map((l) => (
                <tr key={String(l.id)}>
                  <td>{String(l.productLabel ?? l.product)}</td>
                  <td className="text-end">{Number(l.quantity)}</td>
                  <td className="text-end">
                    {m(l.unitPrice)}
                    {l.expectedUnitPrice !== null &&
                      l.expectedUnitPrice !== undefined &&
                      l.expectedUnitPrice !== l.unitPrice && (
                        <div className="text-warning-emphasis">
                          {t('terminals.receipt.expectedPrice', { price: m(l.expectedUnitPrice) })}
                        </div>
                      )}
                  </td>
                  <td className="text-end">
                    {m(l.lineTotal)}
                    {l.expectedLineTotal !== null &&
                      l.expectedLineTotal !== undefined &&
                      l.expectedLineTotal !== l.lineTotal && (
                        <div className="text-warning-emphasis">
                          {t('terminals.receipt.expectedPrice', { price: m(l.expectedLineTotal) })}
                        </div>
                      )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <dl className="row mb-2">
            <dt className="col-7">{t('terminals.receipt.subtotal')}</dt>
            <dd className="col-5 text-end mb-0">{m(sale.subtotal)}</dd>
            <dt className="col-7">{t('terminals.receipt.discounts')}</dt>
            <dd className="col-5 text-end mb-0">{m(sale.discountTotal)}</dd>
            <dt className="col-7">{t('terminals.receipt.tax')}</dt>
            <dd className="col-5 text-end mb-0">{m(sale.taxTotal)}</dd>
            <dt className="col-7">{t('terminals.receipt.grandTotal')}</dt>
            <dd className="col-5 text-end mb-0 fw-bold">{m(sale.total)}</dd>
            {sale.expectedTotal !== null && sale.expectedTotal !== undefined && (
              <>
                <dt className="col-7 fw-normal">{t('terminals.receipt.expectedTotal')}</dt>
                <dd className="col-5 text-end mb-0">{m(sale.expectedTotal)}</dd>
              </>
            )}
            {receipt.data.payments.map((p) => (
              // A fragment, not a wrapper: the grid's columns must be the row's own children.
              <Fragment key={String(p.id)}>
                <dt className="col-7 fw-normal">
                  {String(p.paymentModeLabel ?? p.paymentMode)}
                  {p.reference ? ` (${String(p.reference)})` : ''}
                </dt>
                <dd className="col-5 text-end mb-0">{m(p.amount)}</dd>
              </Fragment>
            ))}
          </dl>
          {receipt.data.vouchers.map((v) => (
            <p
              key={String(v.id)}
              className={v.status === 'alreadyUsed' || v.status === 'overRedeemed' ? 'text-danger mb-1' : 'mb-1'}
            >
              {t(`terminals.receipt.voucher.${String(v.status)}`, { code: String(v.code), amount: m(v.amount) })}
            </p>
          ))}
          {sale.priceDifference === true && (
            <FormAlert tone="info">
              {t('terminals.receipt.difference', { till: m(sale.total), engine: m(sale.expectedTotal) })}
            </FormAlert>
          )}
          {sale.pointsEarned !== null && sale.pointsEarned !== undefined && (
            <p className="mb-0">
              {t('terminals.receipt.points', {
                member: String(sale.memberLabel ?? ''),
                points: String(sale.pointsEarned),
              })}
            </p>
          )}
        </div>
      )}
    </Dialog>
  );
}

/** `sale`: the terminals' sales, newest first, each opening its receipt. */
export default function SalesScreen({ item }: SingleScreenProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<number | null>(null);
  return (
    <>
      <ListScreen
        entity={getEntity('sale')}
        item={item}
        hasForm={false}
        title={t('screens.sale', { defaultValue: item.name })}
        onOpenRow={(row) => setOpen(Number(row.id))}
      />
      {open !== null && <ReceiptDialog id={open} onClose={() => setOpen(null)} />}
    </>
  );
}
