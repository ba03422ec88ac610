import type { FastifyRequest } from 'fastify';
import type { EntityHook } from '../../data/hooks';
import { requirePrivilege } from '../../http/auth-guard';
import { ok } from '../../http/envelope';
import type { DomainModule } from '../../modules/module';
import { uniquePromotionCode } from './form-rules';
import { CACHED_ENTITIES, invalidateRules } from './loader';
import { simulateSale } from './simulate';
import { registerVoucherCodeRoutes, voucherHooks } from './vouchers';

const touched = new WeakSet<FastifyRequest>();

/**
 * A write to a rule the loader keeps drops the cached rules at once and again when the response is
 * sent (the write's transaction has committed by then), so no basket is priced with rules read
 * before a change and kept after it.
 */
const dropsCachedRules: EntityHook = {
  async afterWrite({ ctx, request }) {
    invalidateRules(ctx);
    touched.add(request);
  },
};

const cached = Object.fromEntries(CACHED_ENTITIES.map((name) => [name, [dropsCachedRules]])) as Record<string, EntityHook[]>;

/** The pricing engine's service: the simulator, voucher codes and redemption, promotion code rules. */
export const pricingModule: DomainModule = {
  name: 'pricing',
  entities: {
    ...cached,
    promotion: [uniquePromotionCode('promotion'), dropsCachedRules],
    newpromotion: [uniquePromotionCode('newpromotion'), dropsCachedRules],
    voucher: voucherHooks,
  },
  routes(app, at) {
    app.addHook('onResponse', async (request) => {
      if (touched.has(request)) invalidateRules(app.ctx);
    });
    app.post(`${at.legacy}/SimulateSales/AddItem`, { preHandler: requirePrivilege('simulatesales', 'view') }, async (request) => ok(await simulateSale(request)));
    registerVoucherCodeRoutes(app, at.api);
  },
};
