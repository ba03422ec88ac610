import { field as f } from './fields';
import { entity, model, type MenuGroupDef } from './types';

const code = f.code();
const name = f.name();
const active = { hasIsActive: true } as const;
/** A percent or an amount, read by the row's `kind`: "10.00" is 10 % or 10.00 of the base currency; a percent is at most 100. */
const value = (percentKinds: readonly string[], required = false) =>
  f.decimal({
    required,
    help: 'A percent or an amount, as the kind says.',
    percentWhen: { field: 'kind', values: percentKinds },
  });
/** How many sales used it: kept by the redemption of each sale, never written by a form. */
const timesUsed = f.int({ readOnly: true, default: 0, help: 'Sales that used it so far.' });
/** Uses held for baskets at a till that asked (`pointofsale/Reserve`), until they are paid or expire. */
const timesHeld = f.int({ readOnly: true, default: 0, help: 'Uses held for baskets at a till, not paid yet.' });
/** Uses past its limit by sales made without a reservation (offline): counted in times used as well. */
const overRedeemed = f.int({
  readOnly: true,
  default: 0,
  label: 'Over-redeemed',
  help: 'Uses past its limit by sales made offline (counted in times used).',
});
const validity = { ranges: [['validFrom', 'validTo']] as const };

export const pricing: MenuGroupDef = {
  key: 'pricing',
  label: 'Pricing and promotions',
  icon: 'percent',
  screens: [
    entity('promotion', 'Promotions', 'megaphone', {
      exportProcedure: 'EXP_Promotion',
      ...active,
      ...validity,
      fields: {
        code,
        name,
        kind: f.enum(['percentOff', 'amountOff', 'fixedPrice'], { required: true }),
        value: value(['percentOff']),
        items: f.children(
          {
            product: f.ref('product'),
            category: f.ref('category'),
            collection: f.ref('collection'),
          },
          { help: 'Each row names a product, a category or a collection.' },
        ),
        validFrom: f.date({ required: true }),
        validTo: f.date(),
        daysOfWeek: f.daysOfWeek({ help: 'Blank for every day.' }),
        timeFrom: f.time(),
        timeTo: f.time(),
        outlets: f.refs('outlet'),
      },
    }),
    entity('newpromotion', 'Promotion rules', 'stars', {
      table: 'promotion_rule',
      api: 'promo',
      ...active,
      ...validity,
      defaultSort: 'priority',
      fields: {
        code,
        name,
        description: f.longtext(),
        priority: f.int({ default: 0, help: 'Lower runs first.' }),
        stackable: f.bool(),
        usageLimit: f.int({ min: 1, help: 'Blank for no limit.' }),
        usageLimitPerMember: f.int({ min: 1 }),
        timesUsed,
        timesHeld,
        overRedeemed,
        validFrom: f.date({ required: true }),
        validTo: f.date(),
        outlets: f.refs('outlet'),
        conditions: f.children({
          kind: f.enum(
            ['items', 'categories', 'collections', 'minQuantity', 'minSpend', 'membershipGroups', 'channels'],
            { required: true },
          ),
          product: f.ref('product'),
          category: f.ref('category'),
          collection: f.ref('collection'),
          membershipGroup: f.ref('membershipgroup'),
          channel: f.ref('onlinesaleschannel'),
          minQuantity: f.quantity(),
          minSpend: f.money(),
        }),
        rewards: f.children({
          kind: f.enum(['percentOff', 'amountOff', 'fixedPrice', 'buyXGetY', 'tieredSpend'], { required: true }),
          value: value(['percentOff', 'buyXGetY']),
          buyQuantity: f.quantity(),
          getQuantity: f.quantity(),
          getProduct: f.ref('product'),
          spendThreshold: f.money(),
          maxAmount: f.money(),
          maxApplications: f.int({ min: 1, help: 'Blank: as many times as the basket allows.' }),
        }),
      },
    }),
    entity('discount', 'Discounts', 'tag', {
      api: 'Discount',
      ...active,
      fields: {
        code,
        name,
        kind: f.enum(['percent', 'amount'], { required: true }),
        value: value(['percent'], true),
        appliesTo: f.enum(['item', 'bill'], { required: true, default: 'item' }),
        maxAmount: f.money(),
        needsManagerApproval: f.bool(),
        outlets: f.refs('outlet'),
      },
    }),
    entity('voucher', 'Vouchers', 'ticket-perforated', {
      feature: 'vouchers',
      ...active,
      ...validity,
      fields: {
        code,
        name,
        kind: f.enum(['amount', 'percent'], { required: true }),
        value: value(['percent'], true),
        minSpend: f.money(),
        validFrom: f.date(),
        validTo: f.date(),
        usageLimit: f.int({ min: 1 }),
        timesUsed,
        timesHeld,
        overRedeemed,
      },
    }),
    entity('surcharge', 'Surcharges', 'plus-slash-minus', {
      ...active,
      fields: {
        code,
        name,
        kind: f.enum(['percent', 'amount'], { required: true }),
        value: value(['percent'], true),
        appliesTo: f.enum(['dineIn', 'takeaway', 'delivery', 'online'], {
          valueLabels: { dineIn: 'Dine-in', online: 'Online channel' },
        }),
        taxable: f.bool(),
        outlets: f.refs('outlet'),
      },
    }),
    entity('gstsetup', 'GST setup', 'receipt', {
      table: 'gst_setup',
      ...active,
      fields: {
        code,
        name,
        ratePercent: f.percent({ required: true, scale: 3, label: 'Rate (%)' }),
        inclusiveByDefault: f.bool(),
        effectiveFrom: f.date(),
        isDefault: f.bool({ exclusive: true }),
      },
    }),
    entity('currency', 'Currencies', 'currency-exchange', {
      ...active,
      fields: {
        code: f.code({
          maxLength: 3,
          pattern: '^[A-Z]{3}$',
          patternMessage: 'Code must be three capital letters, such as MYR',
        }),
        name,
        symbol: f.text({ maxLength: 10 }),
        decimals: f.int({ min: 0, max: 4, default: 2 }),
        isBase: f.bool({ exclusive: true, label: 'Base currency' }),
      },
    }),
    entity('exchangerate', 'Exchange rates', 'graph-up-arrow', {
      table: 'exchange_rate',
      defaultSort: '-effectiveDate',
      dropdown: { label: ['currency', 'effectiveDate'] },
      fields: {
        currency: f.ref('currency', { required: true, unique: ['effectiveDate'] }),
        rateToBase: f.decimal({ required: true, scale: 6, min: '0.000001', label: 'Rate to base' }),
        effectiveDate: f.date({ required: true }),
      },
    }),
    entity('commission', 'Commissions', 'cash-coin', {
      feature: 'commission',
      ...active,
      fields: {
        code,
        name,
        basis: f.enum(['sales', 'margin', 'quantity'], { required: true }),
        ratePercent: f.percent({ label: 'Rate (%)' }),
        amount: f.money(),
        appliesTo: f.enum(['all', 'category', 'product'], { required: true, default: 'all' }),
        category: f.ref('category'),
        product: f.ref('product'),
        role: f.ref('role'),
        users: f.refs('user'),
        period: f.enum(['daily', 'monthly'], { required: true, default: 'monthly' }),
      },
    }),
  ],
  entities: [
    model('vouchercode', 'Voucher codes', {
      readOnly: true,
      permission: 'voucher',
      table: 'voucher_code',
      searchFields: ['code'],
      fields: {
        voucher: f.ref('voucher', { required: true }),
        code: f.code({ maxLength: 40 }),
        redeemedAt: f.datetime(),
        redeemedReference: f.text({ maxLength: 100 }),
        heldBy: f.ref('salereservation', {
          readOnly: true,
          label: 'Held by',
          help: 'The basket at a till that holds the code until it is paid or the hold expires.',
        }),
        heldUntil: f.datetime({ readOnly: true }),
      },
    }),
  ],
};
