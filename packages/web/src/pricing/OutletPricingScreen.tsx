import { useId, useState, type FormEvent } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useDropdown } from '../data/hooks';
import { useErrorText } from '../screens/errorText';
import type { SingleScreenProps } from '../screens/webModule';
import { FormAlert } from '../ui/FormAlert';
import { Spinner } from '../ui/Spinner';
import { TitledCard } from '../ui/TitledCard';
import { MAX_TAKE, type OutletColumn, type OutletPricingRow as PricingRow } from '@backroom/schema';
import { outletPricingApi } from './api';
import { cellKey, changesOf, isValidPrice, withCell, type Edits } from './edits';

const PAGE_SIZE = 10;
/** Every category is offered in the filter (the server's dropdown limit). */
const ALL_CATEGORIES = MAX_TAKE;

interface CellProps {
  row: PricingRow;
  outlet: OutletColumn;
  edits: Edits;
  readOnly: boolean;
  onEdit(key: string, text: string, saved: string | null): void;
}

function PriceCell({ row, outlet, edits, readOnly, onEdit }: CellProps) {
  const { t } = useTranslation();
  const key = cellKey(row.id, outlet.id);
  const saved = row.prices[outlet.id] ?? null;
  const edited = key in edits;
  const text = edited ? edits[key]! : (saved ?? '');
  const invalid = !isValidPrice(text);
  // A future price already in force at this outlet (its midnight has passed) that the job has not made the stored price yet.
  const now = row.inForce[outlet.id];
  const ahead = now !== undefined && now !== (saved ?? row.sellingPrice);
  return (
    <td className={edited ? 'table-warning' : undefined}>
      <input
        className={`form-control form-control-sm text-end${invalid ? ' is-invalid' : ''}`}
        inputMode="decimal"
        aria-label={t('pricing.outletPricing.priceOf', { product: row.name, outlet: outlet.name })}
        aria-invalid={invalid || undefined}
        title={invalid ? t('pricing.outletPricing.invalid') : undefined}
        placeholder={row.sellingPrice}
        value={text}
        readOnly={readOnly}
        onChange={(e) => onEdit(key, e.target.value, saved)}
      />
      {ahead && <div className="form-text text-end">{t('pricing.outletPricing.inForce', { price: now })}</div>}
    </td>
  );
}

/**
 * `outletpricing`: products × outlets, each cell the outlet's override of the product's base price.
 * Without edit the grid is read-only (the server refuses saves anyway).
 */
export default function OutletPricingScreen({ item }: SingleScreenProps) {
  const { ableToEdit } = item;
  const { t } = useTranslation();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const searchId = useId();
  const categoryId = useId();
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState({ Skip: 0, Take: PAGE_SIZE, search: '', category: null as number | null });
  const [edits, setEdits] = useState<Edits>({});
  const [savedCount, setSavedCount] = useState<number | null>(null);

  const categories = useDropdown('category', '', true, ALL_CATEGORIES);
  const grid = useQuery({
    queryKey: ['outletpricing', 'grid', query],
    queryFn: () => outletPricingApi.grid(query),
    placeholderData: keepPreviousData,
  });
  const changes = changesOf(edits);
  const invalid = Object.values(edits).some((text) => !isValidPrice(text));

  const save = useMutation({
    mutationFn: () => outletPricingApi.save(changes),
    onSuccess: async (counts) => {
      await queryClient.invalidateQueries({ queryKey: ['outletpricing', 'grid'] });
      setEdits({});
      setSavedCount(counts.inserted + counts.updated + counts.deleted);
    },
  });

  const edit = (key: string, text: string, saved: string | null) => {
    setSavedCount(null);
    setEdits((current) => withCell(current, key, text, saved));
  };
  const search = (event: FormEvent) => {
    event.preventDefault();
    setQuery((q) => ({ ...q, Skip: 0, search: typed.trim() }));
  };

  const page = grid.data;
  const pages = page ? Math.max(1, Math.ceil(page.totalCount / PAGE_SIZE)) : 1;
  const pageNo = query.Skip / PAGE_SIZE + 1;
  const readOnly = !ableToEdit;

  return (
    <TitledCard titleId="outletpricing-title" title={t('pricing.outletPricing.title')}>
      <p className="text-body-secondary">
        {t(readOnly ? 'pricing.outletPricing.readOnly' : 'pricing.outletPricing.hint')}
      </p>
      <form className="row g-2 align-items-end mb-3" role="search" onSubmit={search}>
        <div className="col-sm-5 col-lg-4">
          <label htmlFor={searchId} className="form-label">
            {t('pricing.outletPricing.search')}
          </label>
          <input
            id={searchId}
            type="search"
            className="form-control"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
        </div>
        <div className="col-sm-4 col-lg-3">
          <label htmlFor={categoryId} className="form-label">
            {t('pricing.outletPricing.category')}
          </label>
          <select
            id={categoryId}
            className="form-select"
            value={query.category ?? ''}
            onChange={(e) =>
              setQuery((q) => ({ ...q, Skip: 0, category: e.target.value === '' ? null : Number(e.target.value) }))
            }
          >
            <option value="">{t('pricing.outletPricing.allCategories')}</option>
            {categories.data?.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </div>
        <div className="col-auto">
          <button type="submit" className="btn btn-outline-primary">
            {t('pricing.outletPricing.searchButton')}
          </button>
        </div>
        {!readOnly && (
          <div className="col-auto ms-auto d-flex gap-2">
            <button
              type="button"
              className="btn btn-primary"
              disabled={changes.length === 0 || invalid || save.isPending}
              onClick={() => save.mutate()}
            >
              {t('pricing.outletPricing.save')}
            </button>
            <button
              type="button"
              className="btn btn-outline-secondary"
              disabled={changes.length === 0 || save.isPending}
              onClick={() => setEdits({})}
            >
              {t('pricing.outletPricing.discard')}
            </button>
          </div>
        )}
      </form>
      {changes.length > 0 && (
        <FormAlert tone="info">{t('pricing.outletPricing.unsaved', { count: changes.length })}</FormAlert>
      )}
      {invalid && <FormAlert>{t('pricing.outletPricing.invalid')}</FormAlert>}
      {savedCount !== null && (
        <FormAlert tone="success">{t('pricing.outletPricing.saved', { count: savedCount })}</FormAlert>
      )}
      {save.isError && <FormAlert>{errorText(save.error)}</FormAlert>}
      {grid.isError && <FormAlert>{errorText(grid.error)}</FormAlert>}
      {grid.isPending && <Spinner />}
      {page && (
        <>
          <div className="table-responsive">
            <table className="table table-sm table-hover align-middle" aria-label={t('pricing.outletPricing.title')}>
              <thead>
                <tr>
                  <th scope="col">{t('pricing.outletPricing.code')}</th>
                  <th scope="col">{t('pricing.outletPricing.product')}</th>
                  <th scope="col" className="text-end">
                    {t('pricing.outletPricing.basePrice')}
                  </th>
                  {page.outlets.map((outlet) => (
                    <th key={outlet.id} scope="col" className="text-end">
                      {outlet.name}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {page.rows.map((row) => (
                  <tr key={row.id}>
                    <td>{row.code}</td>
                    <th scope="row" className="fw-normal">
                      {row.name}
                    </th>
                    <td className="text-end">{row.sellingPrice}</td>
                    {page.outlets.map((outlet) => (
                      <PriceCell
                        key={outlet.id}
                        row={row}
                        outlet={outlet}
                        edits={edits}
                        readOnly={readOnly}
                        onEdit={edit}
                      />
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {page.rows.length === 0 && <p>{t('pricing.outletPricing.noRows')}</p>}
          <nav className="d-flex align-items-center gap-2" aria-label={t('pricing.outletPricing.pages')}>
            <button
              type="button"
              className="btn btn-sm btn-outline-secondary"
              disabled={pageNo <= 1}
              onClick={() => setQuery((q) => ({ ...q, Skip: q.Skip - PAGE_SIZE }))}
            >
              {t('pricing.outletPricing.previous')}
            </button>
            <span>{t('pricing.outletPricing.pageOf', { page: pageNo, pages, count: page.totalCount })}</span>
            <button
              type="button"
              className="btn btn-sm btn-outline-secondary"
              disabled={pageNo >= pages}
              onClick={() => setQuery((q) => ({ ...q, Skip: q.Skip + PAGE_SIZE }))}
            >
              {t('pricing.outletPricing.next')}
            </button>
          </nav>
        </>
      )}
    </TitledCard>
  );
}
