import { useCallback, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useInstantText } from '../data/useValueFormat';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FetchFilter, StockAdjustResult, VirtualStockRow } from '@backroom/schema';
import { dataApi, type ApiRow } from '../data/api';
import { useOutletDropdown } from '../data/hooks';
import { ReferencePicker } from '../fields/ReferencePicker';
import { FieldProblem } from '../ui/FieldProblem';
import { useErrorText } from '../screens/errorText';
import type { SingleScreenProps } from '../screens/webModule';
import { useAppSelector } from '../store';
import { FormAlert } from '../ui/FormAlert';
import { Spinner } from '../ui/Spinner';
import { TitledCard } from '../ui/TitledCard';
import { DebouncedInput } from '../screens/DebouncedInput';
import { AdjustDialog } from './AdjustDialog';
import { virtualStockApi } from './api';
import { OptionSelect } from './OptionSelect';
import { Pager } from './Pager';

const PAGE_SIZE = 20;

/** `virtualstock`: per location and product, on hand, reserved, incoming and virtual; adjustments and their approval. */
export default function VirtualStockScreen({ item }: SingleScreenProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const ids = { outlet: useId(), location: useId(), search: useId() };
  const [outlet, setOutlet] = useState('');
  const [location, setLocation] = useState('');
  const [search, setSearch] = useState('');
  const [skip, setSkip] = useState(0);
  const [adjusting, setAdjusting] = useState<VirtualStockRow | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'info'; text: string } | null>(null);
  const outlets = useOutletDropdown();

  const filters: FetchFilter[] = [
    ...(outlet ? [{ ColumnName: 'outlet', ColumnValue: Number(outlet), Operator: 'EQ' }] : []),
    ...(location ? [{ ColumnName: 'location', ColumnValue: Number(location), Operator: 'EQ' }] : []),
  ];
  const body = {
    Skip: skip,
    Take: PAGE_SIZE,
    filters,
    search,
    sorts: [
      { ColumnName: 'location', Direction: 'ASC' as const },
      { ColumnName: 'product', Direction: 'ASC' as const },
    ],
  };
  const stock = useQuery({
    queryKey: ['virtualstock', body],
    queryFn: () => virtualStockApi.fetch(body),
    placeholderData: keepPreviousData,
  });
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['virtualstock'] }),
      queryClient.invalidateQueries({ queryKey: ['stockadjustment'] }),
    ]);

  const adjusted = (result: StockAdjustResult) => {
    setAdjusting(null);
    setNotice(
      result.status === 'pending'
        ? { tone: 'info', text: t('stock.virtual.pendingNotice') }
        : { tone: 'success', text: t('stock.virtual.appliedNotice', { onHand: result.onHand }) },
    );
    void refresh();
  };
  const filterBy = (set: (v: string) => void) => (value: string) => {
    set(value);
    setSkip(0);
  };
  const commitSearch = useCallback((value: string) => {
    setSearch(value);
    setSkip(0);
  }, []);

  return (
    <TitledCard
      titleId="virtualstock-title"
      title={t('stock.virtual.title')}
      dialogs={adjusting && <AdjustDialog row={adjusting} onCancel={() => setAdjusting(null)} onDone={adjusted} />}
    >
      <p className="text-body-secondary">{t('stock.virtual.hint')}</p>
      <div className="row g-2 align-items-end mb-3" role="search">
        <Filter id={ids.outlet} label={t('stock.virtual.outlet')}>
          <OptionSelect
            id={ids.outlet}
            value={outlet}
            onChange={filterBy(setOutlet)}
            options={outlets.options}
            blank={t('stock.virtual.allOutlets')}
            describedBy={outlets.error && `${ids.outlet}-error`}
          />
          <FieldProblem id={`${ids.outlet}-error`} text={outlets.error} />
        </Filter>
        <Filter id={ids.location} label={t('stock.virtual.location')}>
          <ReferencePicker
            id={ids.location}
            entity="inventorylocation"
            value={location}
            onChange={filterBy(setLocation)}
            blank={t('stock.virtual.allLocations')}
          />
        </Filter>
        <Filter id={ids.search} label={t('stock.virtual.search')}>
          <DebouncedInput
            id={ids.search}
            type="search"
            className="form-control"
            value={search}
            onCommit={commitSearch}
          />
        </Filter>
      </div>
      {notice && <FormAlert tone={notice.tone}>{notice.text}</FormAlert>}
      {stock.isError && <FormAlert>{errorText(stock.error)}</FormAlert>}
      {stock.isPending ? (
        <Spinner />
      ) : (
        stock.data && (
          <>
            <div className="table-responsive">
              <table className="table table-sm table-hover align-middle" aria-label={t('stock.virtual.title')}>
                <thead>
                  <tr>
                    <th scope="col">{t('stock.virtual.location')}</th>
                    <th scope="col">{t('stock.virtual.product')}</th>
                    {(['onHand', 'reserved', 'incoming', 'virtual', 'minQty'] as const).map((c) => (
                      <th key={c} scope="col" className="text-end">
                        {t(`stock.virtual.${c}`)}
                      </th>
                    ))}
                    {item.ableToEdit && (
                      <th scope="col">
                        <span className="visually-hidden">{t('singles.actions')}</span>
                      </th>
                    )}
                  </tr>
                </thead>
                <tbody>
                  {stock.data.rows.map((row) => (
                    <tr key={`${row.location}:${row.product}`} className={row.lowSince ? 'table-warning' : undefined}>
                      <td>{row.locationLabel}</td>
                      <th scope="row" className="fw-normal">
                        {row.productLabel}
                      </th>
                      <td className="text-end">{row.onHand}</td>
                      <td className="text-end">{row.reserved}</td>
                      <td className="text-end">{row.incoming}</td>
                      <td className="text-end fw-semibold">{row.virtual}</td>
                      <td className="text-end">
                        {row.minQty ?? ''}
                        {row.lowSince && <span className="badge text-bg-warning ms-1">{t('stock.virtual.low')}</span>}
                      </td>
                      {item.ableToEdit && (
                        <td className="text-end">
                          <button
                            type="button"
                            className="btn btn-sm btn-outline-primary"
                            onClick={() => setAdjusting(row)}
                            aria-label={t('stock.virtual.adjustRow', {
                              product: row.productLabel,
                              location: row.locationLabel,
                            })}
                          >
                            {t('stock.virtual.adjust')}
                          </button>
                        </td>
                      )}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {stock.data.rows.length === 0 && <p>{t('stock.virtual.noRows')}</p>}
            <Pager skip={skip} take={PAGE_SIZE} total={stock.data.totalCount} onSkip={setSkip} />
          </>
        )
      )}
      <PendingAdjustments
        canDecide={item.ableToEdit}
        onDecided={(text) => {
          setNotice({ tone: 'success', text });
          void refresh();
        }}
      />
    </TitledCard>
  );
}

function Filter({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="col-sm-4 col-lg-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      {children}
    </div>
  );
}

/** Adjustments waiting for a second person: approve or reject (not one's own). */
function PendingAdjustments({ canDecide, onDecided }: { canDecide: boolean; onDecided(text: string): void }) {
  const { t } = useTranslation();
  const when = useInstantText();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const me = useAppSelector((state) => state.user.userInfo?.userName);
  const pending = useQuery({
    queryKey: ['stockadjustment', 'pending'],
    queryFn: () =>
      dataApi.fetch('stockadjustment', {
        Take: 100,
        filters: [{ ColumnName: 'status', ColumnValue: 'pending', Operator: 'EQ' }],
        sorts: [{ ColumnName: 'id', Direction: 'ASC' }],
      }),
  });
  const decide = useMutation({
    mutationFn: ({ row, approve }: { row: ApiRow; approve: boolean }) =>
      (approve ? virtualStockApi.approve : virtualStockApi.reject)(Number(row.id), Number(row.version)),
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: ['stockadjustment'] });
      onDecided(
        t(result.status === 'applied' ? 'stock.virtual.approvedNotice' : 'stock.virtual.rejectedNotice', {
          onHand: result.onHand,
        }),
      );
    },
  });
  const rows = pending.data?.rows ?? [];
  return (
    <section aria-labelledby="pending-title">
      <h3 id="pending-title" className="h5">
        {t('stock.virtual.pendingTitle')}
      </h3>
      {decide.isError && <FormAlert>{errorText(decide.error)}</FormAlert>}
      {pending.isError && <FormAlert>{errorText(pending.error)}</FormAlert>}
      {rows.length === 0 ? (
        <p className="text-body-secondary">{t('stock.virtual.nonePending')}</p>
      ) : (
        <table className="table table-sm align-middle" aria-labelledby="pending-title">
          <thead>
            <tr>
              <th scope="col">{t('stock.virtual.requested')}</th>
              <th scope="col">{t('stock.virtual.location')}</th>
              <th scope="col">{t('stock.virtual.product')}</th>
              <th scope="col" className="text-end">
                {t('stock.virtual.change')}
              </th>
              <th scope="col">{t('stock.virtual.reason')}</th>
              <th scope="col">{t('stock.virtual.remarks')}</th>
              {canDecide && (
                <th scope="col">
                  <span className="visually-hidden">{t('singles.actions')}</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const own = row.createdBy === me;
              return (
                <tr key={String(row.id)}>
                  <td>
                    {when(row.createdAt)}
                    <div className="small text-body-secondary">{String(row.createdBy ?? '')}</div>
                  </td>
                  <td>{String(row.locationLabel ?? '')}</td>
                  <td>{String(row.productLabel ?? '')}</td>
                  <td className="text-end">{String(row.quantity)}</td>
                  <td>{String(row.stockOutReasonLabel ?? '')}</td>
                  <td>{String(row.remarks ?? '')}</td>
                  {canDecide && (
                    <td className="text-end text-nowrap">
                      {own ? (
                        <span className="small text-body-secondary">{t('stock.virtual.ownRequest')}</span>
                      ) : (
                        <>
                          <button
                            type="button"
                            className="btn btn-sm btn-success me-1"
                            disabled={decide.isPending}
                            onClick={() => decide.mutate({ row, approve: true })}
                          >
                            {t('stock.virtual.approve')}
                          </button>
                          <button
                            type="button"
                            className="btn btn-sm btn-outline-danger"
                            disabled={decide.isPending}
                            onClick={() => decide.mutate({ row, approve: false })}
                          >
                            {t('stock.virtual.reject')}
                          </button>
                        </>
                      )}
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
