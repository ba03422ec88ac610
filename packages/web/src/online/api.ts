import type { ApiEnvelope, FetchRequest, OnlineOrderDto } from '@backroom/schema';
import { http } from '../api/http';
import { dataApi, type ApiRow } from '../data/api';

export type OnlineOrder = ApiRow & OnlineOrderDto;

export type Delivery = ApiRow & {
  id: number;
  event: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number | null;
  responseStatus: number | null;
  responseBody: string | null;
  durationMs: number | null;
  lastAttemptAt: string | null;
  nextAttemptAt: string | null;
};

/** How many orders the board shows: every open one fits, and the latest closed ones. */
export const BOARD_TAKE = 200;

export const ENTITY = 'onlinesalesorder';

/** The board's orders: the latest first, narrowed by its quick search (order no., customer). */
export const boardRequest = (search: string): FetchRequest => ({
  Take: BOARD_TAKE,
  sorts: [{ ColumnName: 'id', Direction: 'DESC' }],
  ...(search ? { search } : {}),
});

export const onlineApi = {
  board: async (search = '') => (await dataApi.fetch(ENTITY, boardRequest(search))).rows as OnlineOrder[],
  act: async (id: number, action: string, extra: Record<string, unknown> = {}) =>
    (
      await http.post<ApiEnvelope<OnlineOrder>>(`/api/DataRepository/Execute/${ENTITY}`, {
        action,
        ids: [id],
        ...extra,
      })
    ).data.data,
  cancelReasons: () => dataApi.dropdown('listvalue', '', 50, undefined, { where: { category: 'CANCEL_REASON' } }),
  deliveries: async (webhook: number) =>
    (
      await dataApi.fetch('webhookdelivery', {
        Take: 50,
        filters: [{ ColumnName: 'webhook', ColumnValue: webhook, Operator: 'EQ' }],
        sorts: [{ ColumnName: 'id', Direction: 'DESC' }],
      })
    ).rows as Delivery[],
  redeliver: async (webhook: number, delivery: number) =>
    (
      await http.post<ApiEnvelope<unknown>>('/api/DataRepository/Execute/webhook', {
        action: 'redeliver',
        ids: [webhook],
        delivery,
      })
    ).data,
};
