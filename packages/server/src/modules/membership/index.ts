import { parseScaled } from '@backroom/schema';
import { z } from 'zod';
import { rowAction, type ActionCall, type EntityHook } from '../../data/hooks';
import { typedDb } from '../../db/types';
import { validationError } from '../../http/envelope';
import { parseBody } from '../../http/validate';
import type { DomainModule } from '../module';
import { runMembershipExpiry } from './expiry';
import { registerIntegrationRoutes } from './integration';
import { addMonths, earn, post, saleEarns } from './points';
import { membershipDemoSeed } from './demo-seed';
export { checkAddress, checkTarget, pinnedLookup, send, type Answer, type Target } from './outbound';
export { takeBack } from './points';

const DAY = 24 * 60 * 60 * 1000;

const pointsField = (signed: boolean) =>
  z.union([z.string(), z.number()]).transform((value, ctx) => {
    const parsed = parseScaled(value, 2);
    if (!parsed.ok || (!signed && parsed.value <= 0) || parsed.value === 0) {
      ctx.addIssue({
        code: 'custom',
        message: signed
          ? 'Points must be a number other than 0 with at most 2 decimal places'
          : 'Points must be a number above 0 with at most 2 decimal places',
      });
      return z.NEVER;
    }
    return parsed.value;
  });

const adjustBody = z.object({
  points: pointsField(true),
  reason: z.string().trim().min(1, 'Give the reason for the adjustment').max(100),
});
const redeemBody = z.object({ points: pointsField(false), reference: z.string().trim().max(100).optional() });
const earnBody = z.object({
  spend: z.union([z.string(), z.number()]).transform((value, ctx) => {
    const parsed = parseScaled(value, 2);
    if (!parsed.ok || parsed.value < 0) {
      ctx.addIssue({ code: 'custom', message: 'Spend must be an amount of at least 0' });
      return z.NEVER;
    }
    return parsed.value;
  }),
  reference: z.string().trim().max(100).optional(),
});

function oneMember(call: ActionCall): number {
  if (call.ids.length !== 1) throw validationError([{ field: 'ids', message: 'Give one member' }]);
  return call.ids[0]!;
}

/**
 * Members: `adjustPoints {points (signed), reason}`, `redeemPoints {points, reference}` and
 * `earnPoints {spend, reference}` (a sale recorded by hand: points by the group's rate, spend
 * towards an upgrade) post to the points ledger; a new member without an expiry date gets one from
 * the group's validity months.
 */
/** What a points action answers: the member and the points it moved (negative when taken). */
const pointsMoved = z.object({ member: z.number().int(), points: z.number().int() });

const membershipHooks: EntityHook = {
  async beforeWrite({ trx, action, row, now }) {
    if (action !== 'insert' || row.expiryDate || !row.membershipGroup) return;
    const found = await typedDb(trx)
      .selectFrom('membership_group')
      .select('validity_months')
      .where('id', '=', Number(row.membershipGroup))
      .executeTakeFirst();
    const months = found?.validity_months ?? 0;
    if (months > 0) return { expiry_date: addMonths((row.joinDate as string | null) ?? now.slice(0, 10), months) };
  },
  actions: {
    adjustPoints: rowAction(pointsMoved, async (call) => {
      const member = oneMember(call);
      const { points, reason } = parseBody(adjustBody, call.body);
      await post(
        call.trx,
        { member, kind: 'adjust', points, at: call.now, reason, userName: call.auth.userName },
        call.ctx.dialect,
      );
      return { member, points };
    }),
    redeemPoints: rowAction(pointsMoved, async (call) => {
      const member = oneMember(call);
      const { points, reference } = parseBody(redeemBody, call.body);
      await post(
        call.trx,
        {
          member,
          kind: 'redeem',
          points: -points,
          at: call.now,
          reference: reference ?? null,
          reason: 'Redeemed',
          userName: call.auth.userName,
        },
        call.ctx.dialect,
      );
      return { member, points: -points };
    }),
    earnPoints: rowAction(
      pointsMoved.extend({ group: z.number().int().nullable(), upgraded: z.boolean() }),
      async (call) => {
        const member = oneMember(call);
        const { spend, reference } = parseBody(earnBody, call.body);
        const rate = await typedDb(call.trx)
          .selectFrom('membership as m')
          .innerJoin('membership_group as g', 'g.id', 'm.membership_group_id')
          .select('g.points_per_unit_spent as rate')
          .where('m.id', '=', member)
          .executeTakeFirst();
        // spend in minor units × points per unit (hundredths) / 100 = hundredths of a point, rounded down.
        const points = Number((BigInt(spend) * BigInt(rate?.rate ?? 0)) / 100n);
        const result = await earn(call.trx, call.ctx.dialect, {
          member,
          points,
          spend,
          at: call.now,
          reference: reference ?? null,
          userName: call.auth.userName,
        });
        return { member, points, ...result };
      },
    ),
  },
};

/** Membership: the points ledger, group upgrades, expiry, and the provider integration's connection test. */
export const membershipModule: DomainModule = {
  name: 'membership',
  seed: membershipDemoSeed,
  entities: { membership: membershipHooks },
  jobs: {
    membershipExpiry: {
      privilege: { screen: 'membership', action: 'edit' },
      everyMs: DAY,
      run: ({ server }) => runMembershipExpiry(server),
    },
  },
  on: { 'sale.recorded': saleEarns },
  routes: (app, at) => registerIntegrationRoutes(app, at.api),
};
