import { simulateSalesResult } from '@backroom/schema';
import { requirePrivilege } from '../../http/auth-guard';
import { ok } from '../../http/envelope';
import type { DomainModule } from '../module';
import { RULE_SET_TABLES } from './cache';
import { pricingDemoSeed } from './demo-seed';
import { registerOutletPricingRoutes } from './routes';
import { uniquePromotionCode } from './form-rules';
import { simulateSale } from './simulate';
import { registerVoucherCodeRoutes, voucherHooks } from './vouchers';
import { WHAT_IF_JOB, whatIfJob } from './what-if';
import { registerWhatIfRoutes } from './what-if-routes';
import { documented } from '../../http/openapi-contract';
export { allocate, mulDiv, mulDivFloor, times } from './engine/arithmetic';
export { roundingOf } from './engine/charges';
export {
  localTime,
  priceBasket,
  type Basket,
  type BasketLine,
  type ChannelKind,
  type PricedBasket,
  type PricedLine,
  type PricingData,
  type ProductInput,
  type RoundingRule,
} from './engine/index';
export { currencyMoney, ruleSet, type OutletInfo, type RuleSet } from './loader';
export { redeemSale, redemptionOf, type Redemption } from './redeem';
export { heldUses, hold, release, type HoldOutcome, type WantedUse } from './holds';
export { Problems, resolveRequest, type Resolved } from './resolve';
/** A basket as of its moment at its outlet: the prices in force then there (the sale check prices with it). */
export { MAX_LINES, basketInputs, priceBasketAt, pricingInputs } from './simulate';
export { CODE_ALPHABET, findVoucherCodes } from './voucher-codes';

/** The pricing engine's service: the simulator, voucher codes and redemption, promotion code rules, the what-if over past sales. */
export const pricingModule: DomainModule = {
  name: 'pricing',
  entities: {
    promotion: uniquePromotionCode('promotion'),
    newpromotion: uniquePromotionCode('newpromotion'),
    voucher: voucherHooks,
  },
  jobs: { [WHAT_IF_JOB]: whatIfJob },
  caches: { pricing: RULE_SET_TABLES },
  seed: pricingDemoSeed,
  routes(app, at) {
    app.post(
      `${at.legacy}/SimulateSales/AddItem`,
      {
        ...documented({
          summary: 'Price a basket as the pricing engine would at a sale',
          description:
            '`at`, the moment priced, is an ISO 8601 date and time: without an offset (`2026-03-01T14:30`) the ' +
            'outlet’s wall clock, with one (`2026-03-01T14:30+08:00`, `Z`) that instant; absent, now. Refusals ' +
            'are worded for the console’s Simulate sales screen.',
          answer: simulateSalesResult,
        }),
        preHandler: requirePrivilege('simulatesales', 'view'),
      },
      async (request) => ok(await simulateSale(request)),
    );
    registerVoucherCodeRoutes(app, at.api);
    registerWhatIfRoutes(app, at.api);
    registerOutletPricingRoutes(app, at.api);
  },
};
