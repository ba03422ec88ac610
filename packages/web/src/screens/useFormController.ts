import { useMemo, useState } from 'react';
import { useForm, type FieldValues, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NormalisedEntity } from '@backroom/schema';
import { apiFailure, dataApi, type ApiRow } from '../data/api';
import { dataKeys } from '../data/hooks';
import { problemText } from '../fields/format';
import { toFormValues, unchangedAsRead } from '../fields/values';
import { useEntityResolver } from '../forms/useEntityResolver';
import type { ClientMenuItem } from '../store/menuSlice';
import { useModules } from './modules';
import { useUnsavedGuard } from './UnsavedGuard';

const NO_FIELDS: readonly string[] = [];

export interface FormControllerOptions {
  entity: NormalisedEntity;
  item: ClientMenuItem;
  mode: 'add' | 'edit';
  /** The saved row an edit form starts from. */
  row?: ApiRow;
  /** Values every new row gets and that are not shown (the list-value screen's category). */
  fixedValues?: Record<string, unknown>;
  /** Values a new form starts with, shown and changeable (a delivery order's date: today). */
  defaults?: Record<string, unknown>;
  hiddenFields?: readonly string[];
  /** The record may not be changed any more, whatever the rights (a delivery order past draft). */
  readOnly?: boolean;
  /** The values as they are checked and saved, when the form holds more (a hotkey layout's keys off its grid). */
  prepare?(values: FieldValues): FieldValues;
  /** Saves through an address of the feature's own instead of the generic data API; answers the saved row. */
  save?(values: Record<string, unknown>): Promise<ApiRow>;
  /** Deletes through an address of the feature's own. */
  remove?(): Promise<unknown>;
  /** After a save, before the form moves on: the feature's own caches and notices. */
  onSaved?(row: ApiRow): void;
}

/** Where the form goes after a save: stays on the saved record, or opens a new empty form. */
export type AfterSave = 'stay' | 'new';

/**
 * The headless form: its values and validation (React Hook Form over the registry's zod schema),
 * dirty state and the unsaved-changes guard, saving (with the server's field errors put on their
 * fields and a stale version told apart) and deleting. No markup; react-admin's useEditController
 * is the model.
 */
export function useFormController(options: FormControllerOptions) {
  const {
    entity,
    item,
    mode,
    row,
    fixedValues,
    defaults,
    hiddenFields = NO_FIELDS,
    readOnly = false,
    prepare,
  } = options;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const canEdit = item.ableToEdit && !entity.readOnly && !readOnly;
  const canDelete = mode === 'edit' && item.ableToDelete && !entity.readOnly && !readOnly;
  const [alert, setAlert] = useState<string[]>([]);
  const [stale, setStale] = useState(false);
  const [saved, setSaved] = useState(Boolean((location.state as { saved?: boolean } | null)?.saved));

  const visible = entity.fields.filter(
    (f) =>
      f.name !== 'id' &&
      f.name !== 'version' &&
      !hiddenFields.includes(f.name) &&
      !(mode === 'add' && f.system && f.name !== 'isActive'),
  );
  // Values of a new row that are no field of the registry (a new user's password): checked beside the schema, sent when given.
  const { addInputs } = useModules();
  const checks = useMemo(
    () => (mode === 'add' ? (addInputs[entity.name]?.checks ?? {}) : {}),
    [addInputs, entity.name, mode],
  );
  const registryResolver = useEntityResolver(entity, mode === 'add' ? 'insert' : 'update');
  const resolver = useMemo<Resolver<FieldValues>>(() => {
    const given = (values: FieldValues) =>
      Object.fromEntries(
        Object.keys(checks).flatMap((name) => (values[name] ? [[name, values[name] as unknown]] : [])),
      );
    return async (all, context, resolverOptions) => {
      const values = prepare ? prepare(all) : all;
      const result = await registryResolver(values, context, resolverOptions);
      const messages = await Promise.all(
        Object.entries(checks).map(async ([name, check]) => [name, await check(values[name])] as const),
      );
      const problems = messages.flatMap(([name, message]) =>
        message ? [[name, { type: 'validate', message }] as const] : [],
      );
      if (problems.length > 0) return { values: {}, errors: { ...result.errors, ...Object.fromEntries(problems) } };
      return Object.keys(result.errors).length > 0
        ? result
        : { values: { ...result.values, ...given(values) }, errors: {} };
    };
  }, [registryResolver, checks, prepare]);

  const form = useForm<FieldValues>({
    defaultValues: toFormValues(entity.fields, {
      ...(row ?? {}),
      ...(mode === 'add' ? { ...defaults, ...fixedValues } : {}),
    }),
    resolver,
    reValidateMode: 'onChange',
  });
  const { isDirty, isSubmitting } = form.formState;
  const { allow, guard } = useUnsavedGuard(canEdit && isDirty && !isSubmitting);

  const save = useMutation({
    mutationFn: (values: Record<string, unknown>) =>
      options.save
        ? options.save(mode === 'add' ? { ...values, ...fixedValues } : values)
        : mode === 'add'
          ? dataApi.insert(entity.name, { ...values, ...fixedValues })
          : dataApi.update(entity.name, { ...values, id: row?.id, version: row?.version }),
  });

  const fieldNames = new Set([...entity.fields.map((f) => f.name), ...Object.keys(checks)]);
  const submit = (after: AfterSave = 'stay') =>
    form.handleSubmit(async (values) => {
      setAlert([]);
      setSaved(false);
      setStale(false);
      try {
        const result = await save.mutateAsync(
          mode === 'edit' && row
            ? unchangedAsRead(entity.fields, values, form.getValues(), form.formState.defaultValues ?? {}, row)
            : values,
        );
        void queryClient.invalidateQueries({ queryKey: ['data', entity.name] });
        // The saved row (its new version) is what the next save sends.
        if (result && result.id !== undefined)
          queryClient.setQueryData(dataKeys.row(entity.name, Number(result.id)), result);
        options.onSaved?.(result);
        allow();
        if (after === 'new') navigate(`${item.path}/add`, { state: { saved: true } });
        else if (mode === 'add')
          navigate(`${item.path}/edit/${String(result?.id)}`, { replace: true, state: { saved: true } });
        else {
          form.reset(toFormValues(entity.fields, result ?? {}));
          setSaved(true);
        }
      } catch (error) {
        const failure = apiFailure(error);
        const mapped = failure.errors.filter(
          (e) => e.field && e.field !== 'version' && fieldNames.has(e.field.split('.')[0]!),
        );
        if (failure.status === 409 && mapped.length === 0) {
          setStale(true);
          return;
        }
        for (const e of mapped) form.setError(e.field, { type: 'server', message: e.message });
        // The message names its field by label ("Code is required"); a child row's adds which row, never a path.
        const unmapped = failure.errors
          .filter((e) => !mapped.includes(e))
          .map((e) => problemText(t, entity, e.field, e.message));
        setAlert(mapped.length === 0 && unmapped.length === 0 ? [failure.message] : unmapped);
      }
    });

  const remove = useMutation({
    mutationFn: () => (options.remove ? options.remove() : dataApi.remove(entity.name, [Number(row?.id)])),
    onSuccess: () => {
      allow();
      void queryClient.invalidateQueries({ queryKey: ['data', entity.name] });
      navigate(item.path, { replace: true });
    },
    onError: (error) => setAlert([apiFailure(error).message]),
  });

  return {
    entity,
    item,
    mode,
    row,
    form,
    visible,
    canEdit,
    canDelete,
    isSubmitting,
    submit,
    saved,
    stale,
    alert,
    remove,
    allow,
    guard,
  };
}

export type FormController = ReturnType<typeof useFormController>;
