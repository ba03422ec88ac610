import type { RolePrivilegeGrid, RoleOption } from '@backroom/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_CHECK_MAX_AGE_MS } from '../src/http/session-check-cache';
import { ruleSet } from '../src/modules/pricing/loader';
import { claimNext, insertJob, newLease } from '../src/jobs/queue';
import { DEMO_PASSWORDS, startSignedIn, type SignedInServer } from './support/harness';
import { database } from './support/server';

/**
 * Two Backroom servers on one database, as behind a load balancer: what one is told, the other
 * knows at its next call — or, for what decides whether a caller is still signed in with the same
 * role and privileges, at its first call begun SESSION_CHECK_MAX_AGE_MS after the change, however
 * recently it had checked that caller (`http/session-check-cache.ts`).
 */
let a: SignedInServer;
let b: SignedInServer;

beforeAll(async () => {
  a = await startSignedIn({ users: ['admin'] });
  const { databaseUrl, dataDir } = a.server.app.ctx.config;
  b = await startSignedIn({ config: { databaseUrl, dataDir } });
});

afterAll(async () => {
  await b?.close();
  await a?.close();
});

const fetchProducts = (server: SignedInServer, token: string) =>
  server.post('/DataRepository/fetch/product', { pageSize: 1 }, token);

/**
 * Calls until the answer has `status`; fails if a call begun SESSION_CHECK_MAX_AGE_MS or more
 * after the change (made just before this is called) is still answered otherwise.
 */
async function refusedWithinBound<T extends { status: number }>(call: () => Promise<T>, status: number): Promise<T> {
  const changed = performance.now();
  for (;;) {
    const started = performance.now();
    const answer = await call();
    if (answer.status === status) return answer;
    expect(started - changed, `still answered ${answer.status} past the bound`).toBeLessThan(SESSION_CHECK_MAX_AGE_MS);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('two servers on one database', () => {
  it('a session revoked on one is refused by the other within the bound', async () => {
    const { accessToken } = await b.login('manager', DEMO_PASSWORDS.manager);
    expect((await fetchProducts(b, accessToken)).status).toBe(200);
    const manager = (
      await a.post<{ id: number }[]>('/DataRepository/fetch/user', {
        filters: [{ ColumnName: 'userName', ColumnValue: 'manager', Operator: 'EQ' }],
      })
    ).body.data[0]!;
    expect((await a.post('/user/RevokeSessions', { userId: manager.id })).status).toBe(200);
    await refusedWithinBound(() => fetchProducts(b, accessToken), 401);
  });

  it('a session signed out on one is refused there at once and by the other within the bound, both having just checked it', async () => {
    const { accessToken } = await a.login('manager', DEMO_PASSWORDS.manager);
    expect((await fetchProducts(a, accessToken)).status).toBe(200);
    expect((await fetchProducts(b, accessToken)).status).toBe(200);
    expect((await a.post('/Authentication/Logout', {}, accessToken)).status).toBe(200);
    expect((await fetchProducts(a, accessToken)).status).toBe(401);
    await refusedWithinBound(() => fetchProducts(b, accessToken), 401);
  });

  it('a password changed on one ends the other sessions on the other', async () => {
    const { accessToken: onB } = await b.login('cashier', DEMO_PASSWORDS.cashier);
    const { accessToken: onA } = await a.login('cashier', DEMO_PASSWORDS.cashier);
    expect((await fetchProducts(b, onB)).status).toBe(200);
    const changed = await a.post(
      '/Authentication/ChangePassword',
      { currentPassword: DEMO_PASSWORDS.cashier, newPassword: 'Changed@2026x' },
      onA,
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    await refusedWithinBound(() => fetchProducts(b, onB), 401);
  });

  it('a privilege removed on one is refused by the other, which had just used it', async () => {
    const { accessToken } = await a.login('manager', DEMO_PASSWORDS.manager);
    // Twice on b, so whatever b keeps of the manager's role is warm.
    expect((await fetchProducts(b, accessToken)).status).toBe(200);
    expect((await fetchProducts(b, accessToken)).status).toBe(200);
    const roles = (await a.get<RoleOption[]>('/RolePrivileges/Roles')).body.data;
    const roleId = roles.find((r) => r.name === 'Store Manager')!.id;
    const grid = (await a.get<RolePrivilegeGrid>(`/RolePrivileges/Grid?roleId=${roleId}`)).body.data;
    const product = grid.groups.flatMap((g) => g.rows).find((r) => r.name === 'product')!;
    const saved = await a.post('/RolePrivileges/Save', {
      roleId,
      rows: [
        {
          privilegeId: product.privilegeId,
          ableToView: false,
          ableToEdit: false,
          ableToDelete: false,
          ableToSetTable: false,
        },
      ],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const refused = await refusedWithinBound(() => fetchProducts(b, accessToken), 403);
    expect(refused.body.message).toBe('You do not have permission to view Products');
  });

  it('pricing rules a server keeps are read again after a change made through the other', async () => {
    expect((await ruleSet(b.server.app.ctx)).discounts.map((d) => d.code)).not.toContain('TWO-SERVERS');
    const saved = await a.post('/DataRepository/Insert/discount', {
      code: 'TWO-SERVERS',
      name: 'Seen by both',
      kind: 'percent',
      value: '5',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await ruleSet(b.server.app.ctx)).discounts.map((d) => d.code)).toContain('TWO-SERVERS');
  });

  // Several servers share a queue on PostgreSQL. On SQLite the servers are the processes of one
  // machine and only the first runs the job loop; two connections of one test process cannot race
  // for SQLite's write lock (a connection waiting for it blocks the thread that holds it).
  it.runIf(database === 'postgres')('a queued job is claimed by exactly one of them', async () => {
    const db = a.server.app.ctx.db as never;
    const queued = await Promise.all(Array.from({ length: 20 }, () => insertJob(db, 'twoServersProbe')));
    const claimAll = async (server: SignedInServer) => {
      const lease = newLease(60_000);
      const ids: number[] = [];
      for (
        let job = await claimNext(server.server.app.ctx, lease);
        job;
        job = await claimNext(server.server.app.ctx, lease)
      )
        ids.push(Number(job.id));
      return ids;
    };
    const [byA, byB] = await Promise.all([claimAll(a), claimAll(b)]);
    const claimed = [...byA, ...byB].filter((id) => queued.some((job) => Number(job.id) === id));
    expect(claimed.sort((x, y) => x - y)).toEqual(queued.map((job) => Number(job.id)).sort((x, y) => x - y));
  });
});
