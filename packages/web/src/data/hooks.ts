import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { MAX_TAKE, type FetchRequest, type NormalisedField } from '@backroom/schema';
import { dataApi, type Option } from './api';
import { idsIn, lookupLabels } from './labels';

export const dataKeys = {
  all: ['data'] as const,
  list: (name: string, body: FetchRequest) => ['data', name, 'list', body] as const,
  row: (name: string, id: number) => ['data', name, 'row', id] as const,
  fields: (name: string) => ['data', name, 'fields'] as const,
  audit: (name: string, id: number) => ['data', name, 'audit', id] as const,
};

/** One page of rows; the previous page stays shown while the next loads. */
export const useRows = (name: string, body: FetchRequest, enabled = true) =>
  useQuery({
    queryKey: dataKeys.list(name, body),
    queryFn: ({ signal }) => dataApi.fetch(name, body, signal),
    placeholderData: keepPreviousData,
    enabled,
  });

/** One row by id (a fetch filtered on `id`). */
export const useRow = (name: string, id: number | undefined) =>
  useQuery({
    queryKey: dataKeys.row(name, id ?? 0),
    queryFn: async ({ signal }) => {
      const { rows } = await dataApi.fetch(
        name,
        { Skip: 0, Take: 1, filters: [{ ColumnName: 'id', ColumnValue: id!, Operator: 'EQ' }] },
        signal,
      );
      if (!rows[0]) throw new Error('not found');
      return rows[0];
    },
    enabled: id !== undefined,
  });

/** The entity's fields as the server serves them to the caller (custom ones included, field groups they may not view left out). */
export const useCustomFields = (name: string, enabled: boolean) =>
  useQuery({
    queryKey: dataKeys.fields(name),
    queryFn: async () =>
      (await dataApi.fields(name)).filter((f): f is NormalisedField => Boolean(f && typeof f.name === 'string')),
    enabled,
    staleTime: 5 * 60_000,
  });

export const useAudit = (name: string, id: number, enabled: boolean) =>
  useQuery({ queryKey: dataKeys.audit(name, id), queryFn: () => dataApi.audit(name, id), enabled });

/** A value that follows `value` once it has stopped changing for `ms`. */
export function useDebounced<T>(value: T, ms = 300): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * GetDropDown options of an entity for a search text. While the next search's options load, the
 * last ones stay on screen: the list does not blink to "Loading" on every key, and an option under
 * the pointer is not swapped for another node as it is clicked.
 */
export const useDropdown = (
  entity: string,
  search: string,
  enabled = true,
  take = 20,
  where?: Record<string, string>,
) =>
  useQuery({
    queryKey: ['dropdown', entity, search, take, where ?? null],
    queryFn: ({ signal }) => dataApi.dropdown(entity, search, take, signal, { where }),
    enabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

/**
 * The outlets a screen's outlet select offers — every one of them (the server's most, no first
 * page: a chain's outlets are few enough to read at a glance, unlike products or locations, which
 * are searched as you type with `ReferencePicker`): when they fail to load, the "Sorry," modal,
 * no options, and "Failed to fetch outlet dropdown" for the screen to show beside the select.
 */
export function useOutletDropdown(take = MAX_TAKE): { options: Option[]; error?: string } {
  const { t } = useTranslation();
  const outlets = useQuery({
    queryKey: ['dropdown', 'outlet', 'select', take],
    queryFn: ({ signal }) => dataApi.dropdown('outlet', '', take, signal),
    staleTime: 30_000,
    retry: false,
  });
  return outlets.isError ? { options: [], error: t('errors.outletDropdown') } : { options: outlets.data ?? [] };
}

/** The id of a list-value category from its code (`brand` → the BRAND row's id). */
/** Values of one category a form offers, at most. */
const LIST_VALUES_TAKE = 1000;

export const useCategoryId = (code: string) =>
  useQuery({
    queryKey: ['listvaluecategory', code.toUpperCase()],
    queryFn: async ({ signal }) => {
      const { rows } = await dataApi.fetch(
        'listvaluecategory',
        { Skip: 0, Take: 1, filters: [{ ColumnName: 'code', ColumnValue: code.toUpperCase(), Operator: 'EQ' }] },
        signal,
      );
      const id = Number(rows[0]?.id);
      if (!Number.isFinite(id) || id <= 0) throw new Error(`Unknown list value category ${code}`);
      return id;
    },
    enabled: code !== '',
    staleTime: Infinity,
  });

/** The active values of a list-value category, as options: its dropdown, narrowed by the category's code. */
export function useListValues(category: string) {
  return useQuery({
    queryKey: ['listvalues', category.toUpperCase()],
    queryFn: ({ signal }): Promise<Option[]> =>
      dataApi.dropdown('listvalue', '', LIST_VALUES_TAKE, signal, { where: { category: category.toUpperCase() } }),
    enabled: category !== '',
    staleTime: 60_000,
  });
}

const labelQuery = (entity: string, ids: readonly number[]) => ({
  queryKey: ['labels', entity, ids] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => lookupLabels(entity, ids, signal),
  enabled: ids.length > 0,
  staleTime: 60_000,
});

/** Labels of rows of one entity by id (one call for all of them); `labelOf` is undefined until known. */
export function useLabels(entity: string | undefined, values: readonly unknown[], enabled = true) {
  const ids = idsIn(values);
  const query = useQuery({
    ...labelQuery(entity ?? '', ids),
    enabled: enabled && entity !== undefined && ids.length > 0,
  });
  return { isPending: query.isLoading, labelOf: (id: unknown) => query.data?.get(Number(id)) };
}

/** Labels of rows of several entities: one call per entity, whatever the number of ids. */
export function useLabelTable(wanted: ReadonlyMap<string, readonly unknown[]>) {
  const entities = [...wanted.keys()].sort();
  const queries = useQueries({
    queries: entities.map((entity) => labelQuery(entity, idsIn(wanted.get(entity) ?? []))),
  });
  return {
    isPending: queries.some((q) => q.isLoading),
    labelOf: (entity: string, id: unknown) => queries[entities.indexOf(entity)]?.data?.get(Number(id)),
  };
}
