import { afterEach, describe, expect, it, vi } from 'vitest';
import { anyDb } from '../../src/data/store';
import { MODULES } from '../../src/module-list';
import { emit, installEventHandlers, type EventHandler } from '../../src/modules/events';
import { move } from '../../src/modules/stock/index';
import { useStockWorld } from '../stock/support';

const w = useStockWorld();
const db = () => anyDb(w.server.app.ctx);

/** A webhook subscribed to stock.changed; the earlier tests' webhooks are switched off first. */
async function stockWebhook(): Promise<number> {
  await db().updateTable('webhook').set({ enabled: false }).execute();
  const res = await w.post<{ id: number }>('/DataRepository/Insert/webhook', {
    name: 'Shop',
    url: 'https://shop.example/hook',
    events: ['stock.changed'],
    secret: 'whsec_0123456789abcdef',
    enabled: true,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id;
}

const deliveriesOf = async (webhook: number) =>
  db().selectFrom('webhook_delivery').select(['event', 'payload']).where('webhook_id', '=', webhook).execute();

/** A counter row that a probe handler bumps: seen only if the emitter's transaction commits. */
const probeCount = async () =>
  Number(
    (await db().selectFrom('document_counter').select('last_no').where('series', '=', 'event-probe').executeTakeFirst())
      ?.last_no ?? 0,
  );
const bumpProbe: EventHandler<'stock.moved'> = {
  handle: async ({ trx }) => {
    await trx
      .insertInto('document_counter')
      .values({ series: 'event-probe', last_no: 1 })
      .onConflict((oc) =>
        oc.column('series').doUpdateSet((eb) => ({ last_no: eb('document_counter.last_no', '+', 1) })),
      )
      .execute();
  },
};

afterEach(() => installEventHandlers(MODULES));

describe('events between modules', () => {
  it('a stock move tells the online module, which queues stock.changed in the same transaction; a move rolled back queues nothing', async () => {
    const hook = await stockWebhook();
    const at = (await w.newLocation()).id as number;
    const beans = (await w.newProduct()).id as number;
    const writer = (trx: ReturnType<typeof db>) => ({
      trx,
      now: new Date().toISOString(),
      auth: { userName: 'tester' },
    });

    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await move(writer(trx), [{ product: beans, location: at, quantity: 2000, kind: 'adjustment' }]);
          throw new Error('the write fails after the move');
        }),
    ).rejects.toThrow('the write fails after the move');
    expect(await deliveriesOf(hook)).toEqual([]);

    await db()
      .transaction()
      .execute((trx) => move(writer(trx), [{ product: beans, location: at, quantity: 2000, kind: 'adjustment' }]));
    const queued = await deliveriesOf(hook);
    expect(queued.map((d) => d.event)).toEqual(['stock.changed']);
    expect(JSON.parse(String(queued[0]!.payload))).toEqual({
      movements: [
        { product: beans, location: at, quantity: '2.000', onHand: '2.000', kind: 'adjustment', reference: null },
      ],
    });
  });

  it('runs every handler in the modules’ order, in the emitter’s transaction: a handler that throws fails the write and undoes the others', async () => {
    const calls: string[] = [];
    const record = (name: string, fail = false): EventHandler<'stock.moved', string> => ({
      prepare: async () => `${name} prepared`,
      handle: async (scope, event, prepared) => {
        calls.push(`${prepared}, ${event.movements.length} movements`);
        await bumpProbe.handle(scope, event, undefined);
        if (fail) throw new Error(`${name} refuses`);
      },
    });
    const before = await probeCount();
    const event = { movements: [] };

    installEventHandlers([
      { name: 'first', on: { 'stock.moved': record('first') } },
      { name: 'second', on: { 'stock.moved': record('second') } },
    ]);
    await db()
      .transaction()
      .execute((trx) => emit({ trx, now: new Date().toISOString() }, 'stock.moved', event));
    expect(calls).toEqual(['first prepared, 0 movements', 'second prepared, 0 movements']);
    expect(await probeCount()).toBe(before + 2);

    installEventHandlers([
      { name: 'first', on: { 'stock.moved': record('first') } },
      { name: 'second', on: { 'stock.moved': record('second', true) } },
    ]);
    await expect(
      db()
        .transaction()
        .execute((trx) => emit({ trx, now: new Date().toISOString() }, 'stock.moved', event)),
    ).rejects.toThrow('second refuses');
    expect(await probeCount()).toBe(before + 2);
  });

  it('refuses an emit before the handlers are installed instead of dropping its effects', async () => {
    vi.resetModules();
    const fresh = await import('../../src/modules/events');
    await expect(
      fresh.emit({ trx: db(), now: new Date().toISOString() }, 'stock.moved', { movements: [] }),
    ).rejects.toThrow(/before the modules' handlers were installed/);
  });
});
