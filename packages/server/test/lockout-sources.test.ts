import type { LockedUserDto } from '@backroom/schema';
import { describe, expect, it } from 'vitest';
import { MAX_FAILURES } from '../src/modules/auth/lockout';
import { callFrom } from './support/from-address';
import { DEMO_PASSWORDS, useTestServer } from './support/harness';

/** A sign-in as an anonymous attacker (or the owner) makes it, from an address of their own. */
const signInFrom = async (t: Parameters<typeof callFrom>[0], from: string, userName: string, password: string) =>
  (await callFrom(t, from, 'POST', '/Authentication/Login', { userName, password })).status;

const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((out, s) => ({ ...out, [s]: (out[s] ?? 0) + 1 }), {});

describe('lockout per user and address', () => {
  const t = useTestServer({ users: ['admin'] });

  it('locks the administrator out of the attacker’s address only: the owner signs in from another', async () => {
    const attacker = '127.0.0.66';
    const flood = await Promise.all(
      Array.from({ length: 40 }, (_, i) => signInFrom(t, attacker, 'Admin', `Wrong-Guess-${i}`)),
    );
    expect(tally(flood)).toEqual({ 401: MAX_FAILURES, 423: 40 - MAX_FAILURES });
    // The attacker's address is locked for this name, even with the right password…
    expect(await signInFrom(t, attacker, 'admin', DEMO_PASSWORDS.admin)).toBe(423);
    // …but not for another name, and the owner signs in from their own address.
    expect(await signInFrom(t, attacker, 'manager', DEMO_PASSWORDS.manager)).toBe(200);
    expect(await signInFrom(t, '127.0.0.1', 'admin', DEMO_PASSWORDS.admin)).toBe(200);
    expect(await signInFrom(t, '127.0.0.7', 'admin', DEMO_PASSWORDS.admin)).toBe(200);
  });

  it('lists the user as locked (from an address) and an unlock clears every address', async () => {
    const locked = (await t.get<LockedUserDto[]>('/user/Locked')).body.data;
    expect(locked).toEqual([expect.objectContaining({ userName: 'admin', failureCount: MAX_FAILURES })]);
    expect((await t.post('/user/Unlock', { userId: locked[0]!.userId })).status).toBe(200);
    expect(await signInFrom(t, '127.0.0.66', 'admin', DEMO_PASSWORDS.admin)).toBe(200);
    expect((await t.get<LockedUserDto[]>('/user/Locked')).body.data).toEqual([]);
  });

  it('counts each address on its own: five addresses with four failures each lock nobody', async () => {
    for (const from of ['127.0.1.1', '127.0.1.2', '127.0.1.3', '127.0.1.4', '127.0.1.5']) {
      const guesses = await Promise.all(
        Array.from({ length: MAX_FAILURES - 1 }, (_, i) => signInFrom(t, from, 'cashier', `Wrong-${i}`)),
      );
      expect(guesses).toEqual(Array(MAX_FAILURES - 1).fill(401));
    }
    expect(await signInFrom(t, '127.0.1.9', 'cashier', DEMO_PASSWORDS.cashier)).toBe(200);
  });
});

describe('the per-user ceiling on guesses from many addresses', () => {
  const t = useTestServer({
    users: ['admin'],
    config: { rateLimit: { windowSeconds: 60, perAddress: 1000, perUser: 10 } },
  });

  it('holds new addresses back with 429, but not an address the owner has signed in from', async () => {
    // The owner signed in from 127.0.0.1 (the harness's sign-in above).
    const spread = await Promise.all(
      Array.from({ length: 30 }, (_, i) => signInFrom(t, `127.0.2.${i + 1}`, 'admin', `Wrong-${i}`)),
    );
    // At most the per-user limit are checked (the harness's own sign-in was one of the window's hits).
    const counts = tally(spread);
    expect(counts[401]).toBeLessThanOrEqual(10);
    expect((counts[401] ?? 0) + (counts[429] ?? 0)).toBe(30);
    expect(await signInFrom(t, '127.0.2.200', 'admin', DEMO_PASSWORDS.admin)).toBe(429);
    expect(await signInFrom(t, '127.0.0.1', 'admin', DEMO_PASSWORDS.admin)).toBe(200);
  });
});
