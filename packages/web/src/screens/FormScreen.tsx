import { Fragment, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormProvider } from 'react-hook-form';
import { Link, useLocation, useParams } from 'react-router-dom';
import type { NormalisedEntity } from '@backroom/schema';
import { apiFailure, type ApiRow } from '../data/api';
import { useEntityWithCustomFields } from '../data/customFields';
import { useRow } from '../data/hooks';
import { FieldInput, FormMetaContext } from '../fields/FieldInput';
import { toWire } from '../fields/values';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import type { ClientMenuItem } from '../store/menuSlice';
import { LoadFailed } from '../ui/LoadFailed';
import { Spinner } from '../ui/Spinner';
import { TitledCard } from '../ui/TitledCard';
import { formSections, isWideField } from './formSections';
import { listAddress } from './listMemory';
import { formHeading, recordName } from './recordName';
import { SaveProblems } from './SaveProblems';
import { TabList } from './TabList';
import { HistoryTab } from './HistoryTab';
import { useModules } from './modules';
import { useFormController, type FormControllerOptions } from './useFormController';

interface FormScreenProps {
  entity: NormalisedEntity;
  item: ClientMenuItem;
  mode: 'add' | 'edit';
  title: string;
  /** Values every new row gets and that are not shown (the list-value screen's category). */
  fixedValues?: Record<string, unknown>;
  hiddenFields?: readonly string[];
}

/** The generic form of a menu screen: add (`{route}/add`) or edit (`{route}/edit/{id}`). */
export function FormScreen({ entity, item, mode, title, fixedValues, hiddenFields }: FormScreenProps) {
  return (
    <FormRow entity={entity} item={item} mode={mode}>
      {(loaded) => (
        <EntityForm
          {...loaded}
          item={item}
          mode={mode}
          title={title}
          fixedValues={fixedValues}
          hiddenFields={hiddenFields}
        />
      )}
    </FormRow>
  );
}

interface LoadedRow {
  /** The entity with its custom fields. */
  entity: NormalisedEntity;
  /** The saved row (edit); none on add. */
  row?: ApiRow;
  /** Loads the row again and starts the form afresh from it (after a stale save). */
  onReload(): Promise<void>;
}

/**
 * What every form of a menu screen waits for before it shows: the entity's custom fields and, to
 * edit, its row (not found, loading, failed said here). The form below starts afresh with every
 * visit of the add page and every reload.
 */
export function FormRow({
  entity: base,
  item,
  mode,
  children,
}: {
  entity: NormalisedEntity;
  item: ClientMenuItem;
  mode: 'add' | 'edit';
  children(loaded: LoadedRow): ReactNode;
}) {
  const { t } = useTranslation();
  const params = useParams();
  const location = useLocation();
  const id = mode === 'edit' ? Number(params.id) : undefined;
  const { entity, isPending: customPending } = useEntityWithCustomFields(base);
  const row = useRow(base.name, id);
  const [reloads, setReloads] = useState(0);

  if (mode === 'edit' && (id === undefined || !Number.isSafeInteger(id) || id <= 0))
    return <p role="alert">{t('form.notFound')}</p>;
  if (customPending || (mode === 'edit' && row.isPending)) return <Spinner />;
  if (mode === 'edit' && row.isError)
    return (
      <LoadFailed message={t('form.loadFailed', { message: apiFailure(row.error).message })} onRetry={row.refetch}>
        <Link to={listAddress(item.path)}>{t('form.backToList')}</Link>
      </LoadFailed>
    );

  const onReload = async () => {
    await row.refetch();
    setReloads((n) => n + 1);
  };
  // Each visit of the add page ("Save and new" too) starts an empty form.
  return (
    <Fragment key={`${mode}:${String(id ?? '')}:${reloads}:${mode === 'add' ? location.key : ''}`}>
      {children({ entity, row: mode === 'edit' ? row.data : undefined, onReload })}
    </Fragment>
  );
}

type EntityFormProps = FormControllerOptions & { title: string; onReload(): Promise<void> };

function EntityForm({ title, onReload, ...options }: EntityFormProps) {
  const { t } = useTranslation();
  const ctl = useFormController(options);
  const { entity, item, mode, row, form, canEdit, canDelete, isSubmitting } = ctl;
  const [tab, setTab] = useState('details');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const status = useRef<HTMLSpanElement>(null);
  const modules = useModules();
  const actions = modules.formActions[entity.name] ?? [];
  const draftActions = modules.draftActions[entity.name] ?? [];
  const tabs = modules.tabs[entity.name] ?? [];
  const AddInputs = mode === 'add' ? modules.addInputs[entity.name]?.component : undefined;
  const record = t(`records.${entity.name}`, { defaultValue: title });
  const name = recordName(entity, row);
  const heading = formHeading(t, { entity, title, mode, row, canEdit });
  const sections = formSections(entity, ctl.visible);
  const back = listAddress(item.path);

  // After a save the status beside the action bar takes the focus, so the keyboard stays there.
  useEffect(() => {
    if (ctl.saved) status.current?.focus();
  }, [ctl.saved]);

  return (
    <TitledCard
      titleId="screen-title"
      title={heading}
      className="form-screen"
      actions={
        <>
          {mode === 'edit' &&
            row &&
            actions.map((Action, index) => (
              <Suspense key={index} fallback={null}>
                <Action row={row} item={item} />
              </Suspense>
            ))}
          {draftActions.map((Action, index) => (
            <Suspense key={`draft${index}`} fallback={null}>
              <Action row={row} values={() => toWire(entity.fields, form.getValues())} item={item} />
            </Suspense>
          ))}
          <Link to={back} className="btn btn-outline-secondary">
            <i className="bi bi-arrow-left" aria-hidden="true" /> {t('form.backToList')}
          </Link>
        </>
      }
      dialogs={
        <>
          {ctl.guard}
          {confirmDelete && (
            <ConfirmDialog
              title={t('form.confirmDeleteRecord', { record, name: name || String(row?.id ?? '') })}
              confirmLabel={t('list.delete')}
              onCancel={() => setConfirmDelete(false)}
              onConfirm={() => {
                setConfirmDelete(false);
                ctl.remove.mutate();
              }}
            />
          )}
        </>
      }
    >
      {mode === 'edit' && (
        <TabList names={['details', ...tabs.map((extra) => extra.name), 'history']} current={tab} onChange={setTab} />
      )}

      <div
        id="panel-details"
        role={mode === 'edit' ? 'tabpanel' : undefined}
        aria-labelledby={mode === 'edit' ? 'tab-details' : undefined}
        hidden={tab !== 'details'}
      >
        <SaveProblems ctl={ctl} onReload={() => void onReload()} />
        <FormMetaContext.Provider value={{ entity: entity.name, row }}>
          <FormProvider {...form}>
            <form noValidate onSubmit={(event) => void ctl.submit()(event)} aria-label={heading}>
              {/* An entity's own inputs load as chunks of their own: the fields show together once they have, so none is missing from the tab order. */}
              <Suspense fallback={<Spinner />}>
                <fieldset
                  disabled={!canEdit || isSubmitting}
                  className={sections.length > 1 ? 'form-sections' : undefined}
                >
                  {sections.map((section) => (
                    <fieldset key={section.name} className={`form-section${section.wide ? ' form-section-wide' : ''}`}>
                      {sections.length > 1 && (
                        <legend className="form-section-title">
                          {t(`sections.${section.name}`, { defaultValue: section.label })}
                        </legend>
                      )}
                      <div className="row g-x-3">
                        {section.fields.map((field) => (
                          <div key={field.name} className={section.wide && !isWideField(field) ? 'col-md-6' : 'col-12'}>
                            <FieldInput field={field} name={field.name} scope={entity.name} disabled={!canEdit} />
                          </div>
                        ))}
                      </div>
                    </fieldset>
                  ))}
                  {AddInputs && (
                    <div className="form-section form-section-wide">
                      <AddInputs />
                    </div>
                  )}
                </fieldset>
              </Suspense>
              <div className="form-action-bar">
                {canEdit && (
                  <>
                    <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
                      {isSubmitting && <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" />}
                      {t('form.save')}
                    </button>
                    <button
                      type="button"
                      className="btn btn-outline-primary"
                      disabled={isSubmitting}
                      onClick={(event) => void ctl.submit('new')(event)}
                    >
                      {t('form.saveAndNew')}
                    </button>
                  </>
                )}
                <Link to={back} className="btn btn-outline-secondary">
                  {t('common.cancel')}
                </Link>
                <span ref={status} role="status" tabIndex={-1} className="form-status text-success fw-semibold">
                  {ctl.saved && (
                    <>
                      <i className="bi bi-check-circle me-1" aria-hidden="true" />
                      {t('form.saved')}
                    </>
                  )}
                </span>
                {canDelete && (
                  <button
                    type="button"
                    className="btn btn-outline-danger ms-auto"
                    onClick={() => setConfirmDelete(true)}
                  >
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
        tabs.map(({ name: tabName, component: Tab }) => (
          <div
            key={tabName}
            id={`panel-${tabName}`}
            role="tabpanel"
            aria-labelledby={`tab-${tabName}`}
            hidden={tab !== tabName}
          >
            {tab === tabName && (
              <Suspense fallback={null}>
                <Tab row={row} item={item} />
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
