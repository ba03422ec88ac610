import { findEntity } from '@backroom/schema';
import type { Catalogue, Row } from '../domain/support/catalogue';

/** An ISO date `days` from the server's today (UTC). */
export const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export const scheduleFuturePrice = async (c: Catalogue, row: Row): Promise<Row> => {
  const res = await c.post('/DataRepository/Insert/futureproductprice', { outlet: null, ...row });
  if (res.status !== 200) throw new Error(`future price: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
};

export const outletId = (c: Catalogue) => c.builder.idOf(findEntity('outlet')!.name);

export const rowById = async (c: Catalogue, entity: string, id: unknown): Promise<Row> =>
  (await c.get(`/${entity}/Get/${String(id)}`)).body.data;
