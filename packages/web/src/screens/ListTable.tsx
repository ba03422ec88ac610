import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef, type SortingState } from '@tanstack/react-table';
import type { NormalisedField } from '@backroom/schema';
import type { ApiRow } from '../data/api';
import { filterKindOf } from '../data/listState';
import { useValueFormat } from '../data/useValueFormat';
import { fieldLabel, formatCell, isNumericKind } from '../fields/format';
import { ColumnFilter } from './ColumnFilter';
import { ListEmpty } from './ListEmpty';
import type { Density } from './useDensity';
import type { ListController } from './useListController';

const fieldOf = (meta: unknown) => (meta as { field?: NormalisedField } | undefined)?.field;

const WHEN = new Set(['date', 'datetime', 'time']);
/** A name this long or longer, with spaces, may wrap at them; a shorter one, or a code, is one line. */
const WRAPS_FROM = 25;

/** What names a row (its dropdown label: code and name), a row it refers to, or is a code (a unique text). */
export const isIdentifying = (label: readonly string[], field: NormalisedField) =>
  label.includes(field.name) || field.kind === 'reference' || (field.kind === 'text' && Boolean(field.unique));

/**
 * A body cell's class. Figures, dates and what identifies a row are never cut: figures and dates
 * are one line, so is a code or a short name (its column is as wide as it reads); a long name wraps
 * at its spaces only, in a column of at least 10rem; a date and time may put its time under its
 * date (`.cell-when`). Other text is clamped to one line (`.cell-text`).
 */
function cellClass(field: NormalisedField, identifies: boolean, row: ApiRow): string | undefined {
  if (isNumericKind(field)) return 'text-end text-nowrap';
  if (field.kind === 'datetime') return 'cell-when';
  if (WHEN.has(field.kind)) return 'text-nowrap';
  if (!identifies) return undefined;
  const value = row[`${field.name}Label`] ?? row[field.name];
  const text = typeof value === 'string' ? value : '';
  return text.length >= WRAPS_FROM && /\s/.test(text) ? 'cell-id-long' : 'text-nowrap';
}

/** The table view of a list controller: sortable headers, a filter row, selectable rows and their actions. */
export function ListTable({
  list,
  title,
  density,
  onDelete,
}: {
  list: ListController;
  title: string;
  density: Density;
  onDelete(ids: number[], row?: ApiRow): void;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { entity, item, state, rows, shown, canSelect, canEdit, canDelete, hasForm, onOpenRow, rowLabel } = list;
  const label = (field: NormalisedField) => fieldLabel(t, entity.name, field);
  const format = useValueFormat();
  // What names a row (its code and name, as its dropdowns show it) or the rows it refers to is never cut; the other columns give way.
  const identifying = (field: NormalisedField) => isIdentifying(entity.dropdown.label, field);

  const shownKey = list.shownNames.join(',');
  const columns = useMemo<ColumnDef<ApiRow>[]>(
    () => [
      ...(canSelect
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
      ...shown.map((field): ColumnDef<ApiRow> => ({
        id: field.name,
        accessorFn: (row) => row[field.name],
        header: label(field),
        enableSorting: field.sortable,
        cell: ({ row }) => {
          const text = formatCell(t, i18n.language, field, row.original, format);
          // Other long text is cut to the column; the whole value shows on hover.
          return isNumericKind(field) ? (
            text
          ) : identifying(field) ? (
            <span className="cell-id">{text}</span>
          ) : (
            <span className="cell-text" title={text || undefined}>
              {text}
            </span>
          );
        },
        meta: { field },
      })),
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
                  onDelete([Number(row.original.id)], row.original);
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
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
    [
      shownKey,
      canSelect,
      canDelete,
      canEdit,
      hasForm,
      onOpenRow,
      i18n.language,
      t,
      item.path,
      format.locale,
      format.currency,
      format.timeZone,
    ],
  );

  const sorting: SortingState = state.sort ? [{ id: state.sort.field, desc: state.sort.direction === 'desc' }] : [];
  const table = useReactTable({
    data: list.pageRows,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => String(row.id),
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    enableSortingRemoval: false,
    sortDescFirst: false,
    pageCount: list.pageCount,
    state: { sorting, rowSelection: list.selected, pagination: { pageIndex: state.page - 1, pageSize: state.size } },
    onRowSelectionChange: list.setSelected,
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      const first = next[0];
      list.setSort(first ? { field: first.id, direction: first.desc ? 'desc' : 'asc' } : null);
    },
    enableRowSelection: canSelect,
  });

  const filterable = shown.some((f) => filterKindOf(f) !== 'none');
  const colCount = table.getVisibleLeafColumns().length;

  return (
    <div className="table-responsive">
      <table
        className={`table table-hover align-middle list-table${density === 'compact' ? ' table-sm' : ''}`}
        aria-busy={rows.isFetching}
      >
        <caption className="visually-hidden">{title}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const field = fieldOf(header.column.columnDef.meta);
                const sorted = header.column.getIsSorted();
                return (
                  <th
                    key={header.id}
                    scope="col"
                    className={
                      field && isNumericKind(field)
                        ? 'text-end'
                        : header.column.id === '__actions'
                          ? 'actions-cell'
                          : undefined
                    }
                    aria-sort={
                      header.column.getCanSort()
                        ? sorted === 'asc'
                          ? 'ascending'
                          : sorted === 'desc'
                            ? 'descending'
                            : 'none'
                        : undefined
                    }
                  >
                    {header.column.getCanSort() ? (
                      <button
                        type="button"
                        className="btn btn-link p-0 text-reset text-decoration-none fw-semibold sort-button"
                        onClick={header.column.getToggleSortingHandler()}
                      >
                        {flexRender(header.column.columnDef.header, header.getContext())}
                        <i
                          className={`bi ms-1 ${sorted === 'asc' ? 'bi-caret-up-fill' : sorted === 'desc' ? 'bi-caret-down-fill' : 'bi-arrow-down-up text-body-tertiary'}`}
                          aria-hidden="true"
                        />
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
                const field = fieldOf(column.columnDef.meta);
                return (
                  <td key={column.id} className={column.id === '__actions' ? 'actions-cell' : undefined}>
                    {field && (
                      <ColumnFilter
                        field={field}
                        label={label(field)}
                        filters={state.filters}
                        onChange={list.setFilter}
                      />
                    )}
                  </td>
                );
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
              <td colSpan={colCount} className="p-0">
                <ListEmpty list={list} title={title} />
              </td>
            </tr>
          ) : (
            table.getRowModel().rows.map((row) => (
              <tr
                key={row.id}
                className={hasForm || onOpenRow ? 'clickable' : undefined}
                aria-selected={canSelect ? row.getIsSelected() : undefined}
                onClick={
                  hasForm
                    ? () => navigate(`${item.path}/edit/${String(row.original.id)}`)
                    : onOpenRow
                      ? () => onOpenRow(row.original)
                      : undefined
                }
              >
                {row.getVisibleCells().map((cell) => {
                  const field = fieldOf(cell.column.columnDef.meta);
                  return (
                    <td
                      key={cell.id}
                      className={
                        field
                          ? cellClass(field, identifying(field), row.original)
                          : cell.column.id === '__actions'
                            ? 'actions-cell'
                            : undefined
                      }
                      data-label={field ? label(field) : undefined}
                    >
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
  );
}
