import { getEntity, toStorageRow, type Dialect } from '@backroom/schema';
import { sql } from 'kysely';
import type { AnyDb } from '../../data/store';
import { columnOf } from '../columns';

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
const rule = getEntity('newpromotion');
const voucher = getEntity('voucher');
const voucherCode = getEntity('vouchercode');
const use = getEntity('salereservationuse');
const U = (name: string) => columnOf(use, name);
const CODE_HELD_BY = columnOf(voucherCode, 'heldBy');
const CODE_HELD_UNTIL = columnOf(voucherCode, 'heldUntil');
const CODE_REDEEMED_AT = columnOf(voucherCode, 'redeemedAt');

export type LimitedKind = 'rule' | 'voucher';

/** The table and columns of a limited thing's counters. */
const counters = (kind: LimitedKind) => {
  const entity = kind === 'rule' ? rule : voucher;
  return {
    table: entity.table,
    used: columnOf(entity, 'timesUsed'),
    held: columnOf(entity, 'timesHeld'),
    limit: columnOf(entity, 'usageLimit'),
    over: columnOf(entity, 'overRedeemed'),
  };
};
const refColumn = (kind: LimitedKind) => U(kind === 'rule' ? 'rule' : 'voucher');
const n = (column: string) => sql`coalesce(${sql.ref(column)}, 0)`;

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
    const released = await trx
      .updateTable(use.table)
      .set({ [U('state')]: 'released' })
      .where(refColumn(kind), '=', id)
      .where(U('kind'), '=', kind)
      .where(U('state'), '=', 'held')
      .where(U('counted'), '=', true)
      .where(U('expiresAt'), '<=', now)
      .executeTakeFirst();
    const count = Number(released.numUpdatedRows);
    if (count > 0) await uncount(trx, kind, id, count);
  }
}

const uncount = async (trx: AnyDb, kind: LimitedKind, id: number, count: number) => {
  const c = counters(kind);
  await trx
    .updateTable(c.table)
    .set({ [c.held]: sql`case when ${n(c.held)} > ${count} then ${n(c.held)} - ${count} else 0 end` })
    .where('id', '=', id)
    .execute();
};

/**
 * One more on a counter (`held` or `used`) while the uses and the holds leave room under the limit:
 * one conditional statement, which the database serialises on the row.
 */
async function addWithin(trx: AnyDb, kind: LimitedKind, id: number, counter: 'held' | 'used'): Promise<boolean> {
  const c = counters(kind);
  const added = await trx
    .updateTable(c.table)
    .set({ [c[counter]]: sql`${n(c[counter])} + 1` })
    .where('id', '=', id)
    .where((eb) => eb.or([eb(c.limit, 'is', null), eb(sql`${n(c.used)} + ${n(c.held)}`, '<', eb.ref(c.limit))]))
    .executeTakeFirst();
  return Number(added.numUpdatedRows) === 1;
}

/**
 * Holds one use for a reservation, in the caller's transaction: the code's row first (a
 * single-use code), then the counter; answers why not when either is taken (the code's hold is
 * given back when the counter refuses).
 */
export async function hold(
  trx: AnyDb,
  dialect: Dialect,
  reservation: { id: number; expiresAt: string },
  wanted: WantedUse,
  now: string,
): Promise<HoldOutcome> {
  if (wanted.codeId !== null) {
    const taken = await trx
      .updateTable(voucherCode.table)
      .set({ [CODE_HELD_BY]: reservation.id, [CODE_HELD_UNTIL]: reservation.expiresAt })
      .where('id', '=', wanted.codeId)
      .where(CODE_REDEEMED_AT, 'is', null)
      .where((eb) => eb.or([eb(CODE_HELD_UNTIL, 'is', null), eb(CODE_HELD_UNTIL, '<=', now)]))
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) {
      const row = await trx
        .selectFrom(voucherCode.table)
        .select(CODE_REDEEMED_AT)
        .where('id', '=', wanted.codeId)
        .executeTakeFirst();
      return row?.[CODE_REDEEMED_AT] ? 'alreadyUsed' : 'heldElsewhere';
    }
  }
  if (wanted.counted) {
    await releaseExpired(trx, wanted.kind, [wanted.id], now);
    if (!(await addWithin(trx, wanted.kind, wanted.id, 'held'))) {
      if (wanted.codeId !== null)
        await trx
          .updateTable(voucherCode.table)
          .set({ [CODE_HELD_BY]: null, [CODE_HELD_UNTIL]: null })
          .where('id', '=', wanted.codeId)
          .where(CODE_HELD_BY, '=', reservation.id)
          .execute();
      return 'limitReached';
    }
  }
  await trx
    .insertInto(use.table)
    .values(
      toStorageRow(
        use,
        {
          reservation: reservation.id,
          kind: wanted.kind,
          rule: wanted.kind === 'rule' ? wanted.id : null,
          voucher: wanted.kind === 'voucher' ? wanted.id : null,
          voucherCode: wanted.codeId,
          code: wanted.code,
          counted: wanted.counted,
          expiresAt: reservation.expiresAt,
          state: 'held',
        },
        dialect,
      ),
    )
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
  const rows = await db
    .selectFrom(use.table)
    .selectAll()
    .where(U('reservation'), '=', reservation)
    .where(U('state'), '=', 'held')
    .execute();
  return rows.map((r) => {
    const kind = r[U('kind')] as LimitedKind;
    return {
      id: Number(r.id),
      kind,
      ref: Number(r[refColumn(kind)]),
      codeId: r[U('voucherCode')] === null ? null : Number(r[U('voucherCode')]),
      counted: Boolean(r[U('counted')]),
    };
  });
}

/** Ends a hold (`held` → `state`), once: false when it was no longer held (released meanwhile as expired). */
async function endHold(trx: AnyDb, held: HeldUse, state: 'confirmed' | 'released'): Promise<boolean> {
  const ended = await trx
    .updateTable(use.table)
    .set({ [U('state')]: state })
    .where('id', '=', held.id)
    .where(U('state'), '=', 'held')
    .executeTakeFirst();
  return Number(ended.numUpdatedRows) === 1;
}

/** Gives a held use back: its counter goes down and its code is free again. */
export async function release(trx: AnyDb, held: HeldUse, reservation: number): Promise<void> {
  if (held.codeId !== null)
    await trx
      .updateTable(voucherCode.table)
      .set({ [CODE_HELD_BY]: null, [CODE_HELD_UNTIL]: null })
      .where('id', '=', held.codeId)
      .where(CODE_HELD_BY, '=', reservation)
      .execute();
  if ((await endHold(trx, held, 'released')) && held.counted) await uncount(trx, held.kind, held.ref, 1);
}

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
    const mine = await trx
      .updateTable(voucherCode.table)
      .set({
        [CODE_REDEEMED_AT]: sale.at,
        [columnOf(voucherCode, 'redeemedReference')]: sale.reference.slice(0, 100),
        [CODE_HELD_BY]: null,
        [CODE_HELD_UNTIL]: null,
      })
      .where('id', '=', held.codeId)
      .where(CODE_HELD_BY, '=', reservation)
      .where(CODE_REDEEMED_AT, 'is', null)
      .executeTakeFirst();
    code = Number(mine.numUpdatedRows) === 1;
  }
  if (!(await endHold(trx, held, 'confirmed'))) {
    // The counter's hold was released as expired: the use is counted as a sale's without one.
    if (!code) return 'lapsed';
    return (await countUse(trx, held.kind, held.ref, now)) ? 'confirmed' : 'overRedeemed';
  }
  const c = counters(held.kind);
  await trx
    .updateTable(c.table)
    .set({
      [c.used]: sql`${n(c.used)} + 1`,
      ...(held.counted ? { [c.held]: sql`case when ${n(c.held)} > 0 then ${n(c.held)} - 1 else 0 end` } : {}),
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
  if (await addWithin(trx, kind, id, 'used')) return true;
  await overCount(trx, kind, id);
  return false;
}

/** One use past the limit: counted in `overRedeemed`, and in `timesUsed` unless it was counted there already. */
export async function overCount(trx: AnyDb, kind: LimitedKind, id: number, alsoUsed = true): Promise<void> {
  const c = counters(kind);
  await trx
    .updateTable(c.table)
    .set({ ...(alsoUsed ? { [c.used]: sql`${n(c.used)} + 1` } : {}), [c.over]: sql`${n(c.over)} + 1` })
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
  const taken = await trx
    .updateTable(voucherCode.table)
    .set({
      [CODE_REDEEMED_AT]: sale.at,
      [columnOf(voucherCode, 'redeemedReference')]: sale.reference.slice(0, 100),
      [CODE_HELD_BY]: null,
      [CODE_HELD_UNTIL]: null,
    })
    .where(columnOf(voucherCode, 'code'), '=', code)
    .where(CODE_REDEEMED_AT, 'is', null)
    .where((eb) => eb.or([eb(CODE_HELD_UNTIL, 'is', null), eb(CODE_HELD_UNTIL, '<=', now)]))
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}
