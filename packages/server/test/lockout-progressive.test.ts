import { describe, expect, it } from 'vitest';
import {
  LOCK_MS,
  MAX_FAILURES,
  MAX_LOCK_MS,
  STRIKE_MEMORY_MS,
  attemptKey,
  lockLength,
  recordFailure,
  recordSuccess,
  reserveAttempt,
} from '../src/modules/auth/lockout';
import { useTestServer } from './support/harness';

const MINUTE = 60_000;

describe('progressive lockout per user and address', () => {
  const t = useTestServer({ users: ['admin'] });
  const db = () => t.server.app.ctx.db;

  /** Five failures at `at` from `key`; answers the lock's end they set (the fifth failure's answer). */
  async function fiveFailures(key: string, at: Date): Promise<string | null> {
    let lockedUntil: string | null = null;
    for (let i = 0; i < MAX_FAILURES; i++) {
      const reservation = await reserveAttempt(db(), key, at);
      expect(reservation, `attempt ${i + 1} at ${at.toISOString()} is granted`).not.toBeNull();
      lockedUntil = await recordFailure(db(), reservation!, at);
    }
    return lockedUntil;
  }
  const after = (at: Date, ms: number) => new Date(at.getTime() + ms);
  const lockMinutes = (from: Date, until: string | null) => (Date.parse(until!) - from.getTime()) / MINUTE;

  it('doubles each lock in a row: 15, 30, 60 minutes… up to a day, and refuses every attempt while locked', async () => {
    const key = attemptKey('admin', '127.0.9.1');
    let at = new Date('2026-03-02T08:00:00Z');
    const lengths: number[] = [];
    for (let lock = 0; lock < 9; lock++) {
      const until = await fiveFailures(key, at);
      lengths.push(lockMinutes(at, until));
      // A minute before the end, the name is still locked from this address: nothing is checked.
      expect(await reserveAttempt(db(), key, new Date(Date.parse(until!) - MINUTE))).toBeNull();
      at = after(new Date(until!), MINUTE);
    }
    expect(lengths).toEqual([15, 30, 60, 120, 240, 480, 960, 1440, 1440]);
    expect(lockLength(0)).toBe(LOCK_MS);
    expect(lockLength(99)).toBe(MAX_LOCK_MS);
  });

  it('starts again at 15 minutes after a success from the address', async () => {
    const key = attemptKey('admin', '127.0.9.2');
    const start = new Date('2026-03-02T08:00:00Z');
    const first = await fiveFailures(key, start);
    const second = await fiveFailures(key, after(new Date(first!), MINUTE));
    expect(lockMinutes(after(new Date(first!), MINUTE), second)).toBe(30);
    const back = after(new Date(second!), MINUTE);
    const owner = await reserveAttempt(db(), key, back);
    await recordSuccess(db(), owner!);
    expect(lockMinutes(back, await fiveFailures(key, back))).toBe(15);
  });

  it('forgets the locks in a row after a quiet time, and keeps other addresses apart', async () => {
    const key = attemptKey('admin', '127.0.9.3');
    const start = new Date('2026-03-02T08:00:00Z');
    const first = await fiveFailures(key, start);
    const next = after(new Date(first!), MINUTE);
    expect(lockMinutes(next, await fiveFailures(key, next))).toBe(30);
    // Another address of the same name has earned nothing.
    expect(lockMinutes(next, await fiveFailures(attemptKey('admin', '127.0.9.4'), next))).toBe(15);
    const quiet = after(next, STRIKE_MEMORY_MS + 60 * MINUTE);
    expect(lockMinutes(quiet, await fiveFailures(key, quiet))).toBe(15);
  });
});
