import { getEntity } from '@backroom/schema';
import { sql } from 'kysely';
import type { AnyDb } from '../../data/store';
import { ApiError } from '../../http/envelope';
import { columnOf } from '../columns';
import type { Basket, PricedBasket } from './engine/index';

/** What one sale used that has a limit: each is counted once, atomically, or the sale is refused. */
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
export function redemptionOf(basket: Basket, priced: PricedBasket, reference: string, perMemberLimits: ReadonlyMap<number, number | null>): Redemption {
  const fired = priced.considered.filter((c) => c.fired && c.amount > 0);
  return {
    reference,
    at: basket.at,
    member: basket.member?.id ?? null,
    rules: fired.filter((c) => c.kind === 'newpromotion').map((c) => ({ id: c.id, code: c.code, amount: c.amount, perMemberLimit: perMemberLimits.get(c.id) ?? null })),
    vouchers: fired
      .filter((c) => c.kind === 'voucher')
      .map((c) => ({ id: c.id, code: c.voucherCode!, singleUse: basket.vouchers.find((v) => v.code === c.voucherCode)?.singleUse ?? false, amount: c.amount })),
    benefits: fired.filter((c) => c.kind === 'membershipbenefit' && c.code.endsWith('birthdayVoucher')).map((c) => ({ id: c.id, amount: c.amount })),
  };
}

const rule = getEntity('newpromotion');
const voucher = getEntity('voucher');
const voucherCode = getEntity('vouchercode');
const membership = getEntity('membership');

const refused = (field: string, message: string) => new ApiError(409, message, [{ field, message }]);

/** Adds one use to a row's counter unless that reaches its limit: one statement, so two sales never take the last use both. */
async function countUse(trx: AnyDb, table: string, limitColumn: string, usedColumn: string, id: number): Promise<boolean> {
  const used = sql.ref(usedColumn);
  const result = await trx
    .updateTable(table)
    .set({ [usedColumn]: sql`coalesce(${used}, 0) + 1` })
    .where('id', '=', id)
    .where((eb) => eb.or([eb(limitColumn, 'is', null), eb(sql`coalesce(${used}, 0)`, '<', eb.ref(limitColumn))]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Redeems what a sale used, in the caller's transaction: a single-use code is marked used only if
 * it was not (one statement), every counter grows only below its limit, and the first refusal
 * rolls the whole sale back with a 409 naming it. Safe under any number of parallel sales on both
 * databases: each step is a conditional write that the database serialises on the row.
 */
export async function redeem(trx: AnyDb, r: Redemption): Promise<void> {
  for (const [i, x] of r.rules.entries()) {
    if (!(await countUse(trx, rule.table, columnOf(rule, 'usageLimit'), columnOf(rule, 'timesUsed'), x.id)))
      throw refused(`rules.${i}`, `Promotion rule ${x.code} has reached its usage limit`);
    if (x.perMemberLimit !== null && r.member !== null) {
      const counted = await trx
        .insertInto('promotion_member_usage')
        .values({ rule_id: x.id, member_id: r.member, times_used: 1 })
        .onConflict((oc) =>
          oc
            .columns(['rule_id', 'member_id'])
            .doUpdateSet({ times_used: sql`promotion_member_usage.times_used + 1` })
            .where('promotion_member_usage.times_used', '<', x.perMemberLimit!),
        )
        .executeTakeFirst();
      if (Number(counted.numInsertedOrUpdatedRows ?? 0) !== 1) throw refused(`rules.${i}`, `The member has used promotion rule ${x.code} as often as it allows`);
    }
  }
  for (const [i, v] of r.vouchers.entries()) {
    if (v.singleUse) {
      const taken = await trx
        .updateTable(voucherCode.table)
        .set({ [columnOf(voucherCode, 'redeemedAt')]: r.at, [columnOf(voucherCode, 'redeemedReference')]: r.reference.slice(0, 100) })
        .where(columnOf(voucherCode, 'code'), '=', v.code)
        .where(columnOf(voucherCode, 'redeemedAt'), 'is', null)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) !== 1) throw refused(`vouchers.${i}`, `Voucher code ${v.code} has been used`);
    }
    if (!(await countUse(trx, voucher.table, columnOf(voucher, 'usageLimit'), columnOf(voucher, 'timesUsed'), v.id)))
      throw refused(`vouchers.${i}`, `Voucher ${v.code} has reached its usage limit`);
  }
  if (r.benefits.length > 0 && r.member !== null) {
    // Holds the member's row until the sale commits, so a parallel sale's check waits and then sees this one.
    await trx.updateTable(membership.table).set({ version: sql`version` }).where('id', '=', r.member).execute();
    const year = r.at.slice(0, 4);
    for (const [i, b] of r.benefits.entries()) {
      const used = await trx
        .selectFrom('pricing_redemption')
        .select('id')
        .where('kind', '=', 'membershipbenefit')
        .where('ref_id', '=', b.id)
        .where('member_id', '=', r.member)
        .where('at', '>=', `${year}-01-01`)
        .where('at', '<', `${Number(year) + 1}-01-01`)
        .executeTakeFirst();
      if (used) throw refused(`benefits.${i}`, 'The birthday voucher has been used this year');
    }
  }
  const log = [
    ...r.rules.map((x) => ({ kind: 'newpromotion', ref_id: x.id, code: x.code, amount: x.amount })),
    ...r.vouchers.map((v) => ({ kind: 'voucher', ref_id: v.id, code: v.code, amount: v.amount })),
    ...r.benefits.map((b) => ({ kind: 'membershipbenefit', ref_id: b.id, code: null, amount: b.amount })),
  ];
  if (log.length > 0) await trx.insertInto('pricing_redemption').values(log.map((l) => ({ ...l, reference: r.reference, member_id: r.member, at: r.at }))).execute();
}
