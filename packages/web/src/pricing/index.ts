import type { WebModule } from '../screens/webModule';

/** Pricing: a voucher's single-use codes, a promotion or rule tried on past sales, outlet pricing, simulate sales. */
export const pricingModule: WebModule = {
  name: 'pricing',
  formActions: { voucher: [() => import('./VoucherCodesAction')] },
  draftActions: { promotion: [() => import('./WhatIfAction')], newpromotion: [() => import('./WhatIfAction')] },
  singles: {
    outletpricing: () => import('./OutletPricingScreen'),
    simulatesales: () => import('./simulate/SimulateSalesScreen'),
  },
};
