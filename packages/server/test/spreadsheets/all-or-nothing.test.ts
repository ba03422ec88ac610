import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { findEntity, type SheetJob } from '@backroom/schema';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useCatalogue } from '../domain/support/catalogue';
import { claimNext, newLease } from '../../src/jobs/queue';
import { runJob } from '../../src/jobs/runner';
import { importSheet, insertedOnce, legacyOf, productByCode, storedAndAudited, submit, waitFor, xlsx } from './support';

/**
 * Every import commit is one transaction: a plain sheet's rows, and what a commit writes beside
 * products (a known source's creations, locations and stock; a sheet's bundles). A part refused by
 * the database leaves nothing written.
 */
const c = useCatalogue();
const db = () => c.server.app.ctx.db;
const fixture = (name: string) => readFile(join(__dirname, '../fixtures/imports', name));

/** A real refusal by the database (a trigger) of every insert into `table` (or of the row with `code`) while `work` runs. */
async function refusingInsertsInto<T>(table: string, work: () => Promise<T>, code?: string): Promise<T> {
  const postgres = c.server.app.ctx.dialect === 'postgres';
  const only =
    code === undefined
      ? sql``
      : postgres
        ? sql`when (new.code = ${sql.lit(code)})`
        : sql`when new.code = ${sql.lit(code)}`;
  if (postgres) {
    await sql`create function refuse_in_test() returns trigger language plpgsql as $$ begin raise exception 'refused by the test'; end $$`.execute(
      db(),
    );
    await sql`create trigger refuse_in_test before insert on ${sql.table(table)} for each row ${only} execute function refuse_in_test()`.execute(
      db(),
    );
  } else
    await sql`create trigger refuse_in_test before insert on ${sql.table(table)} ${only} begin select raise(abort, 'refused by the test'); end`.execute(
      db(),
    );
  try {
    return await work();
  } finally {
    if (postgres) {
      await sql`drop trigger refuse_in_test on ${sql.table(table)}`.execute(db());
      await sql`drop function refuse_in_test()`.execute(db());
    } else await sql`drop trigger refuse_in_test`.execute(db());
  }
}

/**
 * Submits a commit that the database refuses part-way and waits for its try to fail (the job is then
 * queued again, its error the message), then cancels it unless `keep`: its retry would meet the same refusal.
 */
async function failedTry(content: Uint8Array, name?: string, keep = false): Promise<SheetJob> {
  const submitted = await submit(c, content, 'product', 'commit', { name });
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
  const jobId = submitted.body.data!.jobId;
  const headers = { authorization: `Bearer ${c.tokens.admin}` };
  for (let i = 0; i < 600; i++) {
    const job = (
      (await (await fetch(`${legacyOf(c)}/DataExporter/status/${jobId}`, { headers })).json()) as { data: SheetJob }
    ).data;
    if (job.status !== 'running' && job.message) {
      if (!keep) await fetch(`${legacyOf(c)}/DataExporter/cancel/${jobId}`, { method: 'POST', headers });
      return job;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`job ${jobId} did not fail`);
}

const count = async (table: string) =>
  Number(
    (
      await db()
        .selectFrom(table as 'product')
        .select((e) => e.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const counts = async () => ({
  products: await count('product'),
  categories: await count('category'),
  attributes: await count('attribute'),
  locations: await count('inventory_location'),
  movements: await count('stock_movement'),
  balances: await count('stock_balance'),
  bundles: await count('bundle'),
});

describe('an import commit is all or nothing', () => {
  it('a plain 3,000-row sheet whose row near the end the database refuses writes none of its rows; the job’s retry writes them all, once', async () => {
    const category = String(
      (await c.builder.insert(findEntity('category')!, { code: 'AON-PLAIN', name: 'Plain all or nothing' })).code,
    );
    const rows = 3_000;
    const code = (i: number) => `AONP-${String(i).padStart(4, '0')}`;
    const csv = Buffer.from(
      [
        'SKU,Name,Category,Unit of measure,Selling price',
        ...Array.from({ length: rows }, (_, i) => `${code(i)},Plain ${i},${category},PCS,3`),
      ].join('\n'),
    );
    const auditsBefore = await count('audit_log');
    const failed = await refusingInsertsInto('product', () => failedTry(csv, 'plain.csv', true), code(rows - 5));
    expect(failed).toMatchObject({ status: 'queued', committed: false, inserted: 0 });
    expect(failed.message).toMatch(/nothing of it is written/);
    expect((await storedAndAudited(c, 'AONP-')).stored).toBe(0);
    expect(await count('audit_log')).toBe(auditsBefore);

    // The cause gone, the job's own retry (the worker's, made due now) starts again from the first row.
    await db()
      .updateTable('job')
      .set({ run_after: new Date(0).toISOString() })
      .where('id', '=', failed.jobId)
      .execute();
    const lease = newLease(60_000);
    const claimed = await claimNext(c.server.app.ctx, lease);
    expect(claimed?.id).toBe(failed.jobId);
    expect((await runJob(c.server.app, c.server.app.log, claimed!, lease)).status).toBe('done');
    expect(await waitFor(c, failed.jobId)).toMatchObject(insertedOnce(rows));
    expect(await storedAndAudited(c, 'AONP-')).toEqual({ stored: rows, audited: rows });
  });

  it('a Square file whose stock movements the database refuses writes no product, category or location', async () => {
    const file = await fixture('square-item-library.csv');
    const before = await counts();
    const failed = await refusingInsertsInto('stock_movement', () => failedTry(file, 'catalog.csv'));
    expect(failed).toMatchObject({ committed: false, inserted: 0 });
    expect(failed.message).toMatch(/nothing of it is written/);
    expect(await counts()).toEqual(before);
    expect(await productByCode(c, 'UQ5LACMDX7R4CZNNID4JNXO6')).toBeUndefined();

    // The same file once the database accepts: movements name the job and the importing user, and
    // each product's on hand is the sum of its movements.
    const job = await importSheet(c, file, 'product', 'commit', 'catalog.csv');
    expect(job.errors).toEqual([]);
    expect(job.committed).toBe(true);
    const movements = await db()
      .selectFrom('stock_movement')
      .selectAll()
      .where('document_type', '=', 'import')
      .where('document_id', '=', job.jobId!)
      .execute();
    expect(movements.length).toBeGreaterThan(0);
    expect((await count('stock_movement')) - before.movements).toBe(movements.length);
    for (const m of movements)
      expect(m).toMatchObject({ kind: 'import', reference: `Import ${job.jobId}`, created_by: 'admin' });
    const products = [...new Set(movements.map((m) => m.product_id!))];
    const balances = await db().selectFrom('stock_balance').selectAll().where('product_id', 'in', products).execute();
    const sums = await db()
      .selectFrom('stock_movement')
      .select(['product_id', 'location_id', (e) => e.fn.sum<number>('quantity').as('total')])
      .where('product_id', 'in', products)
      .groupBy(['product_id', 'location_id'])
      .execute();
    expect(balances.length).toBe(sums.length);
    for (const b of balances)
      expect(Number(b.quantity)).toBe(
        Number(sums.find((s) => s.product_id === b.product_id && s.location_id === b.location_id)!.total),
      );
  });

  it('a sheet whose bundle the database refuses writes none of its products', async () => {
    const category = String(
      (await c.builder.insert(findEntity('category')!, { code: 'AON-CAT', name: 'All or nothing' })).code,
    );
    const header = ['SKU', 'Name', 'Category', 'Unit of measure', 'Selling price', 'Bundle items'];
    const rows = [
      ['AON-TEE', 'Tee', category, 'PCS', 8, null],
      ['AON-MUG', 'Mug', category, 'PCS', 6, null],
      ['AON-SET', 'Set', null, null, 12, 'AON-TEE=1; AON-MUG=1'],
    ];
    const before = await counts();
    const failed = await refusingInsertsInto('bundle', async () => failedTry(await xlsx(header, rows)));
    expect(failed).toMatchObject({ committed: false, inserted: 0 });
    expect(failed.message).toMatch(/nothing of it is written/);
    expect(await counts()).toEqual(before);
    expect(await productByCode(c, 'AON-TEE')).toBeUndefined();

    const job = await importSheet(c, await xlsx(header, rows), 'product', 'commit');
    expect(job).toMatchObject({ committed: true, inserted: 3, errors: [] });
    expect(await count('bundle')).toBe(before.bundles + 1);
  });
});
