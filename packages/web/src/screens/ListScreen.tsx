import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { apiFailure, type ApiRow } from '../data/api';
import { PAGE_SIZES } from '../data/listState';
import { fieldLabel } from '../fields/format';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { ExportButton } from './ExportButton';
import { LoadFailed } from '../ui/LoadFailed';
import { TitledCard } from '../ui/TitledCard';
import { PHONE, useMediaQuery } from '../ui/useMediaQuery';
import { DebouncedInput } from './DebouncedInput';
import { recordName } from './recordName';
import { ListPhone } from './ListPhone';
import { ListTable } from './ListTable';
import { useDensity } from './useDensity';
import { useListController, type ListController, type ListControllerOptions } from './useListController';

const BulkEdit = lazy(() => import('./BulkEdit'));

/** The generic list of the menu screens: server-side paging, sorting, filters and search, kept in the address. */
export function ListScreen({ title, ...options }: ListControllerOptions & { title: string }) {
  const { t } = useTranslation();
  const list = useListController(options);
  const { item, state, canEdit, canDelete, canSelect, selectedIds, bulkActions, remove } = list;
  const [density, setDensity] = useDensity();
  // A phone shows one compact line per row; the table (sorting, filters, columns) from 576 px.
  const phone = useMediaQuery(PHONE);
  const [confirm, setConfirm] = useState<{ ids: number[]; row?: ApiRow } | null>(null);
  const record = t(`records.${list.entity.name}`, { defaultValue: title });
  const notice = useRef<HTMLDivElement>(null);
  // After a change to many rows the bar that started it is gone: the keyboard goes on from the message.
  useEffect(() => {
    if (list.notice) notice.current?.focus();
  }, [list.notice]);

  return (
    <TitledCard
      titleId="screen-title"
      title={title}
      className="list-screen"
      actions={
        <>
          {/* A list with nothing to search in offers no search box (the server would find nothing). */}
          {list.entity.searchFields.length > 0 && (
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
                onCommit={list.setSearch}
              />
            </form>
          )}
          <button
            type="button"
            className="btn btn-outline-secondary"
            aria-pressed={density === 'comfortable'}
            title={t('list.comfortable')}
            onClick={() => setDensity(density === 'compact' ? 'comfortable' : 'compact')}
          >
            <i className="bi bi-arrows-expand" aria-hidden="true" />
            <span className="visually-hidden">{t('list.comfortable')}</span>
          </button>
          {item.ableToSetTable && <ColumnChooser list={list} />}
          {item.exportProcedure && <ExportButton procedure={item.exportProcedure} body={list.body} />}
          {canEdit && (
            <Link to={`${item.path}/add`} className="btn btn-primary">
              <i className="bi bi-plus-lg" aria-hidden="true" /> {t('list.add')}
            </Link>
          )}
        </>
      }
      dialogs={
        confirm && (
          <ConfirmDialog
            title={
              confirm.row
                ? t('form.confirmDeleteRecord', {
                    record,
                    name: recordName(list.entity, confirm.row) || String(confirm.row.id),
                  })
                : t('list.confirmDelete', { count: confirm.ids.length })
            }
            confirmLabel={t('list.delete')}
            onCancel={() => setConfirm(null)}
            onConfirm={() => {
              remove.mutate(confirm.ids);
              setConfirm(null);
            }}
          />
        )
      }
    >
      {list.notice && (
        <div ref={notice} className="alert alert-success py-2" role="status" tabIndex={-1}>
          {list.notice}
        </div>
      )}
      {remove.isError && (
        <div className="alert alert-danger py-2" role="alert">
          {t('list.deleteFailed', { message: apiFailure(remove.error).message })}
        </div>
      )}
      {canSelect && selectedIds.length > 0 && (
        <div
          className="bulk-bar alert alert-light border d-flex align-items-center gap-2 py-2"
          role="region"
          aria-label={t('list.bulkActions')}
        >
          <span className="me-auto">{t('list.selected', { count: selectedIds.length })}</span>
          <button type="button" className="btn btn-sm btn-outline-secondary" onClick={list.clearSelection}>
            {t('list.clearSelection')}
          </button>
          {list.settable.length > 0 && (
            <Suspense fallback={null}>
              <BulkEdit list={list} title={title} />
            </Suspense>
          )}
          {item.exportProcedure && (
            <ExportButton
              procedure={item.exportProcedure}
              body={{
                filters: [{ ColumnName: 'id', ColumnValue: selectedIds.join(','), Operator: 'IN' }],
                sorts: list.body.sorts,
              }}
              label={t('bulk.exportSelected')}
              className="btn btn-sm btn-outline-secondary"
            />
          )}
          {bulkActions.map((Bulk, index) => (
            <Suspense key={index} fallback={null}>
              <Bulk ids={selectedIds} item={item} />
            </Suspense>
          ))}
          {canDelete && (
            <button type="button" className="btn btn-sm btn-danger" onClick={() => setConfirm({ ids: selectedIds })}>
              <i className="bi bi-trash" aria-hidden="true" /> {t('list.deleteSelected')}
            </button>
          )}
        </div>
      )}

      {list.rows.isError ? (
        <LoadFailed
          message={t('list.loadFailed', { message: apiFailure(list.rows.error).message })}
          onRetry={list.rows.refetch}
        />
      ) : phone ? (
        <ListPhone list={list} title={title} />
      ) : (
        <ListTable list={list} title={title} density={density} onDelete={(ids, row) => setConfirm({ ids, row })} />
      )}

      <ListPagination list={list} />
    </TitledCard>
  );
}

function ColumnChooser({ list }: { list: ListController }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <div className="position-relative">
      <button
        type="button"
        className="btn btn-outline-secondary"
        aria-expanded={open}
        aria-controls="column-chooser"
        onClick={() => setOpen((o) => !o)}
      >
        <i className="bi bi-layout-three-columns" aria-hidden="true" /> {t('list.columns')}
      </button>
      {open && (
        <fieldset id="column-chooser" className="dropdown-menu show p-2 end-0" style={{ minWidth: '14rem' }}>
          <legend className="fs-6 fw-semibold">{t('list.chooseColumns')}</legend>
          {list.available.map((field) => (
            <div key={field.name} className="form-check">
              <input
                id={`col-${field.name}`}
                type="checkbox"
                className="form-check-input"
                checked={list.shownNames.includes(field.name)}
                onChange={() => list.toggleColumn(field.name)}
              />
              <label htmlFor={`col-${field.name}`} className="form-check-label">
                {fieldLabel(t, list.entity.name, field)}
              </label>
            </div>
          ))}
          <button type="button" className="btn btn-link btn-sm px-0" onClick={list.resetColumns}>
            {t('list.resetColumns')}
          </button>
        </fieldset>
      )}
    </div>
  );
}

function ListPagination({ list }: { list: ListController }) {
  const { t } = useTranslation();
  const { state, capped, pageCount } = list;
  return (
    <nav className="d-flex flex-wrap align-items-center gap-2" aria-label={t('list.pagination')}>
      <span className="me-auto text-body-secondary" role="status">
        {t(capped ? 'list.showingCapped' : 'list.showing', { from: list.from, to: list.to, total: list.total })}
      </span>
      <label htmlFor="list-page-size" className="col-form-label">
        {t('list.pageSize')}
      </label>
      <select
        id="list-page-size"
        className="form-select w-auto"
        value={state.size}
        onChange={(event) => list.setSize(Number(event.target.value))}
      >
        {[...new Set([...PAGE_SIZES, state.size])]
          .sort((a, b) => a - b)
          .map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
      </select>
      <button
        type="button"
        className="btn btn-outline-secondary"
        disabled={state.page <= 1}
        onClick={() => list.setPage(state.page - 1)}
      >
        <i className="bi bi-chevron-left" aria-hidden="true" /> {t('list.previousPage')}
      </button>
      <span>
        {capped ? t('list.page', { page: state.page }) : t('list.pageOf', { page: state.page, count: pageCount })}
      </span>
      <button
        type="button"
        className="btn btn-outline-secondary"
        disabled={state.page >= pageCount}
        onClick={() => list.setPage(state.page + 1)}
      >
        {t('list.nextPage')} <i className="bi bi-chevron-right" aria-hidden="true" />
      </button>
    </nav>
  );
}
