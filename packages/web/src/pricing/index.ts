import type { WebModule } from '../screens/webModule';

/** Pricing: a voucher's single-use codes, outlet pricing, simulate sales. */
export const pricingModule: WebModule = {
  name: 'pricing',
  formActions: { voucher: [() => import('./VoucherCodesAction')] },
  singles: {
    outletpricing: () => import('./OutletPricingScreen'),
    simulatesales: () => import('./simulate/SimulateSalesScreen'),
  },
};
