import { Fragment, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { FormProvider } from 'react-hook-form';
import { Link, useParams } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { NormalisedEntity, NormalisedField } from '@backroom/schema';
import { apiFailure, type ApiRow } from '../data/api';
import { useEntityWithCustomFields } from '../data/customFields';
import { FieldInput, FormMetaContext } from '../fields/FieldInput';
import { formatCell } from '../fields/format';
import { useValueFormat } from '../data/useValueFormat';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { FormAlert } from '../ui/FormAlert';
import { Spinner } from '../ui/Spinner';
import { TitledCard } from '../ui/TitledCard';
import { translateMessage } from '../i18n/serverMessages';
import { HistoryTab } from './HistoryTab';
import type { useFormController } from './useFormController';
import type { EntityFormProps } from './webModule';

/**
 * The pieces a document with a life of its own (a purchase order, a delivery order) builds its form
 * from: loaded by its own address and started afresh at every new version, its fields while a draft,
 * what an action said, its history. The document's steps, actions and dialogs stay its feature's.
 */

/** What the form says after an action, or why one failed (with the problems it names). */
export type Notice = { tone: 'danger' | 'success'; text: string; details?: string[] };

/** What the loader hands the form: the entity with its custom fields, the document, the notice kept across versions. */
export interface LoadedDocument<T> {
  entity: NormalisedEntity;
  row: T | undefined;
  notice: Notice | null;
  onNotice(notice: Notice | null): void;
  onReload(): void;
}

interface DocumentLoaderProps<T> extends EntityFormProps {
  /** The query key of the document with this id. */
  queryKey(id: number): readonly unknown[];
  load(id: number): Promise<T>;
  children(loaded: LoadedDocument<T>): ReactNode;
}

/**
 * Loads the document the address names (edit) or none (add), with the entity's custom fields; a
 * new version (after any action) starts the form afresh from what the server holds.
 */
export function DocumentLoader<T extends { version: number }>({
  entity: base,
  item,
  mode,
  queryKey,
  load,
  children,
}: DocumentLoaderProps<T>) {
  const { t } = useTranslation();
  const params = useParams();
  const id = mode === 'edit' ? Number(params.id) : undefined;
  const { entity, isPending: customPending } = useEntityWithCustomFields(base);
  const document = useQuery({
    queryKey: queryKey(id ?? 0),
    queryFn: () => load(id!),
    enabled: id !== undefined && Number.isSafeInteger(id) && id > 0,
  });
  // Kept here: the form below starts afresh with every new version, its message should not.
  const [notice, setNotice] = useState<Notice | null>(null);
  if (mode === 'edit' && (id === undefined || !Number.isSafeInteger(id) || id <= 0))
    return <p role="alert">{t('form.notFound')}</p>;
  if (customPending || (mode === 'edit' && document.isPending)) return <Spinner />;
  if (document.isError)
    return (
      <div className="alert alert-danger" role="alert">
        {t('form.loadFailed', { message: apiFailure(document.error).message })}{' '}
        <Link to={item.path}>{t('form.backToList')}</Link>
      </div>
    );
  return (
    <Fragment key={`${String(id)}:${String(document.data?.version)}`}>
      {children({
        entity,
        row: document.data,
        notice,
        onNotice: setNotice,
        onReload: () => void document.refetch(),
      })}
    </Fragment>
  );
}

/** The fields a document's form shows: none the system keeps; lines without their read-only columns while `bare`. */
export const documentFields = (entity: NormalisedEntity, bare: boolean): NormalisedField[] =>
  entity.fields
    .filter((f) => !f.system && !f.readOnly)
    .map((f): NormalisedField =>
      f.kind === 'children' && bare ? { ...f, fields: f.fields.filter((c) => !c.readOnly || c.name === 'id') } : f,
    );

type Controller = ReturnType<typeof useFormController>;

/**
 * Shows a failed call: the problems that name a field of the form on that field, the rest (but the
 * message itself) listed under the message, in the user's language where we know the sentence.
 */
export function showFailure(
  error: unknown,
  ctl: Controller,
  fields: readonly NormalisedField[],
  onNotice: (notice: Notice) => void,
  t: TFunction,
): void {
  const failure = apiFailure(error);
  const named = failure.errors.filter((e) => e.field && fields.some((f) => f.name === e.field.split('.')[0]));
  for (const e of named) ctl.form.setError(e.field, { type: 'server', message: e.message });
  onNotice({
    tone: 'danger',
    text: translateMessage(t, failure.message),
    details: failure.errors
      .filter((e) => !named.includes(e) && e.message !== failure.message)
      .map((e) => translateMessage(t, e.message)),
  });
}

/** The notice, its details as a list. */
export function NoticeAlert({ notice }: { notice: Notice | null }) {
  if (!notice) return null;
  return (
    <FormAlert tone={notice.tone}>
      {notice.text}
      {notice.details && notice.details.length > 0 && (
        <ul className="mb-0">
          {notice.details.map((d) => (
            <li key={d}>{d}</li>
          ))}
        </ul>
      )}
    </FormAlert>
  );
}

interface DocumentFieldsProps {
  ctl: Controller;
  entity: NormalisedEntity;
  fields: readonly NormalisedField[];
  row: ApiRow | undefined;
  /** The form's accessible name (the screen's heading). */
  label: string;
  busy: boolean;
  onSubmit(): void;
  onDelete(): void;
}

/** The document's fields as a form, with Save and Delete while it may be edited. */
export function DocumentFields({ ctl, entity, fields, row, label, busy, onSubmit, onDelete }: DocumentFieldsProps) {
  const { t } = useTranslation();
  const editable = ctl.canEdit;
  return (
    <FormMetaContext.Provider value={{ entity: entity.name, row }}>
      <FormProvider {...ctl.form}>
        <form
          noValidate
          aria-label={label}
          onSubmit={(event) => {
            onSubmit();
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
                <button type="button" className="btn btn-outline-danger ms-auto" onClick={onDelete}>
                  <i className="bi bi-trash" aria-hidden="true" /> {t('list.delete')}
                </button>
              )}
            </div>
          )}
        </form>
      </FormProvider>
    </FormMetaContext.Provider>
  );
}

/** Asks before the draft is deleted, then deletes it. */
export function DeleteDocumentDialog({ ctl, onClose }: { ctl: Controller; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      title={t('list.confirmDelete', { count: 1 })}
      confirmLabel={t('list.delete')}
      onCancel={onClose}
      onConfirm={() => {
        onClose();
        ctl.remove.mutate();
      }}
    />
  );
}

/** The document's history tab panel (read while open). */
export function HistoryPanel({ entity, id, open }: { entity: NormalisedEntity; id: number; open: boolean }) {
  return (
    <div id="panel-history" role="tabpanel" aria-labelledby="tab-history" hidden={!open}>
      {open && <HistoryTab entity={entity} id={id} />}
    </div>
  );
}

/** One button of a document's actions: its icon, its words. */
export function ActionButton({
  icon,
  label,
  tone = 'btn-primary',
  disabled,
  onClick,
}: {
  icon: string;
  label: string;
  /** Bootstrap's button class. */
  tone?: string;
  disabled: boolean;
  onClick(): void;
}) {
  return (
    <button type="button" className={`btn ${tone}`} disabled={disabled} onClick={onClick}>
      <i className={`bi bi-${icon}`} aria-hidden="true" /> {label}
    </button>
  );
}

/** The details tab's panel (the whole form before the document is saved: no tabs yet). */
export function DetailsPanel({ tabbed, open, children }: { tabbed: boolean; open: boolean; children: ReactNode }) {
  return (
    <div
      id="panel-details"
      role={tabbed ? 'tabpanel' : undefined}
      aria-labelledby={tabbed ? 'tab-details' : undefined}
      hidden={!open}
    >
      {children}
    </div>
  );
}

/**
 * What to do with a document the server answered after a save or an action: lists of its entity
 * read again, the answer kept as the document (a new version: the form starts afresh), the message shown.
 */
export function useSettle<T extends { id: unknown }>(
  entity: NormalisedEntity,
  queryKey: (id: number) => readonly unknown[],
  onNotice: (notice: Notice) => void,
) {
  const queryClient = useQueryClient();
  return (saved: T, message: string) => {
    void queryClient.invalidateQueries({ queryKey: ['data', entity.name] });
    queryClient.setQueryData(queryKey(Number(saved.id)), saved);
    onNotice({ tone: 'success', text: message });
  };
}

/** The document's card: its heading with the way back to the list, the dialogs after its body. */
export function DocumentCard({
  heading,
  className,
  listPath,
  dialogs,
  children,
}: {
  heading: string;
  className: string;
  listPath: string;
  dialogs: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <TitledCard
      titleId="screen-title"
      title={heading}
      className={`form-screen ${className}`}
      actions={
        <Link to={listPath} className="btn btn-outline-secondary">
          <i className="bi bi-arrow-left" aria-hidden="true" /> {t('form.backToList')}
        </Link>
      }
      dialogs={dialogs}
    >
      {children}
    </TitledCard>
  );
}

/** Figures of the document that are not fields of its form (totals, when it was sent…), as a row of terms. */
export function DocumentSummary({
  fields,
  row,
  labelOf,
  width,
}: {
  fields: readonly NormalisedField[];
  row: ApiRow | undefined;
  labelOf(field: NormalisedField): string;
  /** Bootstrap's column class of each figure. */
  width: string;
}) {
  const { t, i18n } = useTranslation();
  const format = useValueFormat();
  if (fields.length === 0) return null;
  return (
    <dl className="row mb-2">
      {fields.map((f) => (
        <div key={f.name} className={width}>
          <dt className="small text-body-secondary">{labelOf(f)}</dt>
          <dd data-testid={`summary-${f.name}`}>{formatCell(t, i18n.language, f, row ?? {}, format)}</dd>
        </div>
      ))}
    </dl>
  );
}
