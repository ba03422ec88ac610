import { findEntity, type SheetJob } from '@backroom/schema';
import { beforeAll, describe, expect, it } from 'vitest';
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
