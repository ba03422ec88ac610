import { useState } from 'react';
import { FormProvider, useForm, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { NormalisedEntity, NormalisedField } from '@backroom/schema';
import { apiFailure, dataApi, type ApiRow } from '../data/api';
import { FieldInput, FormMetaContext } from '../fields/FieldInput';
import { toFormValues } from '../fields/values';
import { FormAlert } from '../ui/FormAlert';
import { useEntityResolver } from '../forms/useEntityResolver';

interface RowFormProps {
  entity: NormalisedEntity;
  /** The stored row; none: saving inserts one. */
  row?: ApiRow;
  canEdit: boolean;
  /** Values a new row gets (the outlet a layout is for). */
  fixedValues?: Record<string, unknown>;
  onSaved(row: ApiRow): void;
  /** Fields not shown. */
  hidden?: readonly string[];
}

const shown = (f: NormalisedField, hidden: readonly string[]) =>
  !f.system && !f.readOnly && !f.custom && !hidden.includes(f.name);

/** One registry row's editable fields as a form, saved through the generic API (the terminal settings, a layout). */
export function RowForm({ entity, row, canEdit, fixedValues, onSaved, hidden = [] }: RowFormProps) {
  const { t } = useTranslation();
  const [alert, setAlert] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const resolver = useEntityResolver(entity, row ? 'update' : 'insert');
  const form = useForm<FieldValues>({
    defaultValues: toFormValues(entity.fields, { ...(row ?? {}), ...fixedValues }),
    resolver,
  });
  const onSubmit = form.handleSubmit(async (values) => {
    setAlert(null);
    setSaved(false);
    try {
      const result = row
        ? await dataApi.update(entity.name, { ...values, id: row.id, version: row.version })
        : await dataApi.insert(entity.name, { ...values, ...fixedValues });
      form.reset(toFormValues(entity.fields, result));
      setSaved(true);
      onSaved(result);
    } catch (error) {
      const failure = apiFailure(error);
      const mapped = failure.errors.filter((e) => entity.fields.some((f) => f.name === e.field));
      for (const e of mapped) form.setError(e.field, { type: 'server', message: e.message });
      if (mapped.length === 0) setAlert(failure.status === 409 ? t('terminals.stale') : failure.message);
    }
  });

  return (
    <FormMetaContext.Provider value={{ entity: entity.name, row }}>
      <FormProvider {...form}>
        <form onSubmit={onSubmit} noValidate aria-label={t('terminals.rowForm', { name: entity.label })}>
          {alert && <FormAlert>{alert}</FormAlert>}
          {saved && !form.formState.isDirty && <FormAlert tone="success">{t('terminals.saved')}</FormAlert>}
          <fieldset disabled={!canEdit} className="row g-3">
            {entity.fields
              .filter((f) => shown(f, hidden))
              .map((f) => (
                <div key={f.name} className="col-md-6">
                  <FieldInput field={f} name={f.name} scope={entity.name} />
                </div>
              ))}
          </fieldset>
          {canEdit && (
            <button type="submit" className="btn btn-primary mt-3" disabled={form.formState.isSubmitting}>
              {t('terminals.save')}
            </button>
          )}
        </form>
      </FormProvider>
    </FormMetaContext.Provider>
  );
}
