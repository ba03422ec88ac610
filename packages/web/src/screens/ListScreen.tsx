import { Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { ExportButton } from '../sheets/ExportButton';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef, type RowSelectionState, type SortingState } from '@tanstack/react-table';
import type { FetchFilter, NormalisedEntity, NormalisedField } from '@backroom/schema';
import { apiFailure, dataApi, type ApiRow } from '../data/api';
import { useDropdown, useListValues, useRows } from '../data/hooks';
import { PAGE_SIZES, filterKindOf, readListState, toFetchRequest, writeListState, type ListState } from '../data/listState';
import { enumLabel, fieldLabel, formatCell, isNumericKind } from '../fields/format';
import { ConfirmDialog } from '../shell/ConfirmDialog';
import { useAppSelector } from '../store';
import type { ClientMenuItem } from '../store/menuSlice';
import { TitledCard } from '../ui/TitledCard';
import { DebouncedInput } from './DebouncedInput';
import { bulkActions } from './listActions';

interface ListScreenProps {
  entity: NormalisedEntity;
  item: ClientMenuItem;
  /** Always applied (the list-value screen's category). */
  fixedFilters?: FetchFilter[];
  /** Fields not offered as columns or filters (the fixed category). */
  hiddenFields?: readonly string[];
  /** The list kind has no form: no add, no edit links. */
  hasForm: boolean;
  title: string;
  /** A list without a form may still open a row elsewhere (a sale's receipt). */
  onOpenRow?(row: ApiRow): void;
}

const NO_FILTERS: FetchFilter[] = [];
const NO_FIELDS: readonly string[] = [];
const CHOOSABLE = new Set(['text', 'number', 'decimal', 'money', 'quantity', 'percent', 'boolean', 'date', 'datetime', 'time', 'enum', 'listvalue', 'reference']);

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

/** The generic list of SPEC's menu screens: server-side paging, sorting, filters and search, kept in the address. */
export function ListScreen({ entity, item, fixedFilters = NO_FILTERS, hiddenFields = NO_FIELDS, hasForm, title, onOpenRow }: ListScreenProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const defaultSize = useAppSelector((state) => state.settings.defaultTakePerRow) || 10;
  const userName = useAppSelector((state) => state.user.userInfo?.userName ?? '');
  const route = item.path.replace(/^\//, '');
  const state = useMemo(() => readListState(params, entity, defaultSize), [params, entity, defaultSize]);
  const body = useMemo(() => toFetchRequest(state, entity, fixedFilters), [state, entity, fixedFilters]);
  const rows = useRows(entity.name, body);
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [confirm, setConfirm] = useState<number[] | null>(null);
  const [notice, setNotice] = useState('');
  const [chooserOpen, setChooserOpen] = useState(false);
  const canEdit = hasForm && item.ableToEdit;
  const canDelete = item.ableToDelete && !entity.readOnly;
  const Bulk = bulkActions[entity.name];
  const canChoose = canDelete || Bulk !== undefined;

  const available = useMemo(
    () => entity.fields.filter((f) => !f.hidden && CHOOSABLE.has(f.kind) && !('multiple' in f && f.multiple) && !hiddenFields.includes(f.name)),
    [entity, hiddenFields],
  );
  const storageKey = columnsKey(userName, route);
  const [chosen, setChosen] = useState<string[] | null>(() => (item.ableToSetTable ? readColumns(storageKey) : null));
  const shownNames = (chosen ?? entity.listColumns).filter((name) => available.some((f) => f.name === name));
  const shown = shownNames.map((name) => available.find((f) => f.name === name)!);
  const toggleColumn = (name: string) => {
    const next = shownNames.includes(name) ? shownNames.filter((n) => n !== name) : available.map((f) => f.name).filter((n) => n === name || shownNames.includes(n));
    if (next.length === 0) return;
    setChosen(next);
    localStorage.setItem(storageKey, JSON.stringify(next));
  };
  const resetColumns = () => {
    setChosen(null);
    localStorage.removeItem(storageKey);
  };

  const update = useCallback(
    (change: Partial<ListState>, { replace = false, keepPage = false } = {}) => {
      const next = { ...state, ...change, ...(keepPage || 'page' in change ? {} : { page: 1 }) };
      setParams(writeListState(next, entity, defaultSize), { replace });
    },
    [state, entity, defaultSize, setParams],
  );
  const setFilter = useCallback((key: string, value: string) => update({ filters: { ...state.filters, [key]: value } }, { replace: true }), [state.filters, update]);

  // A new page, sort or filter starts with nothing selected.
  useEffect(() => setSelection((current) => (Object.keys(current).length === 0 ? current : {})), [body]);

  const label = (field: NormalisedField) => fieldLabel(t, entity.name, field);
  const rowLabel = (row: ApiRow) => entity.dropdown.label.map((name) => row[name]).filter((v) => v !== null && v !== undefined && v !== '').join(' - ') || String(row.id);

  const columns = useMemo<ColumnDef<ApiRow>[]>(
    () => [
      ...(canChoose
        ? [
            {
              id: '__select',
              header: ({ table }) => (
                <input
                  type="checkbox"
                  className="form-check-input"
                  aria-label={t('list.selectAll')}
                  checked={table.getIsAllRowsSelected()}
                  ref={(el) => {
                    if (el) el.indeterminate = table.getIsSomeRowsSelected();
                  }}
                  onChange={table.getToggleAllRowsSelectedHandler()}
                />
              ),
              cell: ({ row }) => (
                <input
                  type="checkbox"
                  className="form-check-input"
                  aria-label={t('list.selectRow', { label: rowLabel(row.original) })}
                  checked={row.getIsSelected()}
                  onClick={(event) => event.stopPropagation()}
                  onChange={row.getToggleSelectedHandler()}
                />
              ),
            } satisfies ColumnDef<ApiRow>,
          ]
        : []),
      ...shown.map(
        (field): ColumnDef<ApiRow> => ({
          id: field.name,
          accessorFn: (row) => row[field.name],
          header: label(field),
          enableSorting: field.sortable,
          cell: ({ row }) => formatCell(t, i18n.language, field, row.original),
          meta: { field },
        }),
      ),
      {
        id: '__actions',
        header: () => <span className="visually-hidden">{t('list.actions')}</span>,
        cell: ({ row }) => (
          <div className="d-flex gap-1 justify-content-end">
            {hasForm && (
              <Link
                to={`${item.path}/edit/${String(row.original.id)}`}
                className="btn btn-sm btn-outline-primary"
                aria-label={t(canEdit ? 'list.editRow' : 'list.viewRow', { label: rowLabel(row.original) })}
                onClick={(event) => event.stopPropagation()}
              >
                <i className={`bi ${canEdit ? 'bi-pencil' : 'bi-eye'}`} aria-hidden="true" />
              </Link>
            )}
            {!hasForm && onOpenRow && (
              <button
                type="button"
                className="btn btn-sm btn-outline-primary"
                aria-label={t('list.viewRow', { label: rowLabel(row.original) })}
                onClick={(event) => {
                  event.stopPropagation();
                  onOpenRow(row.original);
                }}
              >
                <i className="bi bi-eye" aria-hidden="true" />
              </button>
            )}
            {canDelete && (
              <button
                type="button"
                className="btn btn-sm btn-outline-danger"
                aria-label={t('list.deleteRow', { label: rowLabel(row.original) })}
                onClick={(event) => {
                  event.stopPropagation();
                  setConfirm([Number(row.original.id)]);
                }}
              >
                <i className="bi bi-trash" aria-hidden="true" />
              </button>
            )}
          </div>
        ),
      },
    ],
    // The column definitions change only with the shown columns, the rights and the language.
    [shownNames.join(','), canChoose, canDelete, canEdit, hasForm, onOpenRow, i18n.language, t, item.path],
  );

  const total = rows.data?.totalCount ?? 0;
  const capped = rows.data?.capped ?? false;
  // A capped count is a lower bound: the next page exists while pages come back full.
  const pageCount = capped ? Math.max(state.page + ((rows.data?.rows.length ?? 0) >= state.size ? 1 : 0), Math.ceil(total / state.size)) : Math.max(1, Math.ceil(total / state.size));
  const sorting: SortingState = state.sort ? [{ id: state.sort.field, desc: state.sort.direction === 'desc' }] : [];
  const table = useReactTable({
    data: rows.data?.rows ?? [],
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => String(row.id),
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    enableSortingRemoval: false,
    sortDescFirst: false,
    pageCount,
    state: { sorting, rowSelection: selection, pagination: { pageIndex: state.page - 1, pageSize: state.size } },
    onRowSelectionChange: setSelection,
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      const first = next[0];
      update({ sort: first ? { field: first.id, direction: first.desc ? 'desc' : 'asc' } : null });
    },
    enableRowSelection: canChoose,
  });

  const selectedIds = Object.keys(selection)
    .filter((id) => selection[id])
    .map(Number);

  const remove = useMutation({
    mutationFn: (ids: number[]) => dataApi.remove(entity.name, ids),
    onSuccess: (_, ids) => {
      setSelection({});
      setNotice(t('list.deleted', { count: ids.length }));
      void queryClient.invalidateQueries({ queryKey: ['data', entity.name] });
    },
    onError: () => setNotice(''),
  });

  const from = total === 0 ? 0 : (state.page - 1) * state.size + 1;
  const to = Math.min(total, state.page * state.size);
  const filterable = shown.some((f) => filterKindOf(f) !== 'none');
  const colCount = table.getVisibleLeafColumns().length;

  return (
    <TitledCard
      titleId="screen-title"
      title={title}
      className="list-screen"
      actions={
        <>
          <form role="search" className="d-flex" onSubmit={(event) => event.preventDefault()}>
            <label htmlFor="list-search" className="visually-hidden">
              {t('list.search')}
            </label>
            <DebouncedInput
              id="list-search"
              type="search"
              className="form-control"
              placeholder={t('list.search')}
              value={state.search}
              onCommit={(search) => update({ search }, { replace: true })}
            />
          </form>
          {item.ableToSetTable && (
            <div className="position-relative">
              <button type="button" className="btn btn-outline-secondary" aria-expanded={chooserOpen} aria-controls="column-chooser" onClick={() => setChooserOpen((o) => !o)}>
                <i className="bi bi-layout-three-columns" aria-hidden="true" /> {t('list.columns')}
              </button>
              {chooserOpen && (
                <fieldset id="column-chooser" className="dropdown-menu show p-2 end-0" style={{ minWidth: '14rem' }}>
                  <legend className="fs-6 fw-semibold">{t('list.chooseColumns')}</legend>
                  {available.map((field) => (
                    <div key={field.name} className="form-check">
                      <input
                        id={`col-${field.name}`}
                        type="checkbox"
                        className="form-check-input"
                        checked={shownNames.includes(field.name)}
                        onChange={() => toggleColumn(field.name)}
                      />
                      <label htmlFor={`col-${field.name}`} className="form-check-label">
                        {label(field)}
                      </label>
                    </div>
                  ))}
                  <button type="button" className="btn btn-link btn-sm px-0" onClick={resetColumns}>
                    {t('list.resetColumns')}
                  </button>
                </fieldset>
              )}
            </div>
          )}
          {item.exportProcedure && <ExportButton procedure={item.exportProcedure} body={body} />}
          {canEdit && (
            <Link to={`${item.path}/add`} className="btn btn-primary">
              <i className="bi bi-plus-lg" aria-hidden="true" /> {t('list.add')}
            </Link>
          )}
        </>
      }
      dialogs={
        <>
          
          {confirm && (
            <ConfirmDialog
              title={t('list.confirmDelete', { count: confirm.length })}
              confirmLabel={t('list.delete')}
              onCancel={() => setConfirm(null)}
              onConfirm={() => {
                remove.mutate(confirm);
                setConfirm(null);
              }}
            />
          )}
        </>
      }
    >

      {notice && (
        <div className="alert alert-success py-2" role="status">
          {notice}
        </div>
      )}
      {remove.isError && (
        <div className="alert alert-danger py-2" role="alert">
          {t('list.deleteFailed', { message: apiFailure(remove.error).message })}
        </div>
      )}
      {canChoose && selectedIds.length > 0 && (
        <div className="bulk-bar alert alert-secondary d-flex align-items-center gap-2 py-2" role="region" aria-label={t('list.bulkActions')}>
          <span className="me-auto">{t('list.selected', { count: selectedIds.length })}</span>
          <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => setSelection({})}>
            {t('list.clearSelection')}
          </button>
          {Bulk && (
            <Suspense fallback={null}>
              <Bulk ids={selectedIds} item={item} />
            </Suspense>
          )}
          {canDelete && (
            <button type="button" className="btn btn-sm btn-danger" onClick={() => setConfirm(selectedIds)}>
              <i className="bi bi-trash" aria-hidden="true" /> {t('list.deleteSelected')}
            </button>
          )}
        </div>
      )}

      {rows.isError ? (
        <div className="alert alert-danger d-flex align-items-center gap-2" role="alert">
          <span className="me-auto">{t('list.loadFailed', { message: apiFailure(rows.error).message })}</span>
          <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => void rows.refetch()}>
            {t('list.retry')}
          </button>
        </div>
      ) : (
        <div className="table-responsive">
          <table className="table table-hover align-middle list-table" aria-busy={rows.isFetching}>
            <caption className="visually-hidden">{title}</caption>
            <thead>
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id}>
                  {group.headers.map((header) => {
                    const field = (header.column.columnDef.meta as { field?: NormalisedField } | undefined)?.field;
                    const sorted = header.column.getIsSorted();
                    return (
                      <th
                        key={header.id}
                        scope="col"
                        className={field && isNumericKind(field) ? 'text-end' : undefined}
                        aria-sort={header.column.getCanSort() ? (sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none') : undefined}
                      >
                        {header.column.getCanSort() ? (
                          <button type="button" className="btn btn-link p-0 text-reset text-decoration-none fw-semibold sort-button" onClick={header.column.getToggleSortingHandler()}>
                            {flexRender(header.column.columnDef.header, header.getContext())}
                            <i className={`bi ms-1 ${sorted === 'asc' ? 'bi-caret-up-fill' : sorted === 'desc' ? 'bi-caret-down-fill' : 'bi-arrow-down-up text-body-tertiary'}`} aria-hidden="true" />
                          </button>
                        ) : (
                          flexRender(header.column.columnDef.header, header.getContext())
                        )}
                      </th>
                    );
                  })}
                </tr>
              ))}
              {filterable && (
                <tr className="filter-row">
                  {table.getVisibleLeafColumns().map((column) => {
                    const field = (column.columnDef.meta as { field?: NormalisedField } | undefined)?.field;
                    return <td key={column.id}>{field && <ColumnFilter field={field} label={label(field)} filters={state.filters} onChange={setFilter} />}</td>;
                  })}
                </tr>
              )}
            </thead>
            <tbody>
              {rows.isPending ? (
                <tr>
                  <td colSpan={colCount} className="text-center py-4" role="status">
                    <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
                    {t('common.loading')}
                  </td>
                </tr>
              ) : table.getRowModel().rows.length === 0 ? (
                <tr>
                  <td colSpan={colCount} className="text-center text-body-secondary py-4">
                    {t('list.empty')}
                  </td>
                </tr>
              ) : (
                table.getRowModel().rows.map((row) => (
                  <tr
                    key={row.id}
                    className={hasForm || onOpenRow ? 'clickable' : undefined}
                    aria-selected={canChoose ? row.getIsSelected() : undefined}
                    onClick={hasForm ? () => navigate(`${item.path}/edit/${String(row.original.id)}`) : onOpenRow ? () => onOpenRow(row.original) : undefined}
                  >
                    {row.getVisibleCells().map((cell) => {
                      const field = (cell.column.columnDef.meta as { field?: NormalisedField } | undefined)?.field;
                      return (
                        <td key={cell.id} className={field && isNumericKind(field) ? 'text-end text-nowrap' : undefined}>
                          {flexRender(cell.column.columnDef.cell, cell.getContext())}
                        </td>
                      );
                    })}
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
      )}

      <nav className="d-flex flex-wrap align-items-center gap-2" aria-label={t('list.pagination')}>
        <span className="me-auto text-body-secondary" role="status">
          {capped ? t('list.showingCapped', { from, to: (state.page - 1) * state.size + (rows.data?.rows.length ?? 0), total }) : t('list.showing', { from, to, total })}
        </span>
        <label htmlFor="list-page-size" className="col-form-label">
          {t('list.pageSize')}
        </label>
        <select id="list-page-size" className="form-select w-auto" value={state.size} onChange={(event) => update({ size: Number(event.target.value) })}>
          {[...new Set([...PAGE_SIZES, state.size])]
            .sort((a, b) => a - b)
            .map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
        </select>
        <button type="button" className="btn btn-outline-secondary" disabled={state.page <= 1} onClick={() => update({ page: state.page - 1 })}>
          <i className="bi bi-chevron-left" aria-hidden="true" /> {t('list.previousPage')}
        </button>
        <span>{capped ? t('list.page', { page: state.page }) : t('list.pageOf', { page: state.page, count: pageCount })}</span>
        <button type="button" className="btn btn-outline-secondary" disabled={state.page >= pageCount} onClick={() => update({ page: state.page + 1 })}>
          {t('list.nextPage')} <i className="bi bi-chevron-right" aria-hidden="true" />
        </button>
      </nav>
    </TitledCard>
  );
}

function ColumnFilter({ field, label, filters, onChange }: { field: NormalisedField; label: string; filters: Record<string, string>; onChange(key: string, value: string): void }) {
  const { t } = useTranslation();
  const kind = filterKindOf(field);
  const name = t('list.filter', { column: label });
  if (kind === 'text')
    return <DebouncedInput type="text" className="form-control form-control-sm" aria-label={name} value={filters[field.name] ?? ''} onCommit={(v) => onChange(field.name, v)} />;
  if (kind === 'range') {
    const type = field.kind === 'date' ? 'date' : field.kind === 'datetime' ? 'datetime-local' : field.kind === 'time' ? 'time' : 'text';
    return (
      <div className="d-flex gap-1">
        {(['min', 'max'] as const).map((end) => (
          <DebouncedInput
            key={end}
            type={type}
            inputMode={type === 'text' ? 'decimal' : undefined}
            className="form-control form-control-sm"
            aria-label={t(end === 'min' ? 'list.filterFrom' : 'list.filterTo', { column: label })}
            placeholder={type === 'text' ? t(end === 'min' ? 'list.from' : 'list.to') : undefined}
            value={filters[`${field.name}.${end}`] ?? ''}
            onCommit={(v) => onChange(`${field.name}.${end}`, v)}
          />
        ))}
      </div>
    );
  }
  if (kind === 'select') return <SelectFilter field={field} label={name} value={filters[field.name] ?? ''} onChange={(v) => onChange(field.name, v)} />;
  return null;
}

function SelectFilter({ field, label, value, onChange }: { field: NormalisedField; label: string; value: string; onChange(value: string): void }) {
  const { t } = useTranslation();
  const reference = useDropdown(field.kind === 'reference' ? field.entity : '', '', field.kind === 'reference', 100);
  const listValues = useListValues(field.kind === 'listvalue' ? field.category : '');
  const options =
    field.kind === 'boolean'
      ? [
          { value: 'true', label: t('common.yes') },
          { value: 'false', label: t('common.no') },
        ]
      : field.kind === 'enum'
        ? field.values.map((v) => ({ value: v, label: enumLabel(t, field, v) }))
        : field.kind === 'reference'
          ? (reference.data ?? []).map((o) => ({ value: String(o.value), label: o.label }))
          : field.kind === 'listvalue'
            ? (listValues.data ?? []).map((o) => ({ value: String(o.value), label: o.label }))
            : [];
  return (
    <select className="form-select form-select-sm" aria-label={label} value={value} onChange={(event) => onChange(event.target.value)}>
      <option value="">{t('list.any')}</option>
      {value && !options.some((o) => o.value === value) && <option value={value}>{value}</option>}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
