import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FetchFilter, NormalisedEntity, NormalisedField } from '@backroom/schema';
import { dataApi, type ApiRow } from '../data/api';
import { useEntityWithCustomFields } from '../data/customFields';
import { useRows } from '../data/hooks';
import { readListState, toFetchRequest, writeListState, type ListState } from '../data/listState';
import { useAppSelector } from '../store';
import type { ClientMenuItem } from '../store/menuSlice';
import { rememberList } from './listMemory';
import { useModules } from './modules';

const NO_FILTERS: FetchFilter[] = [];
const NO_FIELDS: readonly string[] = [];
const NO_ACTIONS: readonly never[] = [];
const CHOOSABLE = new Set([
  'text',
  'number',
  'decimal',
  'money',
  'quantity',
  'percent',
  'boolean',
  'date',
  'datetime',
  'time',
  'enum',
  'listvalue',
  'reference',
]);
/** Kinds a bulk edit may set to one value for many rows. */
const SETTABLE = new Set([
  'text',
  'longtext',
  'number',
  'decimal',
  'money',
  'quantity',
  'percent',
  'boolean',
  'date',
  'enum',
  'listvalue',
  'reference',
]);

/**
 * Fields a bulk edit offers: one value that many rows may share — not a unique field (every row
 * but one would clash), not a flag only one row holds, not a child list, a secret or a computed
 * value; of the system fields only Active (switching many rows off at once).
 */
export const settableFields = (
  entity: NormalisedEntity,
  hiddenFields: readonly string[] = NO_FIELDS,
): NormalisedField[] =>
  entity.fields.filter(
    (f) =>
      SETTABLE.has(f.kind) &&
      (!f.system || f.name === 'isActive') &&
      !f.readOnly &&
      !f.hidden &&
      !f.unique &&
      !('multiple' in f && f.multiple) &&
      !(f.kind === 'boolean' && f.exclusive) &&
      !hiddenFields.includes(f.name),
  );

/** localStorage key of a user's chosen columns for one list. */
export const columnsKey = (userName: string, route: string) => `backroom:columns:${userName}:${route}`;

function readColumns(key: string): string[] | null {
  try {
    const parsed = JSON.parse(localStorage.getItem(key) ?? 'null') as unknown;
    return Array.isArray(parsed) && parsed.every((c) => typeof c === 'string') ? parsed : null;
  } catch {
    return null;
  }
}

export interface ListControllerOptions {
  entity: NormalisedEntity;
  item: ClientMenuItem;
  /** Always applied (the list-value screen's category). */
  fixedFilters?: FetchFilter[];
  /** Fields not offered as columns or filters (the fixed category). */
  hiddenFields?: readonly string[];
  /** The list kind has no form: no add, no edit links. */
  hasForm: boolean;
  /** A list without a form may still open a row elsewhere (a sale's receipt). */
  onOpenRow?(row: ApiRow): void;
}

/**
 * The headless list: what it shows (paging, sort, search and filters kept in the address), the page
 * of rows, the chosen columns, the selection and deleting — everything a view of the list needs
 * and no markup (react-admin's useListController is the model).
 */
export function useListController({
  entity: base,
  item,
  fixedFilters = NO_FILTERS,
  hiddenFields = NO_FIELDS,
  hasForm,
  onOpenRow,
}: ListControllerOptions) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const defaultSize = useAppSelector((state) => state.settings.defaultTakePerRow) || 10;
  const userName = useAppSelector((state) => state.user.userInfo?.userName ?? '');
  const route = item.path.replace(/^\//, '');
  // Custom fields are columns and filters too: the list waits for them rather than fetching twice.
  const { entity, isPending: customPending } = useEntityWithCustomFields(base);
  const state = useMemo(() => readListState(params, entity, defaultSize), [params, entity, defaultSize]);
  const body = useMemo(() => toFetchRequest(state, entity, fixedFilters), [state, entity, fixedFilters]);
  const rows = useRows(entity.name, body, !customPending);
  useEffect(() => rememberList(item.path, params.toString()), [item.path, params]);
  const [selected, setSelected] = useState<Record<string, boolean>>({});
  const [notice, setNotice] = useState('');
  const canEdit = hasForm && item.ableToEdit;
  const canDelete = item.ableToDelete && !entity.readOnly;
  const bulkActions = useModules().listActions[entity.name] ?? NO_ACTIONS;
  const settable = useMemo(
    () => (item.ableToEdit && !entity.readOnly ? settableFields(entity, hiddenFields) : []),
    [item.ableToEdit, entity, hiddenFields],
  );
  const canSelect = canDelete || bulkActions.length > 0 || settable.length > 0 || Boolean(item.exportProcedure);

  // ---- columns ----
  const available = useMemo(
    () =>
      // Computed figures (a product's on hand) may be chosen after the fields; shown only when chosen.
      [...entity.fields, ...entity.computed].filter(
        (f) => !f.hidden && CHOOSABLE.has(f.kind) && !('multiple' in f && f.multiple) && !hiddenFields.includes(f.name),
      ),
    [entity, hiddenFields],
  );
  const storageKey = columnsKey(userName, route);
  const [chosen, setChosen] = useState<string[] | null>(() => (item.ableToSetTable ? readColumns(storageKey) : null));
  const shownNames = (chosen ?? entity.listColumns).filter((name) => available.some((f) => f.name === name));
  const shown: NormalisedField[] = shownNames.map((name) => available.find((f) => f.name === name)!);
  const toggleColumn = (name: string) => {
    const next = shownNames.includes(name)
      ? shownNames.filter((n) => n !== name)
      : available.map((f) => f.name).filter((n) => n === name || shownNames.includes(n));
    if (next.length === 0) return;
    setChosen(next);
    localStorage.setItem(storageKey, JSON.stringify(next));
  };
  const resetColumns = () => {
    setChosen(null);
    localStorage.removeItem(storageKey);
  };

  // ---- paging, sort, search, filters ----
  // The list's state as last written: a filter box's delayed change may run with a closure of an
  // older render, and two changes before the address is read again (both ends of a range) must both land.
  const latest = useRef(state);
  useLayoutEffect(() => {
    latest.current = state;
  }, [state]);
  const update = useCallback(
    (
      change: Partial<ListState> | ((current: ListState) => Partial<ListState>),
      { replace = false, keepPage = false } = {},
    ) => {
      const current = latest.current;
      const delta = typeof change === 'function' ? change(current) : change;
      const next = { ...current, ...delta, ...(keepPage || 'page' in delta ? {} : { page: 1 }) };
      latest.current = next;
      setParams(writeListState(next, entity, defaultSize), { replace });
    },
    [entity, defaultSize, setParams],
  );
  const setFilter = useCallback(
    (key: string, value: string) =>
      update((current) => ({ filters: { ...current.filters, [key]: value } }), { replace: true }),
    [update],
  );
  const setSearch = useCallback((search: string) => update({ search }, { replace: true }), [update]);
  /** Back to every row: no search, no filters. */
  const clearFilters = useCallback(() => update({ search: '', filters: {} }), [update]);
  const setSort = useCallback((sort: ListState['sort']) => update({ sort }), [update]);
  const setPage = useCallback((page: number) => update({ page }), [update]);
  const setSize = useCallback((size: number) => update({ size }), [update]);

  const total = rows.data?.totalCount ?? 0;
  const capped = rows.data?.capped ?? false;
  const pageRows = rows.data?.rows ?? [];
  // A capped count is a lower bound: the next page exists while pages come back full.
  const pageCount = capped
    ? Math.max(state.page + (pageRows.length >= state.size ? 1 : 0), Math.ceil(total / state.size))
    : Math.max(1, Math.ceil(total / state.size));
  const from = total === 0 ? 0 : (state.page - 1) * state.size + 1;
  const to = capped ? (state.page - 1) * state.size + pageRows.length : Math.min(total, state.page * state.size);

  // ---- selection ----
  // The selection is kept across pages, sorts, searches and filters (choose products from one
  // category, then from another, and print labels for all of them): the rows chosen on a page no
  // longer shown are remembered as they were read. A change made to the rows, or Clear, ends it.
  const [seen, setSeen] = useState<ReadonlyMap<string, ApiRow>>(new Map());
  const loaded = rows.data?.rows;
  useEffect(() => {
    if (loaded && loaded.length > 0)
      setSeen((known) => new Map([...known, ...loaded.map((r) => [String(r.id), r] as const)]));
  }, [loaded]);
  const selectedIds = Object.keys(selected)
    .filter((id) => selected[id])
    .map(Number);
  const selectedRows = selectedIds
    .map((id) => pageRows.find((row) => Number(row.id) === id) ?? seen.get(String(id)))
    .filter((row): row is ApiRow => row !== undefined);
  const clearSelection = useCallback(() => setSelected({}), []);

  // ---- deleting ----
  const remove = useMutation({
    mutationFn: (ids: number[]) => dataApi.remove(entity.name, ids),
    onSuccess: (_, ids) => {
      setSelected({});
      setNotice(t('list.deleted', { count: ids.length }));
      void queryClient.invalidateQueries({ queryKey: ['data', entity.name] });
    },
    onError: () => setNotice(''),
  });
  /** After a change to many rows (bulk edit): say so, drop the selection, load again. */
  const changed = useCallback(
    (message: string) => {
      setSelected({});
      setNotice(message);
      void queryClient.invalidateQueries({ queryKey: ['data', entity.name] });
    },
    [entity.name, queryClient],
  );

  /** The words a row is known by (its drop-down label fields), else its id. */
  const rowLabel = useCallback(
    (row: ApiRow) =>
      entity.dropdown.label
        .map((name) => row[name])
        .filter((v) => v !== null && v !== undefined && v !== '')
        .join(' - ') || String(row.id),
    [entity],
  );

  return {
    entity,
    item,
    state,
    rows,
    pageRows,
    total,
    capped,
    pageCount,
    from,
    to,
    setFilter,
    setSearch,
    clearFilters,
    setSort,
    setPage,
    setSize,
    available,
    shown,
    shownNames,
    toggleColumn,
    resetColumns,
    selected,
    setSelected,
    selectedIds,
    selectedRows,
    clearSelection,
    settable,
    canEdit,
    canDelete,
    canSelect,
    bulkActions,
    remove,
    notice,
    changed,
    rowLabel,
    hasForm,
    onOpenRow,
    /** The fetch the page shows (filters, sorts, search): what the list's export exports. */
    body,
  };
}

export type ListController = ReturnType<typeof useListController>;
