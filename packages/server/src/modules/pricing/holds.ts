import type { Dialect } from '@backroom/schema';
import { sql } from 'kysely';
import type { AnyDb } from '../../data/store';
import { typedDb } from '../../db/types';

/**
 * Held uses: what a till reserves for a basket before payment (`pointofsale/Reserve`). A use is
 * held by conditional writes the database serialises on the row, never read-then-write, so of any
 * number of parallel baskets exactly as many hold a use as the limit has left:
 * - a limited rule or voucher counts its holds in `timesHeld`: a hold is
 *   `UPDATE … SET times_held = times_held + 1 WHERE times_used + times_held < usage_limit`;
 * - a single-use code is held on its own row: `UPDATE voucher_code SET held_by = r, held_until = t
 *   WHERE redeemed_at IS NULL AND (held_until IS NULL OR held_until <= now)`.
 * Each hold is a `salereservationuse` row, `held` until its sale confirms it or it is released.
 * An expired hold is released lazily, by the next hold or redemption of the same rule or voucher:
 * `UPDATE … SET state = 'released' WHERE state = 'held' AND expires_at <= now` (a parallel
 * releaser waits for the row and then finds nothing to release), then the counter goes down by
 * the rows it released. An expired code hold needs no release: `held_until` has passed.
 */
export type LimitedKind = 'rule' | 'voucher';

/** The table of a limited thing's counters (`times_used`, `times_held`, `usage_limit`, `over_redeemed` on both). */
const counterTable = (kind: LimitedKind) => (kind === 'rule' ? 'promotion_rule' : 'voucher');
/** The column of a held use naming what it holds. */
const refColumn = (kind: LimitedKind) => (kind === 'rule' ? 'rule_id' : 'voucher_id');
type Counter = 'times_used' | 'times_held' | 'over_redeemed';
const n = (column: Counter) => sql<number>`coalesce(${sql.ref(column)}, 0)`;

/** What a basket wants held: a limited rule, or a voucher (its counter when it has a usage limit, its code's row when single-use). */
export interface WantedUse {
  kind: LimitedKind;
  id: number;
  code: string;
  /** The voucher counts its uses against a usage limit (a rule always does: only limited rules are held). */
  counted: boolean;
  /** A single-use code's row. */
  codeId: number | null;
}

export type HoldOutcome = 'reserved' | 'limitReached' | 'alreadyUsed' | 'heldElsewhere';

/** Releases the expired holds of these rules or vouchers and takes them off their counters; in the caller's transaction. */
export async function releaseExpired(
  trx: AnyDb,
  kind: LimitedKind,
  ids: readonly number[],
  now: string,
): Promise<void> {
  for (const id of new Set(ids)) {
    const released = await typedDb(trx)
      .updateTable('sale_reservation_use')
      .set({ state: 'released' })
      .where(refColumn(kind), '=', id)
      .where('kind', '=', kind)
      .where('state', '=', 'held')
      .where('counted', '=', true)
      .where('expires_at', '<=', now)
      .executeTakeFirst();
    const count = Number(released.numUpdatedRows);
    if (count > 0) await uncount(trx, kind, id, count);
  }
}

const uncount = async (trx: AnyDb, kind: LimitedKind, id: number, count: number) => {
  const held = n('times_held');
  await typedDb(trx)
    .updateTable(counterTable(kind))
    .set({ times_held: sql`case when ${held} > ${count} then ${held} - ${count} else 0 end` })
    .where('id', '=', id)
    .execute();
};

/**
 * One more on a counter (`held` or `used`) while the uses and the holds leave room under the limit:
 * one conditional statement, which the database serialises on the row.
 */
async function addWithin(
  trx: AnyDb,
  kind: LimitedKind,
  id: number,
  counter: 'times_held' | 'times_used',
): Promise<boolean> {
  const added = await typedDb(trx)
    .updateTable(counterTable(kind))
    .set({ [counter]: sql`${n(counter)} + 1` })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb('usage_limit', 'is', null),
        eb(sql`${n('times_used')} + ${n('times_held')}`, '<', eb.ref('usage_limit')),
      ]),
    )
    .executeTakeFirst();
  return Number(added.numUpdatedRows) === 1;
}

/**
 * Holds one use for a reservation, in the caller's transaction: the code's row first (a
 * single-use code), then the counter; answers why not when either is taken (the code's hold is
 * given back when the counter refuses).
 */
export async function hold(
  db: AnyDb,
  // Not needed since the use is written typed (the driver binds booleans); the caller still passes it.
  _dialect: Dialect,
  reservation: { id: number; expiresAt: string },
  wanted: WantedUse,
  now: string,
): Promise<HoldOutcome> {
  const trx = typedDb(db);
  if (wanted.codeId !== null) {
    const taken = await trx
      .updateTable('voucher_code')
      .set({ held_by_id: reservation.id, held_until: reservation.expiresAt })
      .where('id', '=', wanted.codeId)
      .where('redeemed_at', 'is', null)
      .where((eb) => eb.or([eb('held_until', 'is', null), eb('held_until', '<=', now)]))
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) {
      const row = await trx
        .selectFrom('voucher_code')
        .select('redeemed_at')
        .where('id', '=', wanted.codeId)
        .executeTakeFirst();
      return row?.redeemed_at ? 'alreadyUsed' : 'heldElsewhere';
    }
  }
  if (wanted.counted) {
    await releaseExpired(trx, wanted.kind, [wanted.id], now);
    if (!(await addWithin(trx, wanted.kind, wanted.id, 'times_held'))) {
      if (wanted.codeId !== null)
        await trx
          .updateTable('voucher_code')
          .set({ held_by_id: null, held_until: null })
          .where('id', '=', wanted.codeId)
          .where('held_by_id', '=', reservation.id)
          .execute();
      return 'limitReached';
    }
  }
  await trx
    .insertInto('sale_reservation_use')
    .values({
      reservation_id: reservation.id,
      kind: wanted.kind,
      rule_id: wanted.kind === 'rule' ? wanted.id : null,
      voucher_id: wanted.kind === 'voucher' ? wanted.id : null,
      voucher_code_id: wanted.codeId,
      code: wanted.code,
      counted: wanted.counted,
      expires_at: reservation.expiresAt,
      state: 'held',
    })
    .execute();
  return 'reserved';
}

/** A held use as stored. */
export interface HeldUse {
  id: number;
  kind: LimitedKind;
  ref: number;
  codeId: number | null;
  counted: boolean;
}

/** The uses a reservation still holds. */
export async function heldUses(db: AnyDb, reservation: number): Promise<HeldUse[]> {
  const rows = await typedDb(db)
    .selectFrom('sale_reservation_use')
    .select(['id', 'kind', 'rule_id', 'voucher_id', 'voucher_code_id', 'counted'])
    .where('reservation_id', '=', reservation)
    .where('state', '=', 'held')
    // Written only by `hold`: the kind is one of these, and its reference is set.
    .$narrowType<{ kind: LimitedKind }>()
    .execute();
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    ref: Number(r[refColumn(r.kind)]),
    codeId: r.voucher_code_id,
    counted: Boolean(r.counted),
  }));
}

/** Ends a hold (`held` → `state`), once: false when it was no longer held (released meanwhile as expired). */
async function endHold(trx: AnyDb, held: HeldUse, state: 'confirmed' | 'released'): Promise<boolean> {
  const ended = await typedDb(trx)
    .updateTable('sale_reservation_use')
    .set({ state })
    .where('id', '=', held.id)
    .where('state', '=', 'held')
    .executeTakeFirst();
  return Number(ended.numUpdatedRows) === 1;
}

/** Gives a held use back: its counter goes down and its code is free again. */
export async function release(trx: AnyDb, held: HeldUse, reservation: number): Promise<void> {
  if (held.codeId !== null)
    await typedDb(trx)
      .updateTable('voucher_code')
      .set({ held_by_id: null, held_until: null })
      .where('id', '=', held.codeId)
      .where('held_by_id', '=', reservation)
      .execute();
  if ((await endHold(trx, held, 'released')) && held.counted) await uncount(trx, held.kind, held.ref, 1);
}

/** A single-use code's row once a sale has redeemed it: no longer held. */
const redeemedBy = (sale: { reference: string; at: string }) => ({
  redeemed_at: sale.at,
  redeemed_reference: sale.reference.slice(0, 100),
  held_by_id: null,
  held_until: null,
});

/**
 * Turns a held use into a use of the sale: the hold moves to `timesUsed` and a single-use code is
 * marked redeemed by the sale. `lapsed` when the reservation holds nothing of it any more (it
 * expired and other baskets took it): the caller redeems it as a sale without a reservation.
 * `overRedeemed` when part of it was taken after the hold expired (the code's row, or the last use
 * of the counter): counted past the limit. Rows are taken in one order everywhere — the code's
 * row, the hold rows, the counter — so holds, confirmations and sales never wait on each other in
 * a circle.
 */
export async function confirm(
  trx: AnyDb,
  held: HeldUse,
  reservation: number,
  sale: { reference: string; at: string },
  now: string,
): Promise<'confirmed' | 'lapsed' | 'overRedeemed'> {
  let code = true;
  if (held.codeId !== null) {
    const mine = await typedDb(trx)
      .updateTable('voucher_code')
      .set(redeemedBy(sale))
      .where('id', '=', held.codeId)
      .where('held_by_id', '=', reservation)
      .where('redeemed_at', 'is', null)
      .executeTakeFirst();
    code = Number(mine.numUpdatedRows) === 1;
  }
  if (!(await endHold(trx, held, 'confirmed'))) {
    // The counter's hold was released as expired: the use is counted as a sale's without one.
    if (!code) return 'lapsed';
    return (await countUse(trx, held.kind, held.ref, now)) ? 'confirmed' : 'overRedeemed';
  }
  await typedDb(trx)
    .updateTable(counterTable(held.kind))
    .set({
      times_used: sql`${n('times_used')} + 1`,
      ...(held.counted
        ? { times_held: sql`case when ${n('times_held')} > 0 then ${n('times_held')} - 1 else 0 end` }
        : {}),
    })
    .where('id', '=', held.ref)
    .execute();
  if (code) return 'confirmed';
  await overCount(trx, held.kind, held.ref, false);
  return 'overRedeemed';
}

/**
 * One use by a sale that holds none (made offline, or its hold lapsed): counted in `timesUsed`
 * always — the customer has left with it — and also in `overRedeemed` when the uses and the
 * live holds had reached the limit. Answers whether it was within the limit.
 */
export async function countUse(trx: AnyDb, kind: LimitedKind, id: number, now: string): Promise<boolean> {
  await releaseExpired(trx, kind, [id], now);
  if (await addWithin(trx, kind, id, 'times_used')) return true;
  await overCount(trx, kind, id);
  return false;
}

/** One use past the limit: counted in `overRedeemed`, and in `timesUsed` unless it was counted there already. */
export async function overCount(trx: AnyDb, kind: LimitedKind, id: number, alsoUsed = true): Promise<void> {
  await typedDb(trx)
    .updateTable(counterTable(kind))
    .set({
      ...(alsoUsed ? { times_used: sql`${n('times_used')} + 1` } : {}),
      over_redeemed: sql`${n('over_redeemed')} + 1`,
    })
    .where('id', '=', id)
    .execute();
}

/** A single-use code redeemed by a sale without a hold on it: only while it is neither redeemed nor held by a live reservation. */
export async function takeCode(
  trx: AnyDb,
  code: string,
  sale: { reference: string; at: string },
  now: string,
): Promise<boolean> {
  const taken = await typedDb(trx)
    .updateTable('voucher_code')
    .set(redeemedBy(sale))
    .where('code', '=', code)
    .where('redeemed_at', 'is', null)
    .where((eb) => eb.or([eb('held_until', 'is', null), eb('held_until', '<=', now)]))
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}
