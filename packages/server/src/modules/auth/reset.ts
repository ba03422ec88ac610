import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { PRODUCT_NAME } from '@backroom/schema';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { recordEvent, recordRequestEvent } from '../../data/audit';
import { validationError } from '../../http/envelope';
import { clearFailures, userKey } from './lockout';
import { newPasswordProblem, samePasswordProblem } from './password-policy';
import { hashPassword, verifyPassword } from '../../crypto/passwords';
import { revokeUserSessions } from './sessions';
import { findUserByName } from './users';

export const RESET_CODE_TTL_MS = 15 * 60 * 1000;
export const RESET_MAX_ATTEMPTS = 5;
/** At most this many codes per user per hour; further requests get the same answer and no mail. */
const RESET_CODES_PER_HOUR = 5;
/** The job kind that mails a reset code (auth/jobs.ts). */
export const SEND_RESET_CODE = 'sendPasswordResetCode';
export const RESET_REQUESTED_MESSAGE = 'If the account exists, a reset code has been sent';

const hashCode = (ctx: AppContext, code: string) =>
  createHmac('sha256', ctx.otpKey).update(`reset:${code}`).digest('hex');
const invalidCode = () =>
  validationError([{ field: 'otp', message: 'The code is wrong or has expired' }], 'Invalid or expired code');

/**
 * Mails a 6-digit code to an active user with an email; nothing otherwise. Run by the job queued
 * for every request (auth/jobs.ts), so the request itself does the same for known and unknown names.
 */
export async function sendResetCode(
  ctx: AppContext,
  request: { userName: string; ip: string | null },
): Promise<{ sent: boolean }> {
  const user = await findUserByName(ctx.db, request.userName);
  if (!user || !user.is_active || !user.email) return { sent: false };
  const now = new Date();
  const recent = await ctx.db
    .selectFrom('password_reset')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', user.id)
    .where('created_at', '>', new Date(now.getTime() - 60 * 60 * 1000).toISOString())
    .executeTakeFirstOrThrow();
  if (Number(recent.n) >= RESET_CODES_PER_HOUR) return { sent: false };
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('password_reset')
      .set({ used_at: now.toISOString() })
      .where('user_id', '=', user.id)
      .where('used_at', 'is', null)
      .execute();
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
  await recordEvent(ctx, {
    action: 'passwordResetRequest',
    entity: 'user',
    rowId: user.id,
    actor: { userId: user.id, userName: user.user_name },
    ip: request.ip,
  });
  return { sent: true };
}

/**
 * Takes one guess at the user's live code, atomically: the attempt is counted before the code is
 * compared, and only while fewer than RESET_MAX_ATTEMPTS were made and the code is unused, so
 * however many guesses arrive at once, at most five are ever compared. Answers the code's row.
 */
async function claimGuess(ctx: AppContext, userId: number, now: string) {
  const live = ctx.db
    .selectFrom('password_reset')
    .select('id')
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('id', 'desc')
    .limit(1);
  return ctx.db
    .updateTable('password_reset')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', live)
    .where('attempts', '<', RESET_MAX_ATTEMPTS)
    .where('used_at', 'is', null)
    .returning(['id', 'code_hash'])
    .executeTakeFirst();
}

/**
 * Checks the code (five guesses per code), sets the new password (which must differ from the
 * current one) and ends every session of the user. A right code works once, however many
 * requests present it at once: its use is claimed in the transaction that sets the password.
 */
export async function resetPassword(
  request: FastifyRequest,
  input: { userName: string; otp: string; newPassword: string },
): Promise<void> {
  const ctx = request.server.ctx;
  const problem = newPasswordProblem(input.newPassword);
  if (problem) throw validationError([problem]);
  const user = await findUserByName(ctx.db, input.userName);
  if (!user || !user.is_active) throw invalidCode();
  const now = new Date().toISOString();
  const guess = await claimGuess(ctx, user.id, now);
  if (!guess || !timingSafeEqual(Buffer.from(guess.code_hash, 'hex'), Buffer.from(hashCode(ctx, input.otp), 'hex')))
    throw invalidCode();
  if (await verifyPassword(user.password_hash, input.newPassword)) throw validationError([samePasswordProblem]);
  const passwordHash = await hashPassword(input.newPassword);
  await ctx.db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('password_reset')
      .set({ used_at: now })
      .where('id', '=', guess.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw invalidCode();
    await trx
      .updateTable('app_user')
      .set((eb) => ({
        password_hash: passwordHash,
        must_change_password: false,
        updated_at: now,
        updated_by: user.user_name,
        version: eb('version', '+', 1),
      }))
      .where('id', '=', user.id)
      .execute();
    const sessionsRevoked = await revokeUserSessions(trx, user.id, 'password reset');
    await clearFailures(trx, userKey(user.user_name));
    await recordRequestEvent(
      request,
      {
        action: 'passwordReset',
        entity: 'user',
        rowId: user.id,
        actor: { userId: user.id, userName: user.user_name },
        changes: { before: {}, after: { sessionsRevoked } },
      },
      trx,
    );
  });
}
