import { requirePrivilege } from '../../http/auth-guard';
import { ok } from '../../http/envelope';
import type { DomainModule } from '../module';
import { uniquePromotionCode } from './form-rules';
import { simulateSale } from './simulate';
import { registerVoucherCodeRoutes, voucherHooks } from './vouchers';

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
  },
};
