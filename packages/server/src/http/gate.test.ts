import { describe, expect, it } from 'vitest';
import type { ApiError } from './envelope';
import { Gate } from './gate';

describe('the hashing gate', () => {
  it('runs at most `concurrency` tasks, queues `queue` more, and refuses the rest at once with 503', async () => {
    const gate = new Gate(2, 3);
    let running = 0;
    let most = 0;
    const task = async () => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 10));
      running--;
      return 'done';
    };
    const outcomes = await Promise.allSettled(Array.from({ length: 10 }, () => gate.run(task)));
    expect(most).toBe(2);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(5);
    const refused = outcomes
      .filter((o): o is PromiseRejectedResult => o.status === 'rejected')
      .map((o) => o.reason as ApiError);
    expect(refused).toHaveLength(5);
    for (const error of refused) expect(error).toMatchObject({ status: 503, headers: { 'Retry-After': '1' } });
    expect(gate.full).toBe(false);
    // A failing task frees its slot too.
    await expect(gate.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(Promise.all([gate.run(task), gate.run(task), gate.run(task)])).resolves.toEqual([
      'done',
      'done',
      'done',
    ]);
  });
});
