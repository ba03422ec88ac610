import { Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormProvider, useForm, type FieldValues, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { insertSchema, updateSchema, type NormalisedEntity, type NormalisedField } from '@backroom/schema';
import { apiFailure, dataApi, type ApiRow } from '../data/api';
import { dataKeys, useCustomFields, useRow } from '../data/hooks';
import { FieldInput, FormMetaContext } from '../fields/FieldInput';
import { toFormValues, toWire } from '../fields/values';
import { ConfirmDialog } from '../shell/ConfirmDialog';
import type { ClientMenuItem } from '../store/menuSlice';
import { Spinner } from '../ui/Spinner';
import { TitledCard } from '../ui/TitledCard';
import { formActions } from './formActions';
import { formTabs } from './formTabs';
import { TabList } from './TabList';
import { HistoryTab } from './HistoryTab';
import { useUnsavedGuard } from './UnsavedGuard';

const NO_FIELDS: readonly string[] = [];

interface FormScreenProps {
  entity: NormalisedEntity;
  item: ClientMenuItem;
  mode: 'add' | 'edit';
  title: string;
  /** Values every new row gets and that are not shown (the list-value screen's category). */
  fixedValues?: Record<string, unknown>;
  hiddenFields?: readonly string[];
}

/** The entity with the server's run-time custom fields added before its system fields. */
export function withServerCustomFields(entity: NormalisedEntity, custom: readonly NormalisedField[] | undefined): NormalisedEntity {
  const known = new Set(entity.fields.map((f) => f.name));
  const extra = (custom ?? []).filter((f) => !known.has(f.name));
  if (extra.length === 0) return entity;
  const tail = entity.fields.findIndex((f, i) => i > 0 && f.system);
  const at = tail < 0 ? entity.fields.length : tail;
  return { ...entity, fields: [...entity.fields.slice(0, at), ...extra, ...entity.fields.slice(at)] };
}

/** The generic form of a menu screen: add (`{route}/add`) or edit (`{route}/edit/{id}`). */
export function FormScreen({ entity: base, item, mode, title, fixedValues, hiddenFields = NO_FIELDS }: FormScreenProps) {
  const { t } = useTranslation();
  const params = useParams();
  const id = mode === 'edit' ? Number(params.id) : undefined;
  const custom = useCustomFields(base.name, base.customizable);
  const entity = useMemo(() => withServerCustomFields(base, custom.data), [base, custom.data]);
  const row = useRow(base.name, id);
  const [reloads, setReloads] = useState(0);

  if (mode === 'edit' && (id === undefined || !Number.isSafeInteger(id) || id <= 0)) return <p role="alert">{t('form.notFound')}</p>;
  if ((base.customizable && custom.isPending) || (mode === 'edit' && row.isPending)) return <Spinner />;
  if (mode === 'edit' && row.isError)
    return (
      <div className="alert alert-danger" role="alert">
        {t('form.loadFailed', { message: apiFailure(row.error).message })} <Link to={item.path}>{t('form.backToList')}</Link>
      </div>
    );

  return (
    <EntityForm
      key={`${mode}:${String(id ?? '')}:${reloads}`}
      entity={entity}
      item={item}
      mode={mode}
      title={title}
      row={mode === 'edit' ? row.data : undefined}
      fixedValues={fixedValues}
      hiddenFields={hiddenFields}
      onReload={async () => {
        await row.refetch();
        setReloads((n) => n + 1);
      }}
    />
  );
}

interface EntityFormProps {
  entity: NormalisedEntity;
  item: ClientMenuItem;
  mode: 'add' | 'edit';
  title: string;
  row?: ApiRow;
  fixedValues?: Record<string, unknown>;
  hiddenFields: readonly string[];
  onReload(): Promise<void>;
}

type Tab = string;

function EntityForm({ entity, item, mode, title, row, fixedValues, hiddenFields, onReload }: EntityFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const canEdit = item.ableToEdit && !entity.readOnly;
  const canDelete = mode === 'edit' && item.ableToDelete && !entity.readOnly;
  const [tab, setTab] = useState<Tab>('details');
  const [alert, setAlert] = useState<string[]>([]);
  const [stale, setStale] = useState(false);
  const [saved, setSaved] = useState(Boolean((location.state as { saved?: boolean } | null)?.saved));
  const [confirmDelete, setConfirmDelete] = useState(false);

  const visible = entity.fields.filter(
    (f) => f.name !== 'id' && f.name !== 'version' && !hiddenFields.includes(f.name) && !(mode === 'add' && f.system && f.name !== 'isActive'),
  );
  const resolver = useMemo<Resolver<FieldValues>>(() => {
    const schema = mode === 'add' ? insertSchema(entity) : updateSchema(entity);
    const zod = zodResolver(schema as never) as unknown as Resolver<FieldValues>;
    return (values, context, options) => zod(toWire(entity.fields, values), context, options);
  }, [entity, mode]);

  const form = useForm<FieldValues>({
    defaultValues: toFormValues(entity.fields, { ...(row ?? {}), ...(mode === 'add' ? fixedValues : {}) }),
    resolver,
    reValidateMode: 'onChange',
  });
  const { isDirty, isSubmitting } = form.formState;
  const { allow, guard } = useUnsavedGuard(canEdit && isDirty && !isSubmitting);

  const save = useMutation({
    mutationFn: (values: Record<string, unknown>) =>
      mode === 'add'
        ? dataApi.insert(entity.name, { ...values, ...fixedValues })
        : dataApi.update(entity.name, { ...values, id: row?.id, version: row?.version }),
  });

  const fieldNames = new Set(entity.fields.map((f) => f.name));
  const onSubmit = form.handleSubmit(async (values) => {
    setAlert([]);
    setSaved(false);
    setStale(false);
    try {
      const result = await save.mutateAsync(values);
      void queryClient.invalidateQueries({ queryKey: ['data', entity.name] });
      // The saved row (its new version) is what the next save sends.
      if (result && result.id !== undefined) queryClient.setQueryData(dataKeys.row(entity.name, Number(result.id)), result);
      allow();
      if (mode === 'add') navigate(`${item.path}/edit/${String(result?.id)}`, { replace: true, state: { saved: true } });
      else {
        form.reset(toFormValues(entity.fields, result ?? {}));
        setSaved(true);
      }
    } catch (error) {
      const failure = apiFailure(error);
      const mapped = failure.errors.filter((e) => e.field && e.field !== 'version' && fieldNames.has(e.field.split('.')[0]!));
      if (failure.status === 409 && mapped.length === 0) {
        setStale(true);
        return;
      }
      for (const e of mapped) form.setError(e.field, { type: 'server', message: e.message });
      const unmapped = failure.errors.filter((e) => !mapped.includes(e)).map((e) => (e.field ? `${e.field}: ${e.message}` : e.message));
      setAlert(mapped.length === 0 && unmapped.length === 0 ? [failure.message] : unmapped);
    }
  });

  const remove = useMutation({
    mutationFn: () => dataApi.remove(entity.name, [Number(row?.id)]),
    onSuccess: () => {
      allow();
      void queryClient.invalidateQueries({ queryKey: ['data', entity.name] });
      navigate(item.path, { replace: true });
    },
    onError: (error) => setAlert([apiFailure(error).message]),
  });

  const wide = (f: NormalisedField) => f.kind === 'children' || f.kind === 'json' || f.kind === 'longtext' || f.kind === 'multireference' || f.kind === 'image' || ('multiple' in f && Boolean(f.multiple));
  const Extra = formActions[entity.name];
  const heading = mode === 'add' ? t('form.addTitle', { title }) : t('form.editTitle', { title });

  return (
    <TitledCard
      titleId="screen-title"
      title={heading}
      className="form-screen"
      actions={
        <>
          {Extra && mode === 'edit' && row && (
            <Suspense fallback={null}>
              <Extra row={row} item={item} />
            </Suspense>
          )}
          <Link to={item.path} className="btn btn-outline-secondary">
            <i className="bi bi-arrow-left" aria-hidden="true" /> {t('form.backToList')}
          </Link>
        </>
      }
      dialogs={
        <>
          {guard}
          {confirmDelete && (
            <ConfirmDialog
              title={t('list.confirmDelete', { count: 1 })}
              confirmLabel={t('list.delete')}
              onCancel={() => setConfirmDelete(false)}
              onConfirm={() => {
                setConfirmDelete(false);
                remove.mutate();
              }}
            />
          )}
        </>
      }
    >

      {mode === 'edit' && <TabList names={['details', ...(formTabs[entity.name] ?? []).map((extra) => extra.name), 'history']} current={tab} onChange={setTab} />}

      <div id="panel-details" role={mode === 'edit' ? 'tabpanel' : undefined} aria-labelledby={mode === 'edit' ? 'tab-details' : undefined} hidden={tab !== 'details'}>
        {saved && (
          <div className="alert alert-success py-2" role="status">
            {t('form.saved')}
          </div>
        )}
        {stale && (
          <div className="alert alert-warning d-flex flex-wrap align-items-center gap-2" role="alert">
            <span className="me-auto">{t('form.stale')}</span>
            <button
              type="button"
              className="btn btn-sm btn-warning"
              onClick={() => {
                allow();
                void onReload();
              }}
            >
              {t('common.reload')}
            </button>
          </div>
        )}
        {alert.length > 0 && (
          <div className="alert alert-danger" role="alert">
            {alert.length === 1 ? alert[0] : (
              <ul className="mb-0">
                {alert.map((message) => (
                  <li key={message}>{message}</li>
                ))}
              </ul>
            )}
          </div>
        )}
        <FormMetaContext.Provider value={{ entity: entity.name, row }}>
          <FormProvider {...form}>
            <form noValidate onSubmit={(event) => void onSubmit(event)} aria-label={heading}>
              <fieldset disabled={!canEdit || isSubmitting} className="row g-x-3">
                {visible.map((field) => (
                  <div key={field.name} className={wide(field) ? 'col-12' : 'col-md-6'}>
                    <FieldInput field={field} name={field.name} scope={entity.name} disabled={!canEdit} />
                  </div>
                ))}
              </fieldset>
              <div className="d-flex gap-2">
                {canEdit && (
                  <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
                    {isSubmitting && <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" />}
                    {t('form.save')}
                  </button>
                )}
                {canDelete && (
                  <button type="button" className="btn btn-outline-danger ms-auto" onClick={() => setConfirmDelete(true)}>
                    <i className="bi bi-trash" aria-hidden="true" /> {t('list.delete')}
                  </button>
                )}
              </div>
            </form>
          </FormProvider>
        </FormMetaContext.Provider>
      </div>
      {mode === 'edit' &&
        row &&
        (formTabs[entity.name] ?? []).map(({ name, component: Extra }) => (
          <div key={name} id={`panel-${name}`} role="tabpanel" aria-labelledby={`tab-${name}`} hidden={tab !== name}>
            {tab === name && (
              <Suspense fallback={null}>
                <Extra row={row} item={item} />
              </Suspense>
            )}
          </div>
        ))}
      {mode === 'edit' && row?.id !== undefined && (
        <div id="panel-history" role="tabpanel" aria-labelledby="tab-history" hidden={tab !== 'history'}>
          {tab === 'history' && <HistoryTab entity={entity} id={Number(row.id)} />}
        </div>
      )}
    </TitledCard>
  );
}
