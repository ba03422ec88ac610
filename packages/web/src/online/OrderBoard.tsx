import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getEntity,
  ONLINE_ORDER_ACTIONS,
  ONLINE_ORDER_STATUSES,
  type OnlineOrderAction,
  type OnlineOrderStatus,
} from '@backroom/schema';
import { useValueFormat } from '../data/useValueFormat';
import { formatCell } from '../fields/format';
import { DebouncedInput } from '../screens/DebouncedInput';
import { useErrorText } from '../screens/errorText';
import { ExportButton } from '../screens/ExportButton';
import type { ClientMenuItem } from '../store/menuSlice';
import { FormAlert } from '../ui/FormAlert';
import { Spinner } from '../ui/Spinner';
import { TitledCard } from '../ui/TitledCard';
import { boardRequest, ENTITY, onlineApi, type OnlineOrder } from './api';
import './online.scss';

/** How often the board asks for changes (orders arrive from channels, other staff move them). */
export const BOARD_POLL_MS = 5000;
/** Closed orders shown per column: the latest ones (all matches while searching). */
const CLOSED_SHOWN = 20;
const CLOSED: readonly OnlineOrderStatus[] = ['completed', 'cancelled'];
const FORWARD = (Object.keys(ONLINE_ORDER_ACTIONS) as OnlineOrderAction[]).filter((a) => a !== 'cancel');

const TOTAL = getEntity(ENTITY).fields.find((f) => f.name === 'total')!;

const allowed = (action: OnlineOrderAction, status: string) =>
  (ONLINE_ORDER_ACTIONS[action].from as readonly string[]).includes(status);

/**
 * The online order board (the list route of `onlinesalesorder`): a column per status, each order a
 * card with the actions its status allows as buttons; polled, so new orders and other people's
 * moves appear without a reload. Cancelling asks for a CANCEL_REASON first. The search (order no.,
 * customer name or phone; kept in the address) narrows every column, closed orders included, and
 * Export writes the orders it finds, as a list's Export does.
 */
export default function OrderBoard({ item, title }: { item: ClientMenuItem; title: string }) {
  const { t, i18n } = useTranslation();
  const format = useValueFormat();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [cancelling, setCancelling] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const board = useQuery({
    queryKey: ['online', 'board', search],
    queryFn: () => onlineApi.board(search),
    refetchInterval: BOARD_POLL_MS,
  });
  const reasons = useQuery({
    queryKey: ['online', 'cancelReasons'],
    queryFn: onlineApi.cancelReasons,
    enabled: cancelling !== null,
  });
  const act = useMutation({
    mutationFn: ({ id, action, extra }: { id: number; action: OnlineOrderAction; extra?: Record<string, unknown> }) =>
      onlineApi.act(id, action, extra),
    onSuccess: () => {
      setCancelling(null);
      setReason('');
      void queryClient.invalidateQueries({ queryKey: ['online', 'board'] });
    },
  });
  const orders = board.data ?? [];
  const canAct = item.ableToEdit;

  const card = (order: OnlineOrder) => (
    <li key={order.id} className="card online-order" aria-label={order.orderNo}>
      <div className="card-body p-2">
        <div className="d-flex flex-wrap justify-content-between column-gap-2">
          <Link to={`${item.path}/edit/${order.id}`} className="fw-semibold">
            {order.orderNo}
          </Link>
          <span>{formatCell(t, i18n.language, TOTAL, order, format)}</span>
        </div>
        <div className="small text-body-secondary">
          {order.customerName} · {t('online.board.items', { count: order.items.length })}
        </div>
        {canAct && !CLOSED.includes(order.status) ? (
          <div className="d-flex flex-wrap gap-1 mt-2">
            {FORWARD.filter((action) => allowed(action, order.status)).map((action) => (
              <button
                key={action}
                type="button"
                className="btn btn-sm btn-primary"
                disabled={act.isPending}
                onClick={() => act.mutate({ id: order.id, action })}
              >
                {t(`online.action.${action}`)}
              </button>
            ))}
            <button
              type="button"
              className="btn btn-sm btn-outline-danger"
              disabled={act.isPending}
              onClick={() => setCancelling(order.id)}
            >
              {t('online.action.cancel')}
            </button>
          </div>
        ) : null}
        {cancelling === order.id ? (
          <form
            className="d-grid gap-1 mt-2"
            onSubmit={(event) => {
              event.preventDefault();
              act.mutate({ id: order.id, action: 'cancel', extra: { reason: Number(reason) } });
            }}
          >
            <select
              className="form-select form-select-sm"
              aria-label={t('online.board.reason')}
              required
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            >
              <option value="">{t('online.board.chooseReason')}</option>
              {(reasons.data ?? []).map((r) => (
                <option key={r.value} value={r.value}>
                  {r.label}
                </option>
              ))}
            </select>
            <button type="submit" className="btn btn-sm btn-danger" disabled={!reason || act.isPending}>
              {t('online.board.confirmCancel')}
            </button>
          </form>
        ) : null}
      </div>
    </li>
  );

  return (
    <TitledCard
      titleId="online-board-title"
      title={title}
      actions={
        <>
          <form role="search" className="d-flex" onSubmit={(event) => event.preventDefault()}>
            <label htmlFor="online-board-search" className="visually-hidden">
              {t('online.board.search')}
            </label>
            <DebouncedInput
              id="online-board-search"
              type="search"
              className="form-control"
              placeholder={t('online.board.searchHint')}
              value={search}
              onCommit={(text) => setParams(text.trim() === '' ? {} : { search: text.trim() }, { replace: true })}
            />
          </form>
          <ExportButton procedure={item.exportProcedure ?? `entity:${ENTITY}`} body={boardRequest(search)} />
        </>
      }
    >
      {act.error ? <FormAlert>{errorText(act.error)}</FormAlert> : null}
      {board.error ? <FormAlert>{errorText(board.error)}</FormAlert> : null}
      {board.isPending ? (
        <Spinner />
      ) : (
        <>
          {orders.length === 0 && (
            <p className="text-body-secondary">{t(search === '' ? 'online.board.empty' : 'online.board.noMatch')}</p>
          )}
          {/* The columns wrap to fit the card: nothing to scroll sideways. */}
          <div className="online-board" role="region" aria-label={t('online.board.columns')}>
            {ONLINE_ORDER_STATUSES.map((status) => {
              const inColumn = orders.filter((o) => o.status === status);
              const shown = CLOSED.includes(status) && search === '' ? inColumn.slice(0, CLOSED_SHOWN) : inColumn;
              return (
                <section key={status} className="online-column" aria-labelledby={`online-column-${status}`}>
                  <h3 id={`online-column-${status}`} className="h6">
                    {t(`online.status.${status}`)} <span className="badge text-bg-secondary">{inColumn.length}</span>
                  </h3>
                  <ul className="list-unstyled d-grid gap-2" aria-label={t(`online.status.${status}`)}>
                    {shown.map(card)}
                  </ul>
                </section>
              );
            })}
          </div>
        </>
      )}
    </TitledCard>
  );
}
