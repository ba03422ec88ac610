import { sql } from 'kysely';
import type { AnyDb } from '../../data/store';
import { typedDb } from '../../db/types';
import { confirm, countUse, heldUses, overCount, release, takeCode, type HeldUse, type LimitedKind } from './holds';
import type { Basket, PricedBasket } from './engine/index';

/** What one sale used that has a limit (`redeemSale` counts each once, atomically). */
export interface Redemption {
  /** The sale's reference (receipt no.). */
  reference: string;
  at: string;
  member: number | null;
  rules: { id: number; code: string; amount: number; perMemberLimit: number | null }[];
  vouchers: { id: number; code: string; singleUse: boolean; amount: number }[];
  benefits: { id: number; amount: number }[];
}

/** The redemption of a priced basket: the rules, voucher codes and birthday vouchers that fired. */
export function redemptionOf(
  basket: Basket,
  priced: PricedBasket,
  reference: string,
  perMemberLimits: ReadonlyMap<number, number | null>,
): Redemption {
  const fired = priced.considered.filter((c) => c.fired && c.amount > 0);
  return {
    reference,
    at: basket.at,
    member: basket.member?.id ?? null,
    rules: fired
      .filter((c) => c.kind === 'newpromotion')
      .map((c) => ({ id: c.id, code: c.code, amount: c.amount, perMemberLimit: perMemberLimits.get(c.id) ?? null })),
    vouchers: fired
      .filter((c) => c.kind === 'voucher')
      .map((c) => ({
        id: c.id,
        code: c.voucherCode!,
        singleUse: basket.vouchers.find((v) => v.code === c.voucherCode)?.singleUse ?? false,
        amount: c.amount,
      })),
    benefits: fired
      .filter((c) => c.kind === 'membershipbenefit' && c.code.endsWith('birthdayVoucher'))
      .map((c) => ({ id: c.id, amount: c.amount })),
  };
}

/** A use past its limit: what it was and what it took off the sale. */
export interface OverRedeemed {
  kind: 'rule' | 'voucher';
  code: string;
  amount: number;
}

/**
 * Redeems what a sale used, in the caller's transaction, and answers what went past a limit. The
 * uses its reservation holds are confirmed; every other use is counted as well — the customer has
 * left with it — within its limit when the uses and the live holds leave room (one conditional
 * statement), else past it: counted in `timesUsed` and `overRedeemed` and answered, for the sale's
 * price differences. A single-use code redeemed or held by another basket is over-redeemed the same
 * way. The reservation's holds the sale did not use are released. Safe under any number of
 * parallel sales on both databases: each step is a conditional write serialised on its row.
 */
export async function redeemSale(
  trx: AnyDb,
  r: Redemption,
  reservation: number | null,
  now: string,
): Promise<OverRedeemed[]> {
  const over: OverRedeemed[] = [];
  const held = reservation === null ? [] : await heldUses(trx, reservation);
  const sale = { reference: r.reference, at: r.at };
  /** The held use of this rule or voucher (code), confirmed: true when it was held and is now the sale's. */
  const confirmed = async (
    kind: LimitedKind,
    id: number,
    codeId?: (use: HeldUse) => boolean,
  ): Promise<'confirmed' | 'lapsed' | 'overRedeemed'> => {
    const i = held.findIndex((h) => h.kind === kind && h.ref === id && (codeId ? codeId(h) : true));
    if (i < 0) return 'lapsed';
    const [use] = held.splice(i, 1);
    return confirm(trx, use!, reservation!, sale, now);
  };
  // Each kind by id: parallel sales and reservations lock the same rows in the same order.
  for (const x of [...r.rules].sort((a, b) => a.id - b.id)) {
    const outcome = await confirmed('rule', x.id);
    const within = outcome === 'confirmed' || (outcome === 'lapsed' && (await countUse(trx, 'rule', x.id, now)));
    const perMember =
      x.perMemberLimit === null || r.member === null || (await countMemberUse(trx, x.id, r.member, x.perMemberLimit));
    if (!within || !perMember) over.push({ kind: 'rule', code: x.code, amount: x.amount });
    if (within && !perMember) await overCount(trx, 'rule', x.id, false);
  }
  for (const v of [...r.vouchers].sort((a, b) => a.id - b.id)) {
    const outcome = await confirmed('voucher', v.id, (h) => !v.singleUse || h.codeId !== null);
    let within = outcome === 'confirmed';
    if (outcome === 'lapsed') {
      const codeTaken = !v.singleUse || (await takeCode(trx, v.code, sale, now));
      const counted = await countUse(trx, 'voucher', v.id, now);
      // A code redeemed or held by another basket is one use past its limit (when the voucher's own limit was not already passed).
      if (!codeTaken && counted) await overCount(trx, 'voucher', v.id, false);
      within = counted && codeTaken;
    }
    if (!within) over.push({ kind: 'voucher', code: v.code, amount: v.amount });
  }
  const benefits = await birthdayUnused(trx, r);
  for (const left of held) await release(trx, left, reservation!);
  const log = [
    ...r.rules.map((x) => ({ kind: 'newpromotion', ref_id: x.id, code: x.code, amount: x.amount })),
    ...r.vouchers.map((v) => ({ kind: 'voucher', ref_id: v.id, code: v.code, amount: v.amount })),
    ...benefits.map((b) => ({ kind: 'membershipbenefit', ref_id: b.id, code: null, amount: b.amount })),
  ];
  if (log.length > 0)
    await typedDb(trx)
      .insertInto('pricing_redemption')
      .values(log.map((l) => ({ ...l, reference: r.reference, member_id: r.member, at: r.at })))
      .execute();
  return over;
}

/** One more use of the rule by the member (`promotion_member_usage`): answers whether it was within the rule's limit per member; counted either way. */
async function countMemberUse(trx: AnyDb, rule: number, member: number, limit: number): Promise<boolean> {
  const counted = await typedDb(trx)
    .insertInto('promotion_member_usage')
    .values({ rule_id: rule, member_id: member, times_used: 1 })
    .onConflict((oc) =>
      oc.columns(['rule_id', 'member_id']).doUpdateSet({ times_used: sql`promotion_member_usage.times_used + 1` }),
    )
    .returning('times_used')
    .executeTakeFirstOrThrow();
  return counted.times_used <= limit;
}

/** The birthday vouchers the member has not used this year: the member's row is held until the sale commits, so a parallel sale's check waits and then sees this one. */
async function birthdayUnused(db: AnyDb, r: Redemption): Promise<Redemption['benefits']> {
  if (r.benefits.length === 0 || r.member === null) return [];
  const trx = typedDb(db);
  await trx
    .updateTable('membership')
    .set({ version: sql`version` })
    .where('id', '=', r.member)
    .execute();
  const year = r.at.slice(0, 4);
  const used = await trx
    .selectFrom('pricing_redemption')
    .select('ref_id')
    .where('kind', '=', 'membershipbenefit')
    .where(
      'ref_id',
      'in',
      r.benefits.map((b) => b.id),
    )
    .where('member_id', '=', r.member)
    .where('at', '>=', `${year}-01-01`)
    .where('at', '<', `${Number(year) + 1}-01-01`)
    .execute();
  return r.benefits.filter((b) => !used.some((u) => u.ref_id === b.id));
}
