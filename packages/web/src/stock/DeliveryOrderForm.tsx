import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormProvider } from 'react-hook-form';
import { Link, useParams } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DELIVERY_ORDER_ACTIONS, type DeliveryOrderAction, type NormalisedField } from '@backroom/schema';
import { apiFailure, type ApiRow } from '../data/api';
import { ReferencePicker } from '../fields/ReferencePicker';
import { FieldInput, FormMetaContext } from '../fields/FieldInput';
import { formatCell } from '../fields/format';
import { useEntityWithCustomFields } from '../data/customFields';
import { HistoryTab } from '../screens/HistoryTab';
import { formHeading } from '../screens/recordName';
import { SaveProblems } from '../screens/SaveProblems';
import { TabList } from '../screens/TabList';
import { useFormController } from '../screens/useFormController';
import type { EntityFormProps } from '../screens/webModule';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { FormAlert } from '../ui/FormAlert';
import { Spinner } from '../ui/Spinner';
import { TitledCard } from '../ui/TitledCard';
import { deliveryOrderApi, printDocument, type DeliveryOrder } from './api';
import { CloseShortDialog } from './CloseShortDialog';
import { LabelDialog, type LabelLine } from './LabelDialog';
import { ReceiveDialog } from './ReceiveDialog';
import { StatusStepper } from './StatusStepper';

const orderKey = (id: number) => ['deliveryorder', id] as const;

/** `printdeliveryorder` add and edit: the order's fields while a draft, its status as steps, the actions its status allows. */
export default function DeliveryOrderForm({ entity: base, item, mode, title }: EntityFormProps) {
  const { t } = useTranslation();
  const params = useParams();
  const id = mode === 'edit' ? Number(params.id) : undefined;
  const { entity, isPending: customPending } = useEntityWithCustomFields(base);
  const order = useQuery({
    queryKey: orderKey(id ?? 0),
    queryFn: () => deliveryOrderApi.get(id!),
    enabled: id !== undefined && Number.isSafeInteger(id) && id > 0,
  });
  // Kept here: the form below starts afresh with every new version, its message should not.
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

type Tab = 'details' | 'history';
type Notice = { tone: 'danger' | 'success'; text: string; details?: string[] };
type Pending = { kind: 'cancel' } | { kind: 'delete' } | { kind: 'receive' } | { kind: 'closeShort' } | null;

const today = () => new Date().toISOString().slice(0, 10);

interface OrderFormProps extends EntityFormProps {
  order?: DeliveryOrder;
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
  const [template, setTemplate] = useState('');

  // Lines show what was received only once there is something to show.
  const fields = useMemo(
    () =>
      entity.fields
        .filter((f) => !f.system && !f.readOnly)
        .map((f): NormalisedField =>
          f.kind === 'children' && draft ? { ...f, fields: f.fields.filter((c) => !c.readOnly || c.name === 'id') } : f,
        ),
    [entity, draft],
  );
  const settled = (saved: DeliveryOrder, message: string) => {
    void queryClient.invalidateQueries({ queryKey: ['data', entity.name] });
    queryClient.setQueryData(orderKey(Number(saved.id)), saved);
    setAlert({ tone: 'success', text: message });
  };
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
  const { form, canEdit: editable } = ctl;
  const dirty = form.formState.isDirty;

  const show = (error: unknown) => {
    const failure = apiFailure(error);
    const named = failure.errors.filter((e) => e.field && fields.some((f) => f.name === e.field.split('.')[0]));
    for (const e of named) form.setError(e.field, { type: 'server', message: e.message });
    setAlert({
      tone: 'danger',
      text: failure.message,
      details: failure.errors.filter((e) => !named.includes(e)).map((e) => e.message),
    });
  };
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
    <TitledCard
      titleId="screen-title"
      title={heading}
      className="form-screen delivery-order"
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
      {order && <StatusStepper status={status} />}
      {order && (
        <div className="d-flex flex-wrap gap-2 mb-3" role="toolbar" aria-label={t('stock.order.actions')}>
          {allowed('confirm') && (
            <button type="button" className="btn btn-primary" disabled={busy || dirty} onClick={() => run('confirm')}>
              <i className="bi bi-check2-circle" aria-hidden="true" /> {t('stock.order.confirm')}
            </button>
          )}
          {allowed('dispatch') && (
            <button type="button" className="btn btn-primary" disabled={busy} onClick={() => run('dispatch')}>
              <i className="bi bi-truck" aria-hidden="true" /> {t('stock.order.dispatch')}
            </button>
          )}
          {allowed('receive') && (
            <button
              type="button"
              className="btn btn-primary"
              disabled={busy}
              onClick={() => setPending({ kind: 'receive' })}
            >
              <i className="bi bi-box-arrow-in-down" aria-hidden="true" /> {t('stock.order.receiveButton')}
            </button>
          )}
          {allowed('closeShort') && (
            <button
              type="button"
              className="btn btn-outline-danger"
              disabled={busy}
              onClick={() => setPending({ kind: 'closeShort' })}
            >
              <i className="bi bi-x-octagon" aria-hidden="true" /> {t('stock.order.closeShortButton')}
            </button>
          )}
          {allowed('cancel') && (
            <button
              type="button"
              className="btn btn-outline-danger"
              disabled={busy || dirty}
              onClick={() => setPending({ kind: 'cancel' })}
            >
              <i className="bi bi-x-circle" aria-hidden="true" /> {t('stock.order.cancel')}
            </button>
          )}
          <button
            type="button"
            className="btn btn-outline-secondary"
            disabled={print.isPending}
            onClick={() => print.mutate()}
          >
            <i className="bi bi-printer" aria-hidden="true" /> {t('stock.order.print')}
          </button>
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

      {order && <TabList names={['details', 'history']} current={tab} onChange={(name) => setTab(name as Tab)} />}
      <div
        id="panel-details"
        role={order ? 'tabpanel' : undefined}
        aria-labelledby={order ? 'tab-details' : undefined}
        hidden={tab !== 'details'}
      >
        {summary.length > 0 && (
          <dl className="row mb-2">
            {summary.map((f) => (
              <div key={f.name} className="col-md-3">
                <dt className="small text-body-secondary">{t(`stock.order.${f.name}`)}</dt>
                <dd>{formatCell(t, i18n.language, f, order ?? {})}</dd>
              </div>
            ))}
          </dl>
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
      {order && (
        <div id="panel-history" role="tabpanel" aria-labelledby="tab-history" hidden={tab !== 'history'}>
          {tab === 'history' && <HistoryTab entity={entity} id={Number(order.id)} />}
        </div>
      )}
    </TitledCard>
  );
}
