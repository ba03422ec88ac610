import { Agent } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { anyDb, type AnyDb } from '../../src/data/store';
import { openDatabase } from '../../src/db/connect';
import type { JobKind, JobRun } from '../../src/jobs/kinds';
import { claimNext, insertJob, jobById, newLease } from '../../src/jobs/queue';
import { runJob } from '../../src/jobs/runner';
import { startSignedIn, type SignedInServer } from '../support/harness';
import { send, STOPPING } from './support';

/** `testUntilStopped` runs until its signal says stop; `testShort` takes 400 ms and heeds nothing. */
const TEST_KINDS: Record<string, Omit<JobKind, 'privilege'>> = {
  testUntilStopped: {
    run: ({ signal }: JobRun) =>
      new Promise((_resolve, reject) =>
        signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true }),
      ),
  },
  testShort: { run: async () => (await sleep(400), 'finished') },
};

let t: SignedInServer | undefined;
/** A second connection to the server's database, to read what the stopped server left. */
let reader: { db: AnyDb; dialect: 'sqlite' | 'postgres'; kysely: Kysely<any> } | undefined;

async function start(shutdownGraceMs: number) {
  t = await startSignedIn({ users: ['admin'], config: { shutdownGraceMs } });
  for (const [name, kind] of Object.entries(TEST_KINDS))
    (t.server.app.jobKinds as Record<string, JobKind>)[name] = {
      privilege: { screen: 'company', action: 'edit' },
      ...kind,
    };
  const { kysely, dialect } = openDatabase({ ...t.server.app.ctx.config, onConnectionError: () => {} });
  reader = { db: kysely as unknown as AnyDb, dialect, kysely };
  return t;
}

afterEach(async () => {
  await reader?.kysely.destroy();
  await t?.close();
  reader = t = undefined;
});

/** A job running in the server under a lease of its own, as a route starts one. */
async function startRun(server: SignedInServer, kind: string) {
  const lease = newLease(60_000);
  const job = await insertJob(anyDb(server.server.app.ctx), kind, { lease });
  return { id: Number(job.id), run: runJob(server.server.app, server.server.app.log, job, lease) };
}

describe('a stopping server and its jobs', () => {
  it('hands a running job back at once when there is no grace period: queued, due now, its try not spent; another worker takes it at once', async () => {
    const server = await start(0);
    const { id, run } = await startRun(server, 'testUntilStopped');
    const stoppedAt = Date.now();
    await server.server.stop();
    expect(await run).toMatchObject({ id, status: 'queued', lease_until: null });
    const row = await jobById(reader!.db, id);
    expect(row).toMatchObject({ status: 'queued', lease_until: null });
    expect(Number(row.attempts)).toBe(0);
    expect(Date.parse(row.run_after)).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(row.run_after)).toBeGreaterThanOrEqual(stoppedAt - 1000);
    const other = await claimNext({ db: reader!.kysely, dialect: reader!.dialect }, newLease(60_000));
    expect(other).toMatchObject({ id, status: 'running', error: null });
    expect(Number(other!.attempts)).toBe(1);
  });

  it('lets a running job finish within the grace period', async () => {
    const server = await start(5000);
    const { id, run } = await startRun(server, 'testShort');
    await server.server.stop();
    expect(await run).toMatchObject({ id, status: 'done', result: '"finished"' });
  });

  it('claims no job once the stop began, and hands back the one in hand past the grace period', async () => {
    process.env.JOB_WORKER = '1';
    process.env.JOB_POLL_MS = '50';
    let server: SignedInServer;
    try {
      server = await start(300);
    } finally {
      delete process.env.JOB_WORKER;
      delete process.env.JOB_POLL_MS;
    }
    const db = anyDb(server.server.app.ctx);
    const first = Number((await insertJob(db, 'testUntilStopped')).id);
    await expect.poll(async () => (await jobById(db, first)).status, { timeout: 10_000 }).toBe('running');
    const second = Number((await insertJob(db, 'testShort')).id);
    const began = Date.now();
    await server.server.stop();
    expect(Date.now() - began).toBeGreaterThanOrEqual(300);
    for (const id of [first, second]) {
      const row = await jobById(reader!.db, id);
      expect(row).toMatchObject({ status: 'queued' });
      expect(Number(row.attempts)).toBe(0);
    }
  });
});

describe('a stopping server and its requests', () => {
  it('answers every new request, on kept-alive connections too, with the API’s 503, Retry-After and Connection: close', async () => {
    const server = await start(5000);
    const sockets = 6;
    const agent = new Agent({ keepAlive: true, maxSockets: sockets });
    try {
      const health = `${server.origin}/backoffice/core/health`;
      // Kept-alive connections, idle when the stop begins: each carries one more request.
      expect(
        (await Promise.all(Array.from({ length: sockets }, () => send(agent, health)))).map((a) => a.status),
      ).toEqual(Array(sockets).fill(200));
      expect(Object.values(agent.freeSockets).flat()).toHaveLength(sockets);
      const stopped = server.server.stop();
      const during = await Promise.all(
        Array.from({ length: sockets }, () =>
          send(agent, `${server.api}/DataRepository/Insert/category`, {
            method: 'POST',
            token: server.tokens.admin,
            body: { code: 'LATE', name: 'Late' },
          }),
        ),
      );
      for (const answer of during) {
        expect(answer).toMatchObject(STOPPING);
        expect(answer.headers['retry-after']).toBe('5');
        expect(answer.headers.connection).toBe('close');
      }
      await stopped;
      expect(await reader!.db.selectFrom('category').select('id').where('code', '=', 'LATE').execute()).toEqual([]);
    } finally {
      agent.destroy();
    }
  });

  it('finishes a request in flight, its answer closing the connection', async () => {
    const server = await start(5000);
    const inFlight = send(new Agent({ keepAlive: true }), `${server.api}/jobs/Run`, {
      method: 'POST',
      token: server.tokens.admin,
      body: { kind: 'testShort' },
    });
    await sleep(150);
    const stopped = server.server.stop();
    const finished = await inFlight;
    expect(finished.status).toBe(200);
    expect(finished.body.data).toMatchObject({ kind: 'testShort', status: 'done' });
    expect(finished.headers.connection).toBe('close');
    await stopped;
  });
});

describe('a plain close', () => {
  it('hands a running job back rather than closing the database under it', async () => {
    const server = await start(5000);
    const { id, run } = await startRun(server, 'testUntilStopped');
    await server.server.close();
    expect(await run).toMatchObject({ id, status: 'queued' });
  });
});
