import { getEntity } from '@backroom/schema';
import type { FastifyInstance } from 'fastify';
import { anyDb } from '../../data/store';
import { dateIn } from '../../time/calendar';
import { columnOf } from '../columns';
import { post } from './points';

const membership = getEntity('membership');
const ledger = getEntity('pointsledger');
const company = getEntity('company');
const MEMBER = columnOf(ledger, 'membership');
const POINTS = columnOf(ledger, 'points');
const EXPIRES = columnOf(ledger, 'expiresOn');

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
  const db = anyDb(server.ctx);
  const zone = await db
    .selectFrom(company.table)
    .select(columnOf(company, 'timezone'))
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  const today = dateIn(zone?.[columnOf(company, 'timezone')] as string | undefined, at);
  const due = await db.selectFrom(ledger.table).select(MEMBER).distinct().where(EXPIRES, '<=', today).execute();
  let pointsExpired = 0;
  for (const { [MEMBER]: member } of due) {
    await db.transaction().execute(async (trx) => {
      // Locks the member first on PostgreSQL, so a parallel run waits and then sees this run's row.
      if (server.ctx.dialect === 'postgres')
        await trx.selectFrom(membership.table).select('id').where('id', '=', member).forUpdate().execute();
      const rows = await trx
        .selectFrom(ledger.table)
        .select([POINTS, EXPIRES])
        .where(MEMBER, '=', member)
        .orderBy('at')
        .orderBy('id')
        .execute();
      const expired = expiredPoints(
        rows.map((r) => ({ points: Number(r[POINTS]), expiresOn: (r[EXPIRES] as string | null) ?? null })),
        today,
      );
      if (expired <= 0) return;
      await post(
        trx,
        {
          member: Number(member),
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
  const STATUS = columnOf(membership, 'status');
  const result = await db
    .updateTable(membership.table)
    .set({ [STATUS]: 'expired', updated_at: at.toISOString(), updated_by: 'system' })
    .where(STATUS, '=', 'active')
    .where(columnOf(membership, 'expiryDate'), '<', today)
    .executeTakeFirst();
  return { pointsExpired, membersExpired: Number(result.numUpdatedRows) };
}
