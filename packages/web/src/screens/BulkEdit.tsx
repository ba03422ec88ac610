import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormProvider, useForm, type FieldValues } from 'react-hook-form';
import { useMutation } from '@tanstack/react-query';
import type { NormalisedEntity, NormalisedField } from '@backroom/schema';
import { apiFailure, dataApi, type ApiFailure, type ApiRow } from '../data/api';
import { useListValues } from '../data/hooks';
import { useValueFormat } from '../data/useValueFormat';
import { FieldInput, FormMetaContext } from '../fields/FieldInput';
import { fieldLabel, formatCell } from '../fields/format';
import { toFormValues } from '../fields/values';
import { Dialog } from '../ui/Dialog';
import type { ListController } from './useListController';
import { useEntityResolver } from '../forms/useEntityResolver';

const FORM_ID = 'bulk-value-form';

/** "Products" → "products" in running text; a name that starts with an acronym ("GST setup") stays. */
const inSentence = (name: string) =>
  /^\p{Lu}\p{Ll}/u.test(name) ? name.charAt(0).toLocaleLowerCase() + name.slice(1) : name;

/**
 * Bulk edit of a list's chosen rows: "Set field…" picks one field the rows may share and a value,
 * entered and checked as the form does; a confirmation names the field, the value and the count;
 * one `bulkupdate` call then saves every row or none.
 */
export default function BulkEdit({ list, title }: { list: ListController; title: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="btn btn-sm btn-outline-secondary"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <i className="bi bi-pencil-square" aria-hidden="true" /> {t('bulk.setField')}
      </button>
      {open && <SetFieldDialog list={list} title={title} onClose={() => setOpen(false)} />}
    </>
  );
}

interface Chosen {
  value: unknown;
  /** The value as the list shows it. */
  text: string;
}

function SetFieldDialog({ list, title, onClose }: { list: ListController; title: string; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const format = useValueFormat();
  const { entity, settable, selectedRows, rowLabel } = list;
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const picker = useRef<HTMLSelectElement>(null);
  const back = useRef<HTMLButtonElement>(null);
  const field = settable.find((f) => f.name === name);
  const label = (f: NormalisedField) => fieldLabel(t, entity.name, f);
  const count = selectedRows.length;
  const records = count === 1 ? t(`records.${entity.name}`, { defaultValue: title }) : inSentence(title);

  const save = useMutation({
    mutationFn: (rows: ApiRow[]) =>
      dataApi.bulkUpdate(
        entity.name,
        rows.map((row) => ({ id: row.id, version: row.version, [field!.name]: chosen!.value })),
      ),
    onSuccess: (saved) => {
      list.changed(
        t('bulk.done', { count: saved?.length ?? count, field: label(field!), value: chosen!.text, records }),
      );
      onClose();
    },
    // Nothing was written: the list loads again, so that another try sends the rows' current versions.
    onError: () => void list.rows.refetch(),
  });

  // The dialog puts the focus on its first button; here the field picker comes first.
  useEffect(() => picker.current?.focus(), []);
  useEffect(() => {
    if (chosen) back.current?.focus();
  }, [chosen]);

  const question =
    field && chosen ? t('bulk.confirm', { count, field: label(field), value: chosen.text, records }) : '';
  return (
    <Dialog
      title={chosen ? question : t('bulk.title', { count, records })}
      onCancel={onClose}
      footer={
        chosen ? (
          <>
            <button
              ref={back}
              type="button"
              className="btn btn-secondary"
              disabled={save.isPending}
              onClick={() => setChosen(null)}
            >
              {t('bulk.back')}
            </button>
            <button
              type="button"
              className="btn btn-primary"
              disabled={save.isPending}
              onClick={() => save.mutate(selectedRows)}
            >
              {save.isPending && <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" />}
              {t('bulk.apply', { count })}
            </button>
          </>
        ) : (
          <>
            <button type="button" className="btn btn-secondary" onClick={onClose}>
              {t('common.cancel')}
            </button>
            <button type="submit" form={FORM_ID} className="btn btn-primary" disabled={!field}>
              {t('bulk.next')}
            </button>
          </>
        )
      }
    >
      {save.isError && (
        <div className="alert alert-danger text-start" role="alert">
          {failureText(t, apiFailure(save.error), save.variables ?? [], entity, rowLabel)}
        </div>
      )}
      <div className="text-start" hidden={chosen !== null}>
        <div className="mb-3">
          <label htmlFor="bulk-field" className="form-label">
            {t('bulk.field')}
          </label>
          <select
            ref={picker}
            id="bulk-field"
            className="form-select"
            value={name}
            onChange={(event) => setName(event.target.value)}
          >
            <option value="">{t('form.choose')}</option>
            {settable.map((f) => (
              <option key={f.name} value={f.name}>
                {label(f)}
              </option>
            ))}
          </select>
        </div>
        {field && (
          <ValueForm
            // A new field starts with an empty value and its own checks.
            key={field.name}
            entity={entity}
            field={field}
            onValue={(value, valueLabel) =>
              setChosen({
                value,
                text:
                  formatCell(
                    t,
                    i18n.language,
                    field,
                    { [field.name]: value, [`${field.name}Label`]: valueLabel },
                    format,
                  ) || t('bulk.blank'),
              })
            }
          />
        )}
      </div>
    </Dialog>
  );
}

/** The value's input, exactly the form's (same control, same checks), for one field alone. */
function ValueForm({
  entity,
  field,
  onValue,
}: {
  entity: NormalisedEntity;
  field: NormalisedField;
  onValue(value: unknown, label: unknown): void;
}) {
  const alone = useMemo<NormalisedEntity>(() => ({ ...entity, fields: [field], ranges: [] }), [entity, field]);
  const resolver = useEntityResolver(alone, 'insert');
  const form = useForm<FieldValues>({ defaultValues: toFormValues(alone.fields), resolver });
  const listValues = useListValues(field.kind === 'listvalue' ? field.category : '');
  const submit = form.handleSubmit((values) => {
    const value = values[field.name] ?? null;
    const given = form.getValues(`${field.name}Label`) as unknown;
    onValue(value, given ?? listValues.data?.find((o) => String(o.value) === String(value))?.label ?? null);
  });
  return (
    <FormMetaContext.Provider value={{ entity: entity.name }}>
      <FormProvider {...form}>
        <form id={FORM_ID} noValidate onSubmit={(event) => void submit(event)}>
          <FieldInput field={field} name={field.name} scope={entity.name} />
        </form>
      </FormProvider>
    </FormMetaContext.Provider>
  );
}

/** Why nothing was saved, naming the row (and the field) the server refused. */
function failureText(
  t: ReturnType<typeof useTranslation>['t'],
  failure: ApiFailure,
  sent: readonly ApiRow[],
  entity: NormalisedEntity,
  rowLabel: (row: ApiRow) => string,
): string {
  const first = failure.errors[0];
  const [index, fieldName] = first ? first.field.split('.') : [];
  const row = index === undefined || !/^\d+$/.test(index) ? undefined : sent[Number(index)];
  if (!first || !row) return t('bulk.failed', { message: failure.message });
  if (failure.status === 409 && !fieldName) return t('bulk.stale', { row: rowLabel(row) });
  const field = entity.fields.find((f) => f.name === fieldName);
  return t('bulk.rowFailed', {
    row: rowLabel(row),
    field: field ? fieldLabel(t, entity.name, field) : fieldName,
    message: first.message,
  });
}
