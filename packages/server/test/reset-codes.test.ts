import { describe, expect, it } from 'vitest';
import { RESET_MAX_ATTEMPTS } from '../src/modules/auth/reset';
import { useTestServer } from './support/harness';

const t = useTestServer();

const reset = (userName: string, otp: string, newPassword: string) =>
  t.call('POST', '/Authentication/ValidateResetPasswordOtp', { body: { userName, otp, newPassword } });

/** Asks for a code for `userName` and lets the job mail it. */
async function mailedCode(userName: string): Promise<string> {
  await t.call('POST', '/Authentication/RequestResetPassword', { body: { userName } });
  await t.runQueuedJobs();
  return /\b(\d{6})\b/.exec(t.mails.at(-1)!.text)![1]!;
}

const attemptsOfLatestCode = async (userName: string) => {
  const row = await t.server.app.ctx.db
    .selectFrom('password_reset as r')
    .innerJoin('app_user as u', 'u.id', 'r.user_id')
    .select(['r.attempts', 'r.used_at'])
    .where('u.user_name', '=', userName)
    .orderBy('r.id', 'desc')
    .executeTakeFirstOrThrow();
  return row;
};

describe('reset codes under parallel use', () => {
  it('compares at most five of 500 parallel guesses, after which even the right code fails', async () => {
    const code = await mailedCode('cashier');
    // Every other 6-digit code: a guesser's spread, none of them right.
    const guesses = Array.from({ length: 500 }, (_, i) =>
      String((Number(code) + 1 + i * 1997) % 1_000_000).padStart(6, '0'),
    ).filter((g) => g !== code);
    const answers = await Promise.all(guesses.map((otp) => reset('cashier', otp, 'Guessed-Into-Shop-1')));
    expect(answers.every((a) => a.status === 400)).toBe(true);
    expect((await attemptsOfLatestCode('cashier')).attempts).toBe(RESET_MAX_ATTEMPTS);
    expect((await reset('cashier', code, 'Guessed-Into-Shop-1')).status).toBe(400);
    await t.loginAs('cashier');
  });

  it('works once when the right code is presented by many requests at once', async () => {
    const code = await mailedCode('manager');
    const passwords = Array.from({ length: 12 }, (_, i) => `Parallel-Reset-Shelf-${i}`);
    const answers = await Promise.all(passwords.map((password) => reset('manager', code, password)));
    const won = answers.map((a, i) => (a.status === 200 ? passwords[i]! : null)).filter((p) => p !== null);
    expect(won).toHaveLength(1);
    expect(answers.filter((a) => a.status !== 200).every((a) => a.status === 400)).toBe(true);
    expect((await attemptsOfLatestCode('manager')).used_at).not.toBeNull();
    await t.login('manager', won[0]!);
    for (const other of passwords.filter((p) => p !== won[0]).slice(0, 4))
      expect((await t.signIn('manager', other)).status).toBe(401);
  });
});
