import { describe, expect, it } from 'vitest';
import { anyDb } from '../../src/data/store';
import { claimNext, insertJob } from '../../src/jobs/queue';
import { useTestServer } from '../support/harness';

const t = useTestServer();

describe('the job queue', () => {
  it('gives each due job to one claimer only and leaves jobs not yet due', async () => {
    const { ctx } = t.server.app;
    const db = anyDb(ctx);
    const due = [];
    for (const seconds of [3, 2, 1]) due.push(Number((await insertJob(db, 'testOnly', { runAfter: new Date(Date.now() - seconds * 1000) })).id));
    await insertJob(db, 'testOnly', { runAfter: new Date(Date.now() + 60_000) });
    const claims = await Promise.all([1, 2, 3, 4, 5].map(() => claimNext(ctx)));
    const claimed = claims.filter((j) => j !== undefined);
    expect(claimed.map((j) => Number(j.id)).toSorted((a, b) => a - b)).toEqual(due);
    expect(claimed.every((j) => j.status === 'running' && Number(j.attempts) === 1)).toBe(true);
    expect(await claimNext(ctx)).toBeUndefined();
  });
});
