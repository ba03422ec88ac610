import { findEntity } from '@backroom/schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { useCatalogue } from '../domain/support/catalogue';
import { importSheet, submit, xlsx } from './support';

const c = useCatalogue({
  config: { imports: { limitBytes: 64 * 1024, maxRows: 3, maxHeldBytes: 32 * 1024 * 1024, concurrency: 2 } },
});
const HEADER = ['SKU', 'Name', 'Category', 'Unit of measure', 'Selling price'];
const rows = (n: number) => Array.from({ length: n }, (_, i) => [`LIM-${i}`, `Limited ${i}`, 'LIMITS', 'PCS', 1]);

beforeAll(async () => {
  await c.builder.insert(findEntity('category')!, { code: 'LIMITS', name: 'Limited goods' });
});

describe('import limits', () => {
  it('answers 413 naming the row limit for a sheet of more rows, xlsx or csv, at once and to parallel submits', async () => {
    const over = await xlsx(HEADER, rows(4));
    const answers = await Promise.all([1, 2, 3, 4].map(() => submit(c, over, 'product', 'validate')));
    for (const answer of answers) {
      expect(answer.status).toBe(413);
      expect(answer.body.message).toBe('The sheet has more than 3 rows: the import limit is 3 rows');
      expect(answer.body.errors?.[0]?.field).toBe('file');
    }
    const csv = Buffer.from([HEADER, ...rows(4)].map((r) => r.join(',')).join('\n'));
    expect((await submit(c, csv, 'product', 'validate', { name: 'p.csv' })).status).toBe(413);
    expect(await importSheet(c, await xlsx(HEADER, rows(3)), 'product', 'validate')).toMatchObject({
      status: 'succeeded',
      inserted: 3,
      errorCount: 0,
    });
  });

  it('does not count empty rows a spreadsheet program left formatted', async () => {
    const sheet = await xlsx(HEADER, [...rows(3), [null, null, null, null, null], [null, null, null, null, null]]);
    expect(await importSheet(c, sheet, 'product', 'validate')).toMatchObject({ status: 'succeeded', errorCount: 0 });
  });

  it('answers 413 naming the size limit for a larger file', async () => {
    const big = Buffer.from(`${HEADER.join(',')}\n${'x'.repeat(100 * 1024)}`);
    const answer = await submit(c, big, 'product', 'validate', { name: 'big.csv' });
    expect(answer.status).toBe(413);
    expect(answer.body.message).toBe('The file is larger than the import limit of 0.1 MB');
  });
});
