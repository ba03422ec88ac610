import { requirePrivilege } from '../../http/auth-guard';
import { ok } from '../../http/envelope';
import type { DomainModule } from '../module';
import { registerOutletPricingRoutes } from './routes';
import { uniquePromotionCode } from './form-rules';
import { simulateSale } from './simulate';

import { registerVoucherCodeRoutes, voucherHooks } from './vouchers';
export { allocate, mulDiv, times } from './engine/arithmetic';
export { roundingOf } from './engine/charges';
export { priceBasket, type BasketLine, type PricedBasket, type RoundingRule } from './engine/index';
export { currencyMoney, ruleSet, type OutletInfo, type RuleSet } from './loader';
export { redeem, redemptionOf, type Redemption } from './redeem';
export { Problems, resolveRequest } from './resolve';
export { MAX_LINES, pricingInputs } from './simulate';
export { CODE_ALPHABET } from './voucher-codes';

/** What other modules price with: a basket as of its moment at its outlet (the sale check), the rules, the request's names resolved. */
export { basketInputs, priceBasketAt } from './simulate';
export { ruleSet, type RuleSet } from './loader';
export { resolveRequest, type Resolved } from './resolve';

/** The pricing engine's service: the simulator, voucher codes and redemption, promotion code rules. */
export const pricingModule: DomainModule = {
  name: 'pricing',
  entities: {
    promotion: uniquePromotionCode('promotion'),
    newpromotion: uniquePromotionCode('newpromotion'),
    voucher: voucherHooks,
  },
  routes(app, at) {
    app.post(`${at.legacy}/SimulateSales/AddItem`, { preHandler: requirePrivilege('simulatesales', 'view') }, async (request) => ok(await simulateSale(request)));
    registerVoucherCodeRoutes(app, at.api);
    registerOutletPricingRoutes(app, at.api);
  },
};
