import type { LockedUserDto } from '@backroom/schema';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORDS, useTestServer } from '../support/harness';

const t = useTestServer({ users: ['admin', 'manager'] });
const { tokens } = t;

const signIn = (password: string) => t.signIn('cashier', password);

describe('locked users (the lockeduser screen’s endpoints)', () => {
  it('lists a locked cashier and unlocks them', async () => {
    for (let i = 0; i < 5; i++) await signIn('wrong-password');
    const locked = await t.call<LockedUserDto[]>('GET', '/user/Locked', { token: tokens.admin });
    expect(locked.status).toBe(200);
    expect(locked.body.data).toEqual([
      expect.objectContaining({ userName: 'cashier', displayName: 'Casey Cashier', failureCount: 5 }),
    ]);

    expect(
      (await t.call('POST', '/user/Unlock', { token: tokens.manager, body: { userId: locked.body.data[0]!.userId } }))
        .status,
    ).toBe(403);
    expect((await t.call('GET', '/user/Locked', { token: tokens.manager })).status).toBe(403);

    const unlock = await t.call('POST', '/user/Unlock', {
      token: tokens.admin,
      body: { userId: locked.body.data[0]!.userId },
    });
    expect(unlock.status).toBe(200);
    expect((await t.call<LockedUserDto[]>('GET', '/user/Locked', { token: tokens.admin })).body.data).toEqual([]);
    expect((await signIn(DEMO_PASSWORDS.cashier)).status).toBe(200);
  });
});
