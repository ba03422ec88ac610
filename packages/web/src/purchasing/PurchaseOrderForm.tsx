import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormProvider } from 'react-hook-form';
import { Link, useParams } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PURCHASE_ORDER_ACTIONS, type NormalisedField, type PurchaseOrderAction } from '@backroom/schema';
import { apiFailure, type ApiRow } from '../data/api';
import { useRow } from '../data/hooks';
import { FieldInput, FormMetaContext } from '../fields/FieldInput';
import { formatCell } from '../fields/format';
import { useEntityWithCustomFields } from '../data/customFields';
import { HistoryTab } from '../screens/HistoryTab';
import { SaveProblems } from '../screens/SaveProblems';
import { TabList } from '../screens/TabList';
import { useFormController } from '../screens/useFormController';
import type { EntityFormProps } from '../screens/webModule';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { FormAlert } from '../ui/FormAlert';
import { Spinner } from '../ui/Spinner';
import { TitledCard } from '../ui/TitledCard';
import { printOrder, purchaseOrderApi, type PurchaseOrder } from './api';
import { CloseShortDialog } from './CloseShortDialog';
import { OrderStepper } from './OrderStepper';
import { ReceiptsPanel } from './ReceiptsPanel';
import { ReceiveDialog } from './ReceiveDialog';

const orderKey = (id: number) => ['purchaseorder', id] as const;

/** `purchaseorder` add and edit: the order's fields while a draft, its status as steps, the actions its status allows. */
export default function PurchaseOrderForm({ entity: base, item, mode, title }: EntityFormProps) {
  const { t } = useTranslation();
  const params = useParams();
  const id = mode === 'edit' ? Number(params.id) : undefined;
  const { entity, isPending: customPending } = useEntityWithCustomFields(base);
  const order = useQuery({
    queryKey: orderKey(id ?? 0),
    queryFn: () => purchaseOrderApi.get(id!),
    enabled: id !== undefined && Number.isSafeInteger(id) && id > 0,
  });
  const [notice, setNotice] = useState<Notice | null>(null);
  if (mode === 'edit' && (id === undefined || !Number.isSafeInteger(id) || id <= 0))
    return <p role="alert">{t('form.notFound')}</p>;
  if (customPending || (mode === 'edit' && order.isPending)) return <Spinner />;
  if (order.isError)
    return (
      <div className="alert alert-danger" role="alert">
        {t('form.loadFailed', { message: apiFailure(order.error).message })}{' '}
        <Link to={item.path}>{t('form.backToList')}</Link>
      </div>
    );
  // A new version (after any action) starts the form afresh from what the server holds.
  return (
    <OrderForm
      key={`${String(id)}:${String(order.data?.version)}`}
      entity={entity}
      item={item}
      mode={mode}
      title={title}
      order={order.data}
      notice={notice}
      onNotice={setNotice}
      onReload={() => void order.refetch()}
    />
  );
}

type Tab = 'details' | 'receipts' | 'history';
type Notice = { tone: 'danger' | 'success'; text: string; details?: string[] };
type Pending =
  | { kind: 'cancel' }
  | { kind: 'delete' }
  | { kind: 'receive' }
  | { kind: 'closeShort' }
  | { kind: 'send' }
  | { kind: 'belowMinimum'; message: string }
  | null;

interface OrderFormProps extends EntityFormProps {
  order?: PurchaseOrder;
  notice: Notice | null;
  onNotice(notice: Notice | null): void;
  onReload(): void;
}

function OrderForm({ entity, item, mode, title, order, notice: alert, onNotice: setAlert, onReload }: OrderFormProps) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const status = order?.status ?? 'draft';
  const draft = status === 'draft';
  const [tab, setTab] = useState<Tab>('details');
  const [pending, setPending] = useState<Pending>(null);

  // A draft's lines show what is typed; the supplier's SKU, pack size, totals and receipts once saved.
  const fields = useMemo(
    () =>
      entity.fields
        .filter((f) => !f.system && !f.readOnly)
        .map((f): NormalisedField =>
          f.kind === 'children' && !order
            ? { ...f, fields: f.fields.filter((c) => !c.readOnly || c.name === 'id') }
            : f,
        ),
    [entity, order],
  );
  const settled = (saved: PurchaseOrder, message: string) => {
    void queryClient.invalidateQueries({ queryKey: ['data', entity.name] });
    queryClient.setQueryData(orderKey(Number(saved.id)), saved);
    setAlert({ tone: 'success', text: message });
  };
  const ctl = useFormController({
    entity,
    item,
    mode,
    row: order as ApiRow | undefined,
    defaults: {},
    readOnly: !draft,
    save: (values) =>
      (order
        ? purchaseOrderApi.update({ ...values, id: order.id, version: order.version })
        : purchaseOrderApi.create(values)) as Promise<ApiRow>,
    remove: () => purchaseOrderApi.remove(Number(order!.id)),
    onSaved: (saved) => settled(saved as PurchaseOrder, t('form.saved')),
  });
  const { form, canEdit: editable } = ctl;
  const dirty = form.formState.isDirty;
  const supplier = useRow('supplier', order?.supplier);

  const show = (error: unknown) => {
    const failure = apiFailure(error);
    const named = failure.errors.filter((e) => e.field && fields.some((f) => f.name === e.field.split('.')[0]));
    for (const e of named) form.setError(e.field, { type: 'server', message: e.message });
    setAlert({
      tone: 'danger',
      text: failure.message,
      details: failure.errors.filter((e) => !named.includes(e) && e.message !== failure.message).map((e) => e.message),
    });
  };
  const act = useMutation({
    mutationFn: ({ action, extra }: { action: PurchaseOrderAction; extra?: Record<string, unknown> }) =>
      purchaseOrderApi.act(order!, action, extra),
    onSuccess: (saved, { action }) => {
      setPending(null);
      settled(saved, t(`purchasing.done.${action}`, { docNo: saved.docNo, receipt: saved.receipt?.docNo ?? '' }));
    },
    onError: (error, { action, extra }) => {
      const failure = apiFailure(error);
      // Below the supplier's minimum: ask, then send anyway.
      if (action === 'send' && !extra?.belowMinimum && failure.errors.some((e) => e.field === 'total')) {
        setPending({ kind: 'belowMinimum', message: failure.message });
        return;
      }
      setPending(null);
      show(error);
    },
  });
  const print = useMutation({ mutationFn: () => printOrder(Number(order!.id)), onError: show });

  const allowed = (action: PurchaseOrderAction) =>
    item.ableToEdit && order !== undefined && (PURCHASE_ORDER_ACTIONS[action] as readonly string[]).includes(status);
  const busy = act.isPending || ctl.isSubmitting;
  const run = (action: PurchaseOrderAction, extra?: Record<string, unknown>) => {
    setAlert(null);
    act.mutate({ action, extra });
  };
  const heading = order ? t('purchasing.title', { docNo: order.docNo }) : t('form.addTitle', { title });
  const summary = entity.fields.filter(
    (f) =>
      ['subtotal', 'tax', 'total', 'sentAt', 'closedAt', 'closeReason'].includes(f.name) &&
      order?.[f.name] !== null &&
      order?.[f.name] !== undefined,
  );
  const backorder = order?.lines.filter((l) => Number(l.receivedQty ?? 0) < Number(l.quantity)) ?? [];
  const terms = supplier.data as
    (ApiRow & { leadTimeDays?: number | null; minimumOrderValue?: string | null }) | undefined;

  return (
    <TitledCard
      titleId="screen-title"
      title={heading}
      className="form-screen purchase-order"
      actions={
        <Link to={item.path} className="btn btn-outline-secondary">
          <i className="bi bi-arrow-left" aria-hidden="true" /> {t('form.backToList')}
        </Link>
      }
      dialogs={
        <>
          {ctl.guard}
          {pending?.kind === 'receive' && order && (
            <ReceiveDialog
              order={order}
              busy={act.isPending}
              onCancel={() => setPending(null)}
              onReceive={(body) => run('receive', body)}
            />
          )}
          {pending?.kind === 'closeShort' && order && (
            <CloseShortDialog
              order={order}
              busy={act.isPending}
              onCancel={() => setPending(null)}
              onClose={(reason) => run('closeShort', { reason })}
            />
          )}
          {pending?.kind === 'send' && (
            <ConfirmDialog
              title={t('purchasing.confirmSend', { docNo: order?.docNo, supplier: order?.supplierLabel ?? '' })}
              confirmLabel={t('purchasing.send')}
              onCancel={() => setPending(null)}
              onConfirm={() => run('send')}
            />
          )}
          {pending?.kind === 'belowMinimum' && (
            <ConfirmDialog
              title={pending.message}
              confirmLabel={t('purchasing.sendAnyway')}
              onCancel={() => setPending(null)}
              onConfirm={() => run('send', { belowMinimum: true })}
            />
          )}
          {pending?.kind === 'cancel' && (
            <ConfirmDialog
              title={t('purchasing.confirmCancel', { docNo: order?.docNo })}
              confirmLabel={t('purchasing.cancel')}
              onCancel={() => setPending(null)}
              onConfirm={() => run('cancel')}
            />
          )}
          {pending?.kind === 'delete' && (
            <ConfirmDialog
              title={t('list.confirmDelete', { count: 1 })}
              confirmLabel={t('list.delete')}
              onCancel={() => setPending(null)}
              onConfirm={() => {
                setPending(null);
                ctl.remove.mutate();
              }}
            />
          )}
        </>
      }
    >
      {order && <OrderStepper status={status} />}
      {order && (
        <div className="d-flex flex-wrap gap-2 mb-3" role="toolbar" aria-label={t('purchasing.actions')}>
          {allowed('send') && (
            <button
              type="button"
              className="btn btn-primary"
              disabled={busy || dirty}
              onClick={() => setPending({ kind: 'send' })}
            >
              <i className="bi bi-send" aria-hidden="true" /> {t('purchasing.send')}
            </button>
          )}
          {allowed('receive') && (
            <button
              type="button"
              className="btn btn-primary"
              disabled={busy}
              onClick={() => setPending({ kind: 'receive' })}
            >
              <i className="bi bi-box-arrow-in-down" aria-hidden="true" /> {t('purchasing.receiveButton')}
            </button>
          )}
          {allowed('closeShort') && (
            <button
              type="button"
              className="btn btn-outline-warning"
              disabled={busy || dirty}
              onClick={() => setPending({ kind: 'closeShort' })}
            >
              <i className="bi bi-slash-circle" aria-hidden="true" /> {t('purchasing.closeShort')}
            </button>
          )}
          {allowed('cancel') && (
            <button
              type="button"
              className="btn btn-outline-danger"
              disabled={busy || dirty}
              onClick={() => setPending({ kind: 'cancel' })}
            >
              <i className="bi bi-x-circle" aria-hidden="true" /> {t('purchasing.cancel')}
            </button>
          )}
          <button
            type="button"
            className="btn btn-outline-secondary"
            disabled={print.isPending}
            onClick={() => print.mutate()}
          >
            <i className="bi bi-printer" aria-hidden="true" /> {t('purchasing.print')}
          </button>
        </div>
      )}
      {order && dirty && draft && <FormAlert tone="info">{t('purchasing.saveFirst')}</FormAlert>}
      <SaveProblems ctl={ctl} onReload={onReload} />
      {alert && (
        <FormAlert tone={alert.tone}>
          {alert.text}
          {alert.details && alert.details.length > 0 && (
            <ul className="mb-0">
              {alert.details.map((d) => (
                <li key={d}>{d}</li>
              ))}
            </ul>
          )}
        </FormAlert>
      )}

      {order && (
        <TabList
          names={draft ? ['details', 'history'] : ['details', 'receipts', 'history']}
          current={tab}
          onChange={(name) => setTab(name as Tab)}
        />
      )}
      <div
        id="panel-details"
        role={order ? 'tabpanel' : undefined}
        aria-labelledby={order ? 'tab-details' : undefined}
        hidden={tab !== 'details'}
      >
        {terms && (
          <p className="text-body-secondary small" data-testid="supplier-terms">
            {t('purchasing.terms', {
              supplier: order?.supplierLabel ?? '',
              days: terms.leadTimeDays ?? '—',
              minimum: terms.minimumOrderValue ?? '—',
            })}
          </p>
        )}
        {summary.length > 0 && (
          <dl className="row mb-2">
            {summary.map((f) => (
              <div key={f.name} className="col-md-2">
                <dt className="small text-body-secondary">{f.label}</dt>
                <dd data-testid={`summary-${f.name}`}>{formatCell(t, i18n.language, f, order ?? {})}</dd>
              </div>
            ))}
          </dl>
        )}
        {order && status === 'partiallyReceived' && backorder.length > 0 && (
          <FormAlert tone="info">
            {t('purchasing.backorder', { count: backorder.length })}
            <ul className="mb-0" aria-label={t('purchasing.backorderList')}>
              {backorder.map((l) => (
                <li key={l.id}>
                  {t('purchasing.backorderLine', {
                    product: l.productLabel ?? l.product,
                    left: (Number(l.quantity) - Number(l.receivedQty ?? 0)).toFixed(3),
                  })}
                </li>
              ))}
            </ul>
          </FormAlert>
        )}
        <FormMetaContext.Provider value={{ entity: entity.name, row: order }}>
          <FormProvider {...form}>
            <form
              noValidate
              aria-label={heading}
              onSubmit={(event) => {
                setAlert(null);
                void ctl.submit()(event);
              }}
            >
              <fieldset disabled={!editable || busy} className="row g-x-3">
                {fields.map((field) => (
                  <div
                    key={field.name}
                    className={field.kind === 'children' || field.kind === 'longtext' ? 'col-12' : 'col-md-4'}
                  >
                    <FieldInput field={field} name={field.name} scope={entity.name} disabled={!editable} />
                  </div>
                ))}
              </fieldset>
              {editable && (
                <div className="d-flex gap-2">
                  <button type="submit" className="btn btn-primary" disabled={busy}>
                    {ctl.isSubmitting && <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" />}
                    {t('form.save')}
                  </button>
                  {ctl.canDelete && (
                    <button
                      type="button"
                      className="btn btn-outline-danger ms-auto"
                      onClick={() => setPending({ kind: 'delete' })}
                    >
                      <i className="bi bi-trash" aria-hidden="true" /> {t('list.delete')}
                    </button>
                  )}
                </div>
              )}
            </form>
          </FormProvider>
        </FormMetaContext.Provider>
      </div>
      {order && !draft && (
        <div id="panel-receipts" role="tabpanel" aria-labelledby="tab-receipts" hidden={tab !== 'receipts'}>
          {tab === 'receipts' && (
            <ReceiptsPanel
              order={order}
              canReturn={allowed('returnToSupplier')}
              busy={busy}
              onReturn={(body) => run('returnToSupplier', body)}
              onError={show}
            />
          )}
        </div>
      )}
      {order && (
        <div id="panel-history" role="tabpanel" aria-labelledby="tab-history" hidden={tab !== 'history'}>
          {tab === 'history' && <HistoryTab entity={entity} id={Number(order.id)} />}
        </div>
      )}
    </TitledCard>
  );
}
