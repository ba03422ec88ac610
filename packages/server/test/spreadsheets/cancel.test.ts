import { findEntity, type SheetJob } from '@backroom/schema';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { runsEnded } from '../../src/jobs/runner';
import { useCatalogue, type Row } from '../domain/support/catalogue';
import { importSheet, legacyOf, submit, waitFor, xlsx } from './support';

const c = useCatalogue({ users: ['admin', 'manager'] });
const HEADER = ['SKU', 'Name', 'Category', 'Unit of measure', 'Selling price'];

const cancel = (jobId: number, token = c.tokens.admin) =>
  c.call<SheetJob | null>('POST', `${legacyOf(c)}/DataExporter/cancel/${jobId}`, { token });
const cancelledProducts = async () =>
  (
    await c.post<Row[]>('/DataRepository/fetch/product', {
      Take: 5,
      filters: [{ ColumnName: 'code', ColumnValue: 'CAN-', Operator: 'STARTSWITH' }],
    })
  ).body.data;

beforeAll(async () => {
  await c.builder.insert(findEntity('category')!, { code: 'CANCEL', name: 'Cancelled goods' });
});

describe('cancelling a spreadsheet job', () => {
  it('stops a running import, which then writes nothing and stays cancelled', async () => {
    const csv = [
      HEADER.join(','),
      ...Array.from({ length: 1500 }, (_, i) => `CAN-${i},Cancelled ${i},CANCEL,PCS,1`),
    ].join('\n');
    const submitted = await submit(c, Buffer.from(csv), 'product', 'commit', { name: 'many.csv' });
    const jobId = submitted.body.data!.jobId;
    // Two at once: both answer the cancelled job.
    const answers = await Promise.all([cancel(jobId), cancel(jobId)]);
    for (const answer of answers) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.data).toMatchObject({ status: 'cancelled', message: 'Cancelled by admin' });
    }
    // Long enough for the whole import to have run had it not stopped: it would then report succeeded.
    await new Promise((resolve) => setTimeout(resolve, 6000));
    expect(await waitFor(c, jobId)).toMatchObject({ status: 'cancelled', committed: false });
    expect(await cancelledProducts()).toEqual([]);
  });

  it('during the commit: nothing of the file is written (PostgreSQL); on SQLite the cancel waits for the commit, which then stands whole', async () => {
    const rows = 3_000;
    const code = (i: number) => `CAM-${String(i).padStart(4, '0')}`;
    const csv = [HEADER.join(','), ...Array.from({ length: rows }, (_, i) => `${code(i)},Mid ${i},CANCEL,PCS,1`)].join(
      '\n',
    );
    const db = c.server.app.ctx.db;
    const postgres = c.server.app.ctx.dialect === 'postgres';
    // PostgreSQL: a row near the end takes 3 s to insert, so the cancel surely lands while the commit runs.
    if (postgres) {
      await sql`create function slow_in_test() returns trigger language plpgsql as $$ begin perform pg_sleep(3); return new; end $$`.execute(
        db,
      );
      await sql`create trigger slow_in_test before insert on product for each row when (new.code = ${sql.lit(code(rows - 10))}) execute function slow_in_test()`.execute(
        db,
      );
    }
    try {
      const jobId = (await submit(c, Buffer.from(csv), 'product', 'commit', { name: 'mid.csv' })).body.data!.jobId;
      // On PostgreSQL the percent moves on inside the commit; on SQLite this waits for the commit, or comes just before it.
      for (let i = 0; i < 1000; i++) {
        const { body } = await c.call<SheetJob>('GET', `${legacyOf(c)}/DataExporter/status/${jobId}`, {
          token: c.tokens.admin,
        });
        if (body.data.status !== 'running' || body.data.progress > (postgres ? 50 : 49)) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const answer = await cancel(jobId);
      await runsEnded(c.server.app);
      const job = await waitFor(c, jobId);
      const stored = Number(
        (
          await db
            .selectFrom('product')
            .select((e) => e.fn.countAll().as('n'))
            .where('code', 'like', 'CAM-%')
            .executeTakeFirstOrThrow()
        ).n,
      );
      if (postgres) {
        expect(answer.status).toBe(200);
        expect(job).toMatchObject({ status: 'cancelled', committed: false, inserted: 0 });
        expect(stored).toBe(0);
      } else if (job.status === 'cancelled') {
        expect(job).toMatchObject({ committed: false, inserted: 0 });
        expect(stored).toBe(0);
      } else {
        expect(job).toMatchObject({ status: 'succeeded', committed: true, inserted: rows });
        expect(stored).toBe(rows);
      }
    } finally {
      if (postgres) {
        await sql`drop trigger slow_in_test on product`.execute(db);
        await sql`drop function slow_in_test()`.execute(db);
      }
    }
  });

  it('is refused once the job finished (409), and to anyone but its owner or an administrator (404)', async () => {
    const done = await importSheet(c, await xlsx(HEADER, [['CX-1', 'x', 'CANCEL', 'PCS', 1]]), 'product', 'validate');
    expect((await cancel(done.jobId)).status).toBe(409);
    expect((await cancel(done.jobId, c.tokens.manager)).status).toBe(404);
    expect((await cancel(999_999)).status).toBe(404);
  });

  it('answers 400 naming the job id for one past the integer range, on both databases', async () => {
    const past = await cancel(2_147_483_648);
    expect(past.status, JSON.stringify(past.body)).toBe(400);
    expect((past.body as { errors?: { field: string }[] }).errors?.[0]?.field).toBe('jobId');
  });
});
