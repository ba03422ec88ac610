import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { PRODUCT_NAME } from '@backroom/schema';
import type { AppContext } from '../context';
import { validationError } from '../http/envelope';
import { clearFailures, userKey } from './lockout';
import { newPasswordProblem } from './password-policy';
import { hashPassword } from './passwords';
import { revokeUserSessions } from './sessions';
import { findUserByName } from './users';

export const RESET_CODE_TTL_MS = 15 * 60 * 1000;
export const RESET_MAX_ATTEMPTS = 5;
/** At most this many codes per user per hour; further requests get the same answer and no mail. */
const RESET_CODES_PER_HOUR = 5;

export const RESET_REQUESTED_MESSAGE = 'If the account exists, a reset code has been sent';

const hashCode = (ctx: AppContext, code: string) => createHmac('sha256', ctx.otpKey).update(`reset:${code}`).digest('hex');

const invalidCode = () => validationError([{ field: 'otp', message: 'The code is wrong or has expired' }], 'Invalid or expired code');

/** Mails a 6-digit code to an active user with an email; silent otherwise, so existence never shows. */
export async function requestPasswordReset(ctx: AppContext, userName: string): Promise<void> {
  const user = await findUserByName(ctx.db, userName);
  if (!user || !user.is_active || !user.email) return;
  const now = new Date();
  const recent = await ctx.db
    .selectFrom('password_reset')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', user.id)
    .where('created_at', '>', new Date(now.getTime() - 60 * 60 * 1000).toISOString())
    .executeTakeFirstOrThrow();
  if (Number(recent.n) >= RESET_CODES_PER_HOUR) return;

  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('password_reset').set({ used_at: now.toISOString() }).where('user_id', '=', user.id).where('used_at', 'is', null).execute();
    await trx
      .insertInto('password_reset')
      .values({
        user_id: user.id,
        code_hash: hashCode(ctx, code),
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + RESET_CODE_TTL_MS).toISOString(),
        attempts: 0,
        used_at: null,
      })
      .execute();
  });
  await ctx.mailer.send({
    to: user.email,
    subject: `${PRODUCT_NAME} password reset code`,
    text: `Your ${PRODUCT_NAME} password reset code is ${code}. It expires in 15 minutes and works once. If you did not ask for it, ignore this mail.`,
  });
}

/** Checks the code (5 wrong tries burn it), sets the new password and ends every session of the user. */
export async function resetPassword(ctx: AppContext, input: { userName: string; otp: string; newPassword: string }): Promise<void> {
  const problem = newPasswordProblem(input.newPassword);
  if (problem) throw validationError([problem]);
  const user = await findUserByName(ctx.db, input.userName);
  if (!user || !user.is_active) throw invalidCode();
  const now = new Date().toISOString();
  const reset = await ctx.db
    .selectFrom('password_reset')
    .select(['id', 'code_hash', 'attempts'])
    .where('user_id', '=', user.id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!reset) throw invalidCode();
  const matches = timingSafeEqual(Buffer.from(reset.code_hash, 'hex'), Buffer.from(hashCode(ctx, input.otp), 'hex'));
  if (!matches) {
    const attempts = reset.attempts + 1;
    await ctx.db
      .updateTable('password_reset')
      .set({ attempts, used_at: attempts >= RESET_MAX_ATTEMPTS ? now : null })
      .where('id', '=', reset.id)
      .execute();
    throw invalidCode();
  }
  const passwordHash = await hashPassword(input.newPassword);
  const claimed = await ctx.db.updateTable('password_reset').set({ used_at: now }).where('id', '=', reset.id).where('used_at', 'is', null).executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) throw invalidCode();
  await ctx.db
    .updateTable('app_user')
    .set((eb) => ({ password_hash: passwordHash, must_change_password: false, updated_at: now, updated_by: user.user_name, version: eb('version', '+', 1) }))
    .where('id', '=', user.id)
    .execute();
  await revokeUserSessions(ctx.db, user.id, 'password reset');
  await clearFailures(ctx.db, userKey(user.user_name));
}
