import { sql } from 'kysely';
import type { AppContext } from '../context';
import { ApiError } from '../http/envelope';

const today = () => new Date().toISOString().slice(0, 10);

const quotaUsed = (quotaBytes: number) =>
  new ApiError(
    429,
    `Your daily upload quota of ${Math.round(quotaBytes / 1024 / 1024)} MB is used up; uploads open again tomorrow (UTC)`,
    [{ field: 'file', message: 'Daily upload quota used up' }],
  );

/** 429 when the user has used up today's quota already (checked before a file is read). */
export async function assertQuotaLeft(ctx: AppContext, userId: number): Promise<void> {
  const row = await ctx.db
    .selectFrom('upload_usage')
    .select('bytes')
    .where('user_id', '=', userId)
    .where('day', '=', today())
    .executeTakeFirst();
  if (row && Number(row.bytes) >= ctx.config.uploads.dailyQuotaBytes)
    throw quotaUsed(ctx.config.uploads.dailyQuotaBytes);
}

/**
 * Counts `bytes` against the user's quota for today in one statement, so parallel uploads cannot
 * pass it together; 429 (and nothing counted) when they would.
 */
export async function chargeQuota(ctx: AppContext, userId: number, bytes: number): Promise<void> {
  const quota = ctx.config.uploads.dailyQuotaBytes;
  if (bytes > quota) throw quotaUsed(quota);
  const charged = await ctx.db
    .insertInto('upload_usage')
    .values({ user_id: userId, day: today(), bytes })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'day'])
        .doUpdateSet({ bytes: sql`upload_usage.bytes + ${bytes}` })
        .where(sql<boolean>`upload_usage.bytes + ${bytes} <= ${quota}`),
    )
    .returning('bytes')
    .executeTakeFirst();
  if (!charged) throw quotaUsed(quota);
}
