/**
 * A till selling through a server process of its own on the bench's database, as a second worker
 * of `npm start` is: `src/main.ts` started with the same `DATA_DIR` / `DATABASE_URL`, no job loop,
 * an outlet, a store, a product and a paired terminal created through its API. `sell()` posts a
 * one-line sale to `POST /pointofsale/Sales` and answers how long it took to be recorded; a 503
 * (the database busy past the lock wait) is sent again with the same receipt no., as a terminal
 * does (the sale is idempotent by terminal + receipt no.), and counted.
 */
import { spawnServer } from '../../packages/server/test/support/child-server';

export interface Sold {
  ms: number;
  /** Answers 503 before the sale was recorded. */
  refused: number;
}

export async function startTill(target: { dataDir: string; databaseUrl: string | null }) {
  const server = await spawnServer({
    ...target,
    env: { JOB_WORKER: '0', LOG_LEVEL: 'error', NODE_ENV: 'development' },
  });
  // Not left running when the bench process ends on an error.
  process.once('exit', () => server.child.kill());
  const { api } = server;
  const send = async (path: string, body: unknown, authorization?: string) => {
    const response = await fetch(`${api}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
      body: JSON.stringify(body),
    });
    return { status: response.status, json: (await response.json()) as { data: Record<string, unknown> } };
  };
  const login = await send('/Authentication/Login', { userName: 'admin', password: 'Admin@123' });
  const admin = `Bearer ${(login.json.data.token as { accessToken: string }).accessToken}`;
  /** The row of `entity` with `code`, inserted with `values` when there is none. */
  const ensure = async (entity: string, code: string, values: Record<string, unknown>) => {
    const found = await send(
      `/DataRepository/fetch/${entity}`,
      { Take: 1, filters: [{ ColumnName: 'code', ColumnValue: code, Operator: 'EQ' }] },
      admin,
    );
    const rows = found.json.data as unknown as { id: number }[];
    if (rows.length > 0) return rows[0]!.id;
    const inserted = await send(`/DataRepository/Insert/${entity}`, { code, ...values }, admin);
    if (inserted.status !== 200) throw new Error(`${entity} ${code}: ${JSON.stringify(inserted.json).slice(0, 300)}`);
    return inserted.json.data.id as number;
  };
  const base = await send(
    '/DataRepository/fetch/currency',
    { Take: 1, filters: [{ ColumnName: 'isBase', ColumnValue: true, Operator: 'EQ' }] },
    admin,
  );
  if ((base.json.data as unknown as unknown[]).length === 0)
    await ensure('currency', 'MYR', { name: 'Ringgit', decimals: 2, isBase: true });
  const outlet = await ensure('outlet', 'TILLO', { name: 'Till outlet', timezone: 'Asia/Kuala_Lumpur' });
  await ensure('inventorylocation', 'TILLS', { name: 'Till store', kind: 'store', outlet });
  const cash = await ensure('paymentmode', 'TCASH', { name: 'Till cash', kind: 'cash' });
  const category = await ensure('category', 'TILLC', { name: 'Till goods' });
  const uom = await ensure('listvalue', 'PCS', {});
  const product = await ensure('product', 'TILL-1', { name: 'Till product', category, uom, sellingPrice: '1.50' });
  const terminal = await ensure('pointofsale', 'TILL1', { name: 'Till 1', outlet });
  const pairing = await send('/DataRepository/Execute/pointofsale', { action: 'pair', ids: [terminal] }, admin);
  const paired = await send('/pointofsale/Pair', { code: pairing.json.data.code, deviceId: 'bench-till' });
  const token = `Terminal ${String(paired.json.data.terminalToken)}`;
  let receipt = 0;
  /** The receipt nos. of the sales this till was told are recorded. */
  const recorded: string[] = [];

  return {
    async sell(): Promise<Sold> {
      const body = {
        receiptNo: `TILL-${++receipt}`,
        at: new Date().toISOString(),
        lines: [{ productId: product, quantity: 1, unitPrice: '1.50' }],
        // Cash over the total (taxes and surcharges of the demo data added), the change given back.
        payments: [{ paymentModeId: cash, amount: '5.00' }],
      };
      const started = performance.now();
      for (let refused = 0; ; refused++) {
        const answer = await send('/pointofsale/Sales', body, token);
        if (answer.status === 200) {
          recorded.push(body.receiptNo);
          return { ms: performance.now() - started, refused };
        }
        if (answer.status !== 503)
          throw new Error(`sale: ${answer.status} ${JSON.stringify(answer.json).slice(0, 300)}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    recorded,
    async close() {
      server.child.kill('SIGTERM');
      await server.exited;
    },
  };
}
