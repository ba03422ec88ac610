import type { FastifyInstance } from 'fastify';
import { dateIn } from '../../time/calendar';
import { post } from './points';

interface LedgerRow {
  points: number;
  expiresOn: string | null;
}

/**
 * What of a member's points has expired by `today`: debits (redemptions, expiries, negative
 * adjustments) use up the oldest credits first, and whatever is left of credits whose expiry day
 * has come expires. Rows come in the order they were posted. Already expired points count as
 * debits, so running again expires nothing twice.
 */
export function expiredPoints(rows: readonly LedgerRow[], today: string): number {
  let debits = rows.filter((r) => r.points < 0).reduce((a, r) => a - r.points, 0);
  let expired = 0;
  for (const credit of rows.filter((r) => r.points > 0)) {
    const used = Math.min(debits, credit.points);
    debits -= used;
    if (credit.expiresOn !== null && credit.expiresOn <= today) expired += credit.points - used;
  }
  return expired;
}

/**
 * The daily `membershipExpiry` job: earned points past their expiry day leave the balance through
 * an `expire` ledger row, and active members past their expiry date become expired. "Today" is
 * the company's date.
 */
export async function runMembershipExpiry(
  server: FastifyInstance,
  at = new Date(),
): Promise<{ pointsExpired: number; membersExpired: number }> {
  const db = server.ctx.db;
  const zone = await db.selectFrom('company').select('timezone').orderBy('id').limit(1).executeTakeFirst();
  const today = dateIn(zone?.timezone, at);
  const due = await db
    .selectFrom('points_ledger')
    .select('membership_id')
    .distinct()
    .where('expires_on', '<=', today)
    // A ledger row's member is required by the registry: every row is written by `post`.
    .$narrowType<{ membership_id: number }>()
    .execute();
  let pointsExpired = 0;
  for (const { membership_id: member } of due) {
    await db.transaction().execute(async (trx) => {
      // Locks the member first on PostgreSQL, so a parallel run waits and then sees this run's row.
      if (server.ctx.dialect === 'postgres')
        await trx.selectFrom('membership').select('id').where('id', '=', member).forUpdate().execute();
      const rows = await trx
        .selectFrom('points_ledger')
        .select(['points', 'expires_on'])
        .where('membership_id', '=', member)
        .orderBy('at')
        .orderBy('id')
        .execute();
      const expired = expiredPoints(
        rows.map((r) => ({ points: Number(r.points), expiresOn: r.expires_on })),
        today,
      );
      if (expired <= 0) return;
      await post(
        trx,
        {
          member,
          kind: 'expire',
          points: -expired,
          at: at.toISOString(),
          reason: 'Points expired',
          userName: 'system',
        },
        server.ctx.dialect,
      );
      pointsExpired += expired;
    });
  }
  const result = await db
    .updateTable('membership')
    .set({ status: 'expired', updated_at: at.toISOString(), updated_by: 'system' })
    .where('status', '=', 'active')
    .where('expiry_date', '<', today)
    .executeTakeFirst();
  return { pointsExpired, membersExpired: Number(result.numUpdatedRows) };
}
