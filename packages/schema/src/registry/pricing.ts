import { entity, type MenuGroupDef } from './types';

export const pricing: MenuGroupDef = {
  key: 'pricing',
  label: 'Pricing and promotions',
  icon: 'percent',
  screens: [
    entity('promotion', 'Promotions', 'megaphone', { exportProcedure: 'EXP_Promotion' }),
    entity('newpromotion', 'Promotion rules', 'stars', { api: 'promo' }),
    entity('discount', 'Discounts', 'tag', { api: 'Discount' }),
    entity('voucher', 'Vouchers', 'ticket-perforated', { feature: 'vouchers' }),
    entity('surcharge', 'Surcharges', 'plus-slash-minus'),
    entity('gstsetup', 'GST setup', 'receipt'),
    entity('currency', 'Currencies', 'currency-exchange'),
    entity('exchangerate', 'Exchange rates', 'graph-up-arrow'),
    entity('commission', 'Commissions', 'cash-coin', { feature: 'commission' }),
  ],
};
