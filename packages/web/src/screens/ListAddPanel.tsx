import { useId, useState } from 'react';
import { FormProvider, useForm, type FieldValues } from 'react-hook-form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { NormalisedEntity } from '@backroom/schema';
import { apiFailure, dataApi } from '../data/api';
import { FieldInput, FormMetaContext } from '../fields/FieldInput';
import { toFormValues } from '../fields/values';
import { FormAlert } from '../ui/FormAlert';
import { useEntityResolver } from '../forms/useEntityResolver';

/**
 * The Add of a list-only screen (it has no form pair): a folded form above the list with
 * the fields a new row takes. The row is inserted through the generic API and the list reloads.
 */
export function ListAddPanel({ entity, title }: { entity: NormalisedEntity; title: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [added, setAdded] = useState(false);
  const fields = entity.fields.filter((f) => !f.system && !f.readOnly && !f.hidden);
  const resolver = useEntityResolver(entity, 'insert');
  const form = useForm<FieldValues>({ defaultValues: toFormValues(entity.fields, {}), resolver });
  const insert = useMutation({ mutationFn: (values: FieldValues) => dataApi.insert(entity.name, values) });
  const record = t(`records.${entity.name}`, { defaultValue: title });

  const submit = form.handleSubmit(async (values) => {
    setAdded(false);
    try {
      await insert.mutateAsync(values);
      form.reset(toFormValues(entity.fields, {}));
      setAdded(true);
      await queryClient.invalidateQueries({ queryKey: ['data', entity.name] });
    } catch (error) {
      for (const e of apiFailure(error).errors)
        if (fields.some((f) => f.name === e.field)) form.setError(e.field, { type: 'server', message: e.message });
    }
  });

  return (
    <section className="card mb-3" aria-labelledby={`${id}-title`}>
      <div className="card-body">
        <div className="d-flex flex-wrap align-items-center gap-2">
          <h2 id={`${id}-title`} className="h6 mb-0 me-auto">
            {t('form.newRecord', { record })}
          </h2>
          <button
            type="button"
            className="btn btn-sm btn-outline-primary"
            aria-expanded={open}
            aria-controls={`${id}-form`}
            onClick={() => setOpen(!open)}
          >
            <i className={`bi ${open ? 'bi-chevron-up' : 'bi-plus-lg'}`} aria-hidden="true" />{' '}
            {open ? t('common.cancel') : t('list.add')}
          </button>
        </div>
        {added && <FormAlert tone="success">{t('screen.added')}</FormAlert>}
        {insert.isError && apiFailure(insert.error).errors.every((e) => !fields.some((f) => f.name === e.field)) && (
          <FormAlert>{apiFailure(insert.error).message}</FormAlert>
        )}
        <div id={`${id}-form`} hidden={!open}>
          <FormMetaContext.Provider value={{ entity: entity.name }}>
            <FormProvider {...form}>
              <form
                noValidate
                onSubmit={(event) => void submit(event)}
                aria-label={t('form.newRecord', { record })}
                className="mt-3"
              >
                <fieldset disabled={form.formState.isSubmitting} className="row g-x-3">
                  {fields.map((field) => (
                    <div key={field.name} className="col-md-6 col-xl-4">
                      <FieldInput field={field} name={field.name} scope={entity.name} />
                    </div>
                  ))}
                </fieldset>
                <button type="submit" className="btn btn-primary" disabled={form.formState.isSubmitting}>
                  {t('list.add')}
                </button>
              </form>
            </FormProvider>
          </FormMetaContext.Provider>
        </div>
      </div>
    </section>
  );
}
