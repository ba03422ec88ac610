import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { DELIVERY_ORDER_ACTIONS, type DeliveryOrderAction } from '@backroom/schema';
import type { ApiRow } from '../data/api';
import { ReferencePicker } from '../fields/ReferencePicker';
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
import { formHeading } from '../screens/recordName';
import { SaveProblems } from '../screens/SaveProblems';
import { TabList } from '../screens/TabList';
import { useFormController } from '../screens/useFormController';
import type { EntityFormProps } from '../screens/webModule';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { FormAlert } from '../ui/FormAlert';
import { deliveryOrderApi, printDocument, type DeliveryOrder } from './api';
import { CloseShortDialog } from './CloseShortDialog';
import { LabelDialog, type LabelLine } from './LabelDialog';
import { ReceiveDialog } from './ReceiveDialog';
import { StatusStepper } from './StatusStepper';

const orderKey = (id: number) => ['deliveryorder', id] as const;

/** `printdeliveryorder` add and edit: the order's fields while a draft, its status as steps, the actions its status allows. */
export default function DeliveryOrderForm(props: EntityFormProps) {
  return (
    <DocumentLoader {...props} queryKey={orderKey} load={deliveryOrderApi.get}>
      {(loaded) => <OrderForm {...props} {...loaded} />}
    </DocumentLoader>
  );
}

type Tab = 'details' | 'history';
type Pending = { kind: 'cancel' } | { kind: 'delete' } | { kind: 'receive' } | { kind: 'closeShort' } | null;

const today = () => new Date().toISOString().slice(0, 10);

type OrderFormProps = EntityFormProps & LoadedDocument<DeliveryOrder>;

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
  const [template, setTemplate] = useState('');

  // Lines show what was received only once there is something to show.
  const fields = useMemo(() => documentFields(entity, draft), [entity, draft]);
  const settled = useSettle<DeliveryOrder>(entity, orderKey, setAlert);
  // Saved through the order's own address; the form's checks, guard, save and delete are the generic form's.
  const ctl = useFormController({
    entity,
    item,
    mode,
    row: order as ApiRow | undefined,
    defaults: { date: today() },
    readOnly: !draft,
    save: (values) =>
      (order
        ? deliveryOrderApi.update(Number(order.id), { ...values, version: order.version })
        : deliveryOrderApi.create(values)) as Promise<ApiRow>,
    remove: () => deliveryOrderApi.remove(Number(order!.id)),
    onSaved: (saved) => settled(saved as DeliveryOrder, t('form.saved')),
  });
  const dirty = ctl.form.formState.isDirty;

  const show = (error: unknown) => showFailure(error, ctl, fields, setAlert, t);
  const act = useMutation({
    mutationFn: ({ action, extra }: { action: DeliveryOrderAction; extra?: Record<string, unknown> }) =>
      deliveryOrderApi.act(Number(order!.id), action, order!.version, extra),
    onSuccess: (saved, { action }) => {
      setPending(null);
      // A receipt or a close short says where the order got to (partially received, closing…).
      const done = action === 'receive' || action === 'closeShort' ? `${action}.${saved.status}` : action;
      settled(saved, t(`stock.order.done.${done}`, { docNo: saved.docNo }));
    },
    onError: (error) => {
      setPending(null);
      show(error);
    },
  });
  const print = useMutation({
    mutationFn: () => printDocument({ document: 'deliveryorder', id: order!.id }),
    onError: show,
  });

  const allowed = (action: DeliveryOrderAction) =>
    item.ableToEdit && order !== undefined && (DELIVERY_ORDER_ACTIONS[action] as readonly string[]).includes(status);
  const busy = act.isPending || ctl.isSubmitting;
  const run = (action: DeliveryOrderAction, extra?: Record<string, unknown>) => {
    setAlert(null);
    act.mutate({ action, extra });
  };
  const heading = order
    ? t('stock.order.title', { docNo: order.docNo })
    : formHeading(t, { entity, title, mode: 'add', canEdit: true });
  // Labels for what arrived: one per unit received (a part unit still gets its label).
  const received: LabelLine[] = (order?.lines ?? []).flatMap((l) => {
    const units = Math.ceil(Number(l.receivedQty ?? 0));
    return units > 0 ? [{ product: l.product, quantity: units }] : [];
  });
  const [labelsOpen, setLabelsOpen] = useState(false);
  const summary = entity.fields.filter((f) => ['dispatchedAt', 'receivedAt'].includes(f.name) && order?.[f.name]);

  return (
    <DocumentCard
      heading={heading}
      className="delivery-order"
      listPath={item.path}
      dialogs={
        <>
          {ctl.guard}
          {pending?.kind === 'receive' && order && (
            <ReceiveDialog
              order={order}
              busy={act.isPending}
              onCancel={() => setPending(null)}
              onReceive={(lines) => run('receive', { lines })}
            />
          )}
          {pending?.kind === 'closeShort' && order && (
            <CloseShortDialog
              order={order}
              busy={act.isPending}
              onCancel={() => setPending(null)}
              onClose={(body) => run('closeShort', body)}
            />
          )}
          {pending?.kind === 'cancel' && (
            <ConfirmDialog
              title={t('stock.order.confirmCancel', { docNo: order?.docNo })}
              confirmLabel={t('stock.order.cancel')}
              onCancel={() => setPending(null)}
              onConfirm={() => run('cancel')}
            />
          )}
          {pending?.kind === 'delete' && <DeleteDocumentDialog ctl={ctl} onClose={() => setPending(null)} />}
        </>
      }
    >
      {order && <StatusStepper status={status} />}
      {order && (
        <div className="d-flex flex-wrap gap-2 mb-3" role="toolbar" aria-label={t('stock.order.actions')}>
          {allowed('confirm') && (
            <ActionButton
              icon="check2-circle"
              label={t('stock.order.confirm')}
              disabled={busy || dirty}
              onClick={() => run('confirm')}
            />
          )}
          {allowed('dispatch') && (
            <ActionButton
              icon="truck"
              label={t('stock.order.dispatch')}
              disabled={busy}
              onClick={() => run('dispatch')}
            />
          )}
          {allowed('receive') && (
            <ActionButton
              icon="box-arrow-in-down"
              label={t('stock.order.receiveButton')}
              disabled={busy}
              onClick={() => setPending({ kind: 'receive' })}
            />
          )}
          {allowed('closeShort') && (
            <ActionButton
              icon="x-octagon"
              label={t('stock.order.closeShortButton')}
              tone="btn-outline-danger"
              disabled={busy}
              onClick={() => setPending({ kind: 'closeShort' })}
            />
          )}
          {allowed('cancel') && (
            <ActionButton
              icon="x-circle"
              label={t('stock.order.cancel')}
              tone="btn-outline-danger"
              disabled={busy || dirty}
              onClick={() => setPending({ kind: 'cancel' })}
            />
          )}
          <ActionButton
            icon="printer"
            label={t('stock.order.print')}
            tone="btn-outline-secondary"
            disabled={print.isPending}
            onClick={() => print.mutate()}
          />
          {received.length > 0 && (
            <button type="button" className="btn btn-outline-secondary" onClick={() => setLabelsOpen(true)}>
              <i className="bi bi-upc-scan" aria-hidden="true" /> {t('stock.labels.fromOrder')}
            </button>
          )}
          {labelsOpen && <LabelDialog lines={received} onClose={() => setLabelsOpen(false)} />}
          {allowed('prefill') && (
            <div className="input-group w-auto ms-auto">
              <ReferencePicker
                entity="stocktemplate"
                ariaLabel={t('stock.order.template')}
                value={template}
                onChange={setTemplate}
                blank={t('stock.order.chooseTemplate')}
              />
              <button
                type="button"
                className="btn btn-outline-primary"
                disabled={busy || dirty || template === ''}
                onClick={() => run('prefill', { stockTemplate: Number(template) })}
              >
                {t('stock.order.prefill')}
              </button>
            </div>
          )}
        </div>
      )}
      {order && dirty && draft && <FormAlert tone="info">{t('stock.order.saveFirst')}</FormAlert>}
      <SaveProblems ctl={ctl} onReload={onReload} />
      <NoticeAlert notice={alert} />

      {order && <TabList names={['details', 'history']} current={tab} onChange={(name) => setTab(name as Tab)} />}
      <DetailsPanel tabbed={order !== undefined} open={tab === 'details'}>
        <DocumentSummary
          fields={summary}
          row={order as ApiRow | undefined}
          labelOf={(f) => t(`stock.order.${f.name}`)}
          width="col-md-3"
        />
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
      {order && <HistoryPanel entity={entity} id={Number(order.id)} open={tab === 'history'} />}
    </DocumentCard>
  );
}
