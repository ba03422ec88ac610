import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { PURCHASE_ORDER_ACTIONS, type PurchaseOrderAction } from '@backroom/schema';
import { apiFailure, type ApiRow } from '../data/api';
import { useRow } from '../data/hooks';
import {
  ActionButton,
  DocumentCard,
  DocumentSummary,
  DeleteDocumentDialog,
  DetailsPanel,
  DocumentFields,
  DocumentLoader,
  HistoryPanel,
  NoticeAlert,
  documentFields,
  showFailure,
  useSettle,
  type LoadedDocument,
} from '../screens/DocumentForm';
import { SaveProblems } from '../screens/SaveProblems';
import { TabList } from '../screens/TabList';
import { useFormController } from '../screens/useFormController';
import type { EntityFormProps } from '../screens/webModule';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { FormAlert } from '../ui/FormAlert';
import { printOrder, purchaseOrderApi, type PurchaseOrder } from './api';
import { CloseShortDialog } from './CloseShortDialog';
import { OrderStepper } from './OrderStepper';
import { ReceiptsPanel } from './ReceiptsPanel';
import { ReceiveDialog } from './ReceiveDialog';

const orderKey = (id: number) => ['purchaseorder', id] as const;

/** `purchaseorder` add and edit: the order's fields while a draft, its status as steps, the actions its status allows. */
export default function PurchaseOrderForm(props: EntityFormProps) {
  return (
    <DocumentLoader {...props} queryKey={orderKey} load={purchaseOrderApi.get}>
      {(loaded) => <OrderForm {...props} {...loaded} />}
    </DocumentLoader>
  );
}

type Tab = 'details' | 'receipts' | 'history';
type Pending =
  | { kind: 'cancel' }
  | { kind: 'delete' }
  | { kind: 'receive' }
  | { kind: 'closeShort' }
  | { kind: 'send' }
  | { kind: 'belowMinimum'; message: string }
  | null;

type OrderFormProps = EntityFormProps & LoadedDocument<PurchaseOrder>;

function OrderForm({
  entity,
  item,
  mode,
  title,
  row: order,
  notice: alert,
  onNotice: setAlert,
  onReload,
}: OrderFormProps) {
  const { t } = useTranslation();
  const status = order?.status ?? 'draft';
  const draft = status === 'draft';
  const [tab, setTab] = useState<Tab>('details');
  const [pending, setPending] = useState<Pending>(null);

  // A draft's lines show what is typed; the supplier's SKU, pack size, totals and receipts once saved.
  const fields = useMemo(() => documentFields(entity, !order), [entity, order]);
  const settled = useSettle<PurchaseOrder>(entity, orderKey, setAlert);
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
  const dirty = ctl.form.formState.isDirty;
  const supplier = useRow('supplier', order?.supplier);

  const show = (error: unknown) => showFailure(error, ctl, fields, setAlert, t);
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
    <DocumentCard
      heading={heading}
      className="purchase-order"
      listPath={item.path}
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
          {pending?.kind === 'delete' && <DeleteDocumentDialog ctl={ctl} onClose={() => setPending(null)} />}
        </>
      }
    >
      {order && <OrderStepper status={status} />}
      {order && (
        <div className="d-flex flex-wrap gap-2 mb-3" role="toolbar" aria-label={t('purchasing.actions')}>
          {allowed('send') && (
            <ActionButton
              icon="send"
              label={t('purchasing.send')}
              disabled={busy || dirty}
              onClick={() => setPending({ kind: 'send' })}
            />
          )}
          {allowed('receive') && (
            <ActionButton
              icon="box-arrow-in-down"
              label={t('purchasing.receiveButton')}
              disabled={busy}
              onClick={() => setPending({ kind: 'receive' })}
            />
          )}
          {allowed('closeShort') && (
            <ActionButton
              icon="slash-circle"
              label={t('purchasing.closeShort')}
              tone="btn-outline-warning"
              disabled={busy || dirty}
              onClick={() => setPending({ kind: 'closeShort' })}
            />
          )}
          {allowed('cancel') && (
            <ActionButton
              icon="x-circle"
              label={t('purchasing.cancel')}
              tone="btn-outline-danger"
              disabled={busy || dirty}
              onClick={() => setPending({ kind: 'cancel' })}
            />
          )}
          <ActionButton
            icon="printer"
            label={t('purchasing.print')}
            tone="btn-outline-secondary"
            disabled={print.isPending}
            onClick={() => print.mutate()}
          />
        </div>
      )}
      {order && dirty && draft && <FormAlert tone="info">{t('purchasing.saveFirst')}</FormAlert>}
      <SaveProblems ctl={ctl} onReload={onReload} />
      <NoticeAlert notice={alert} />

      {order && (
        <TabList
          names={draft ? ['details', 'history'] : ['details', 'receipts', 'history']}
          current={tab}
          onChange={(name) => setTab(name as Tab)}
        />
      )}
      <DetailsPanel tabbed={order !== undefined} open={tab === 'details'}>
        {terms && (
          <p className="text-body-secondary small" data-testid="supplier-terms">
            {t('purchasing.terms', {
              supplier: order?.supplierLabel ?? '',
              days: terms.leadTimeDays ?? '—',
              minimum: terms.minimumOrderValue ?? '—',
            })}
          </p>
        )}
        <DocumentSummary fields={summary} row={order as ApiRow | undefined} labelOf={(f) => f.label} width="col-md-2" />
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
        <DocumentFields
          ctl={ctl}
          entity={entity}
          fields={fields}
          row={order as ApiRow | undefined}
          label={heading}
          busy={busy}
          onSubmit={() => setAlert(null)}
          onDelete={() => setPending({ kind: 'delete' })}
        />
      </DetailsPanel>
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
      {order && <HistoryPanel entity={entity} id={Number(order.id)} open={tab === 'history'} />}
    </DocumentCard>
  );
}
