import { generateCodes } from './voucher-codes';
import { idOf, idsByCode, insertValid, type Ids, type Seeder } from '../../db/seed/catalogue/insert';
import { dayFrom } from '../../db/seed/catalogue/numbers';
import type { ModuleSeed } from '../../db/seed/index';

const ALWAYS = { validFrom: '2024-01-01' };

/**
 * Something of every pricing kind, so the simulator shows real answers on a fresh start: simple
 * promotions (percent, amount, fixed price; hours, weekdays, a window across midnight, an outlet
 * limit, one ended), promotion rules (buy X get Y, a get product at half price, tiered spend, a
 * members-only and an app-only rule, a usage limit), cashier discounts, vouchers with generated
 * codes, surcharges by channel, member benefits and the terminal's cash rounding.
 */
export async function seedPricing(s: Seeder, products: Ids, categories: Ids, outlets: Ids): Promise<void> {
  const p = (code: string) => idOf(products, code);
  const c = (code: string) => idOf(categories, code);
  const collections = await idsByCode(s, 'collection');
  const groups = await idsByCode(s, 'membership_group');
  const channels = await insertValid(s, 'onlinesaleschannel', [
    { code: 'APP', name: 'Backroom app', kind: 'app', url: 'https://order.backroom.example', feePercent: '0' },
  ]);

  await insertValid(s, 'promotion', [
    {
      code: 'HAPPY-HOUR',
      name: 'Happy hour: 20% off coffee',
      kind: 'percentOff',
      value: '20',
      items: [{ category: c('COFFEE') }],
      ...ALWAYS,
      daysOfWeek: ['mon', 'tue', 'wed', 'thu', 'fri'],
      timeFrom: '15:00',
      timeTo: '17:00',
    },
    {
      code: 'CROISSANT-1',
      name: 'RM1 off every butter croissant',
      kind: 'amountOff',
      value: '1.00',
      items: [{ product: p('PST-001') }],
      ...ALWAYS,
    },
    {
      code: 'CAKE-WEEKEND',
      name: 'Weekend cake slices at RM9.90',
      kind: 'fixedPrice',
      value: '9.90',
      items: [{ category: c('CAKE-SLICE') }],
      ...ALWAYS,
      daysOfWeek: ['sat', 'sun'],
    },
    {
      code: 'NIGHT-OWL',
      name: 'Night owl: 30% off bread, 21:00–01:00',
      kind: 'percentOff',
      value: '30',
      items: [{ category: c('BREAD') }],
      ...ALWAYS,
      timeFrom: '21:00',
      timeTo: '01:00',
    },
    {
      code: 'MERCH-PENANG',
      name: 'Merchandise 15% off in Penang',
      kind: 'percentOff',
      value: '15',
      items: [{ collection: idOf(collections, 'MERCH') }],
      ...ALWAYS,
      outlets: [idOf(outlets, 'GRN')],
    },
    {
      code: 'BREAKFAST-OLD',
      name: 'Last month’s breakfast deal',
      kind: 'percentOff',
      value: '25',
      items: [{ collection: idOf(collections, 'BREAKFAST') }],
      validFrom: dayFrom(s.now, -60),
      validTo: dayFrom(s.now, -30),
    },
  ]);

  await insertValid(s, 'newpromotion', [
    {
      code: 'PASTRY-B2G1',
      name: 'Any 3 pastries, cheapest free (twice a sale)',
      priority: 10,
      ...ALWAYS,
      conditions: [{ kind: 'categories', category: c('PASTRY') }],
      rewards: [{ kind: 'buyXGetY', buyQuantity: '2', getQuantity: '1', maxApplications: 2 }],
    },
    {
      code: 'COFFEE-CAKE',
      name: 'With a coffee, a burnt cheesecake slice at half price',
      priority: 5,
      ...ALWAYS,
      conditions: [{ kind: 'categories', category: c('COFFEE') }],
      rewards: [{ kind: 'buyXGetY', buyQuantity: '1', getQuantity: '1', getProduct: p('CKS-001'), value: '50' }],
    },
    {
      code: 'SPEND-MORE',
      name: 'Spend RM50 save RM5, RM100 save RM12',
      priority: 100,
      stackable: true,
      ...ALWAYS,
      rewards: [
        { kind: 'tieredSpend', spendThreshold: '50.00', value: '5.00' },
        { kind: 'tieredSpend', spendThreshold: '100.00', value: '12.00' },
      ],
    },
    {
      code: 'GOLD-GROCERY',
      name: 'Gold and Platinum: 5% off groceries',
      priority: 50,
      stackable: true,
      ...ALWAYS,
      conditions: [
        { kind: 'categories', category: c('PANTRY') },
        { kind: 'categories', category: c('SNACKS') },
        { kind: 'membershipGroups', membershipGroup: idOf(groups, 'GOLD') },
        { kind: 'membershipGroups', membershipGroup: idOf(groups, 'PLATINUM') },
      ],
      rewards: [{ kind: 'percentOff', value: '5' }],
    },
    {
      code: 'APP-3OFF',
      name: 'App orders over RM30: RM3 off',
      priority: 60,
      ...ALWAYS,
      conditions: [
        { kind: 'minSpend', minSpend: '30.00' },
        { kind: 'channels', channel: idOf(channels, 'APP') },
      ],
      rewards: [{ kind: 'amountOff', value: '3.00', maxApplications: 1 }],
    },
    {
      code: 'FIRST-100',
      name: 'First 100 sales: 15% off snacks',
      priority: 20,
      usageLimit: 100,
      usageLimitPerMember: 1,
      ...ALWAYS,
      conditions: [
        { kind: 'categories', category: c('SNACKS') },
        { kind: 'minQuantity', minQuantity: '2' },
      ],
      rewards: [{ kind: 'percentOff', value: '15', maxAmount: '10.00' }],
    },
  ]);

  await insertValid(s, 'discount', [
    { code: 'STAFF20', name: 'Staff 20%', kind: 'percent', value: '20', appliesTo: 'item' },
    {
      code: 'DAMAGED5',
      name: 'Damaged item RM5',
      kind: 'amount',
      value: '5.00',
      appliesTo: 'item',
      needsManagerApproval: true,
    },
    {
      code: 'BILL10',
      name: '10% off the bill (up to RM20)',
      kind: 'percent',
      value: '10',
      appliesTo: 'bill',
      maxAmount: '20.00',
    },
    {
      code: 'MALL-SENIOR',
      name: 'Senior citizens 5% (mall outlet)',
      kind: 'percent',
      value: '5',
      appliesTo: 'bill',
      outlets: [idOf(outlets, 'MVM')],
    },
  ]);

  const vouchers = await insertValid(s, 'voucher', [
    {
      code: 'WELCOME5',
      name: 'Welcome RM5 (spend RM20)',
      kind: 'amount',
      value: '5.00',
      minSpend: '20.00',
      usageLimit: 1000,
    },
    {
      code: 'FESTIVE10',
      name: 'Festive 10% single-use codes',
      kind: 'percent',
      value: '10',
      validFrom: dayFrom(s.now, -7),
      validTo: dayFrom(s.now, 60),
    },
    { code: 'EXPIRED3', name: 'Last year’s RM3', kind: 'amount', value: '3.00', validTo: dayFrom(s.now, -200) },
  ]);
  await generateCodes(s.db, idOf(vouchers, 'FESTIVE10'), 20, s.now, 'system');

  await insertValid(s, 'surcharge', [
    { code: 'SERVICE10', name: 'Service charge 10%', kind: 'percent', value: '10', appliesTo: 'dineIn', taxable: true },
    { code: 'DELIVERY', name: 'Delivery fee', kind: 'amount', value: '5.00', appliesTo: 'delivery' },
    { code: 'BAG', name: 'Paper bag', kind: 'amount', value: '0.20', appliesTo: 'takeaway' },
  ]);

  await insertValid(s, 'membershipbenefit', [
    {
      membershipGroup: idOf(groups, 'SILVER'),
      kind: 'birthdayVoucher',
      value: '10',
      conditions: 'In the birthday month, once a year',
    },
    { membershipGroup: idOf(groups, 'GOLD'), kind: 'pointsMultiplier', value: '1.5' },
    {
      membershipGroup: idOf(groups, 'GOLD'),
      kind: 'birthdayVoucher',
      value: '20',
      conditions: 'In the birthday month, once a year',
    },
    { membershipGroup: idOf(groups, 'PLATINUM'), kind: 'pointsMultiplier', value: '2' },
    {
      membershipGroup: idOf(groups, 'PLATINUM'),
      kind: 'freeItem',
      product: p('PST-001'),
      conditions: 'One butter croissant a visit',
    },
  ]);

  await insertValid(s, 'posterminalsettings', [
    { roundingRule: 'nearest0.05', maxDiscountWithoutApproval: '15', offlineSellingAllowed: true, idleLockMinutes: 5 },
  ]);
}

/** Pricing's demo rows: promotions and vouchers on the demo catalogue. */
export const pricingDemoSeed: ModuleSeed = {
  demo: async ({ catalogue }) => {
    if (catalogue)
      await seedPricing(catalogue.seeder, catalogue.ids.products, catalogue.ids.categories, catalogue.ids.outlets);
  },
};
