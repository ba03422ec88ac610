import { formatScaled, getEntity, toStorageRow, type Dialect } from '@backroom/schema';
import { sql, type Kysely } from 'kysely';
import type { AnyDb } from '../../data/store';
import { typedDb, type Database } from '../../db/types';
import { ApiError } from '../../http/envelope';
import { dialectOf } from '../../db/connect';
import type { EventHandler } from '../events';

/**
 * The points ledger: every change of a member's points is a ledger row (earn, redeem, expire,
 * adjust), and `pointsBalance` moves with it in the same transaction, by one conditional statement
 * that never lets the balance go below zero — so parallel redemptions cannot overdraw it.
 * Points are handled in hundredths (the ledger's two decimals).
 */
export type PointsKind = 'earn' | 'redeem' | 'expire' | 'adjust';

const membership = getEntity('membership');
const ledger = getEntity('pointsledger');

export interface Posting {
  member: number;
  kind: PointsKind;
  /** Hundredths of a point; negative for redeem and expire. */
  points: number;
  at: string;
  reason?: string | null;
  reference?: string | null;
  /** Earned points: the day they expire. */
  expiresOn?: string | null;
  userName: string;
}

const refused = (field: string, message: string) => new ApiError(409, message, [{ field, message }]);

/** Writes one ledger row and moves the balance with it; a change that would take the balance below zero is refused (409). */
export async function post(untyped: AnyDb, p: Posting, dialect: Dialect): Promise<void> {
  const trx = typedDb(untyped);
  const balance = sql<number>`coalesce(points_balance, 0)`;
  const moved = await trx
    .updateTable('membership')
    .set({ points_balance: sql`${balance} + ${p.points}` })
    .where('id', '=', p.member)
    .where(sql`${balance} + ${p.points}`, '>=', 0)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) {
    const exists = await trx.selectFrom('membership').select('id').where('id', '=', p.member).executeTakeFirst();
    if (!exists) throw new ApiError(404, `${membership.label}: no row ${p.member}`);
    throw refused('points', `Not enough points: the member cannot go below zero`);
  }
  const row = toStorageRow(
    ledger,
    {
      membership: p.member,
      at: p.at,
      kind: p.kind,
      points: formatScaled(p.points, 2),
      expiresOn: p.expiresOn ?? null,
      reason: p.reason ?? null,
      reference: p.reference ?? null,
    },
    dialect,
  );
  await trx
    .insertInto('points_ledger')
    .values({ ...row, version: 1, created_at: p.at, created_by: p.userName, updated_at: p.at, updated_by: p.userName })
    .execute();
}

/** The date `months` after `date` (the month's last day when it has no such day). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, last));
  return target.toISOString().slice(0, 10);
}

/**
 * Points for a sale: the ledger's earn row (expiring after the group's validity months) and the
 * member's spend, then the move up to the highest group whose upgrade threshold the spend reaches
 * (never down). Answers the group the member is in afterwards.
 */
export async function earn(
  untyped: AnyDb,
  dialect: Dialect,
  e: { member: number; points: number; spend: number; at: string; reference: string | null; userName: string },
): Promise<{ group: number | null; upgraded: boolean }> {
  const trx = typedDb(untyped);
  const current = await trx
    .selectFrom('membership as m')
    .leftJoin('membership_group as g', 'g.id', 'm.membership_group_id')
    .select(['m.membership_group_id as group_id', 'g.validity_months as months'])
    .where('m.id', '=', e.member)
    .executeTakeFirst();
  if (!current) throw new ApiError(404, `${membership.label}: no row ${e.member}`);
  const months = current.months ?? 0;
  if (e.points > 0)
    await post(
      trx,
      {
        member: e.member,
        kind: 'earn',
        points: e.points,
        at: e.at,
        reference: e.reference,
        reason: 'Sale',
        expiresOn: months > 0 ? addMonths(e.at.slice(0, 10), months) : null,
        userName: e.userName,
      },
      dialect,
    );
  await trx
    .updateTable('membership')
    .set({ total_spend: sql`coalesce(total_spend, 0) + ${e.spend}` })
    .where('id', '=', e.member)
    .execute();
  return upgrade(trx, e.member, current.group_id);
}

/**
 * What a return takes back of a sale's points and spend: an `adjust` row of up to `points` — never
 * more than the member still has (points spent meanwhile stay spent) — and the spend, not below
 * zero. The group stays (upgrades never go down). Answers the points taken.
 */
export async function takeBack(
  untyped: AnyDb,
  dialect: Dialect,
  t: { member: number; points: number; spend: number; at: string; reference: string | null; userName: string },
): Promise<number> {
  const posting = {
    member: t.member,
    kind: 'adjust' as const,
    at: t.at,
    reference: t.reference,
    reason: 'Return',
    userName: t.userName,
  };
  const trx = typedDb(untyped);
  let taken = 0;
  if (t.points > 0) {
    // Locked on PostgreSQL until commit, so a redemption cannot land between reading and taking.
    const query = trx.selectFrom('membership').select('points_balance').where('id', '=', t.member);
    const held = await (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
    if (!held) throw new ApiError(404, `${membership.label}: no row ${t.member}`);
    taken = Math.min(t.points, Math.max(0, Number(held.points_balance ?? 0)));
    if (taken > 0) await post(trx, { ...posting, points: -taken }, dialect);
  }
  const spend = sql`coalesce(total_spend, 0)`;
  await trx
    .updateTable('membership')
    .set({ total_spend: sql`case when ${spend} > ${t.spend} then ${spend} - ${t.spend} else 0 end` })
    .where('id', '=', t.member)
    .execute();
  return taken;
}

async function upgrade(
  trx: Kysely<Database>,
  member: number,
  groupId: number | null,
): Promise<{ group: number | null; upgraded: boolean }> {
  const spend = await trx
    .selectFrom('membership')
    .select('total_spend')
    .where('id', '=', member)
    .executeTakeFirstOrThrow();
  const groups = await trx
    .selectFrom('membership_group')
    .select(['id', 'upgrade_threshold as threshold'])
    .where('is_active', '=', true)
    .where('upgrade_threshold', 'is not', null)
    .execute();
  const ownThreshold = Number(groups.find((g) => g.id === groupId)?.threshold ?? -1);
  const reached = groups
    .filter((g) => Number(g.threshold) <= Number(spend.total_spend ?? 0) && Number(g.threshold) > ownThreshold)
    .sort((a, b) => Number(b.threshold) - Number(a.threshold))[0];
  if (!reached) return { group: groupId, upgraded: false };
  await trx.updateTable('membership').set({ membership_group_id: reached.id }).where('id', '=', member).execute();
  return { group: reached.id, upgraded: true };
}

/** A till's sale earns its member points and spend (a return's take-back answers the till, so it stays a call: `takeBack`). */
export const saleEarns: EventHandler<'sale.recorded'> = {
  handle: async ({ trx }, sale) => {
    if (sale.member === null || sale.kind !== 'sale') return;
    await earn(trx, dialectOf(trx), {
      member: sale.member,
      points: sale.points,
      spend: sale.spend,
      at: sale.at,
      reference: sale.receiptNo,
      userName: sale.userName,
    });
  },
};
