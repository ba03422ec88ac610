import { field as f } from './fields';
import { entity, list, model, single, type MenuGroupDef } from './types';

export const SALE_KINDS = ['sale', 'return'] as const;
export type SaleKind = (typeof SALE_KINDS)[number];

/** What became of a voucher code a terminal sale presented. */
export const SALE_VOUCHER_STATUSES = ['redeemed', 'alreadyUsed', 'notApplied', 'overRedeemed'] as const;

/** What a reserved use became: held for the basket, confirmed by its sale, or released (expired, replaced or not used by the sale). */
export const RESERVED_USE_STATES = ['held', 'confirmed', 'released'] as const;

/** Where a sale was made: the store channels the pricing engine knows, or an online sales channel. */
export const SALE_CHANNELS = ['store', 'dineIn', 'takeaway', 'delivery', 'online'] as const;

/**
 * Why what the till charged differs from what the pricing engine expects: a unit price, the
 * promotions and vouchers on a line, a cashier's discount (or one above the approval limit given
 * without an approver), a voucher or limited rule used past its limit offline, an item the engine
 * cannot price, or the sale's charges beyond its lines (tax, surcharges, rounding).
 */
export const DIFFERENCE_REASONS = [
  'price',
  'promotion',
  'discount',
  'discountOverLimit',
  'overRedeemed',
  'unknownItem',
  'charges',
] as const;
export type DifferenceReason = (typeof DIFFERENCE_REASONS)[number];

const code = f.code();
const name = f.name();
const active = { hasIsActive: true } as const;

export const pos: MenuGroupDef = {
  key: 'pos',
  label: 'Point of sale',
  icon: 'pc-display-horizontal',
  screens: [
    entity('pointofsale', 'Terminals', 'display', {
      table: 'point_of_sale',
      ...active,
      fields: {
        code,
        name,
        outlet: f.ref('outlet', { required: true }),
        deviceId: f.text({ unique: true, maxLength: 100, label: 'Device id' }),
        receiptHeader: f.longtext({ maxLength: 1000 }),
        receiptFooter: f.longtext({ maxLength: 1000 }),
        hotkey: f.ref('hotkey', { label: 'Hotkey layout' }),
        lastSeenAt: f.datetime({ readOnly: true }),
        appVersion: f.text({ readOnly: true, maxLength: 30 }),
        lastSyncAt: f.datetime({ readOnly: true }),
        unsentTransactions: f.int({ readOnly: true }),
      },
    }),
    single('posterminalsettings', 'Terminal settings', 'gear', {
      table: 'pos_terminal_settings',
      fields: {
        roundingRule: f.enum(['none', 'nearest0.05', 'nearest0.10', 'nearest0.50', 'nearest1.00'], { default: 'none' }),
        receiptOptions: f.enum(
          ['printByDefault', 'emailReceipt', 'showTaxBreakdown', 'showSavings', 'showMemberPoints'],
          { multiple: true },
        ),
        offlineSellingAllowed: f.bool({ default: true }),
        shiftRequired: f.bool({ label: 'Shift open/close required' }),
        maxDiscountWithoutApproval: f.percent({ label: 'Max discount without approval (%)' }),
        idleLockMinutes: f.int({ min: 0, max: 240, default: 5 }),
      },
    }),
    single('terminalstatus', 'Terminal status', 'activity'),
    entity('appcommand', 'App commands', 'terminal', {
      table: 'app_command',
      api: 'AppCommand',
      defaultSort: '-id',
      listColumns: ['id', 'command', 'createdAt', 'createdBy'],
      dropdown: { label: 'command' },
      fields: {
        command: f.enum(['syncCatalogue', 'uploadLogs', 'restartApp', 'clearCache'], { required: true }),
        targetTerminals: f.refs('pointofsale', { required: true }),
        terminalStatuses: f.children(
          {
            pointOfSale: f.ref('pointofsale', { required: true, label: 'Terminal' }),
            status: f.enum(['pending', 'delivered', 'done', 'failed'], { default: 'pending' }),
            updatedOn: f.datetime(),
            message: f.text({ maxLength: 500 }),
          },
          { readOnly: true },
        ),
      },
    }),
    entity('hotkey', 'Hotkeys', 'keyboard', {
      api: 'Hotkey',
      ...active,
      fields: {
        code,
        name,
        outlet: f.ref('outlet'),
        rows: f.int({ min: 1, max: 20, default: 4 }),
        columns: f.int({ min: 1, max: 20, default: 6 }),
        keys: f.children({
          position: f.int({ required: true, min: 0, unique: ['parentId'] }),
          label: f.text({ required: true, maxLength: 30 }),
          colour: f.colour(),
          action: f.enum(['product', 'category', 'function'], { required: true }),
          product: f.ref('product'),
          category: f.ref('category'),
          functionName: f.text({ maxLength: 50 }),
        }),
      },
    }),
    single('layoutsetup', 'Layout setup', 'layout-wtf', {
      table: 'layout_setup',
      fields: {
        outlet: f.ref('outlet', { unique: true, help: 'Blank for every outlet without its own layout.' }),
        cartPanelPercent: f.percent({ scale: 0, min: 20, max: 80, default: 40, label: 'Cart panel width (%)' }),
        buttonSize: f.enum(['small', 'medium', 'large'], { default: 'medium' }),
        fontScale: f.decimal({ min: '0.5', max: '3', default: '1' }),
      },
    }),
    entity('paymentmode', 'Payment modes', 'wallet2', {
      table: 'payment_mode',
      ...active,
      fields: {
        code,
        name,
        kind: f.enum(['cash', 'card', 'eWallet', 'voucher', 'account'], {
          required: true,
          valueLabels: { eWallet: 'E-wallet' },
        }),
        opensDrawer: f.bool(),
        allowsChange: f.bool(),
        needsReference: f.bool(),
        paymentGateway: f.ref('paymentgateway'),
        sortOrder: f.int({ min: 0 }),
      },
    }),
    entity('paymentmethodref', 'Payment method references', 'link-45deg', {
      table: 'payment_method_ref',
      defaultSort: 'externalSystem',
      dropdown: { label: ['externalSystem', 'externalCode'] },
      fields: {
        paymentMode: f.ref('paymentmode', { required: true, unique: ['externalSystem'] }),
        externalSystem: f.text({ required: true, maxLength: 50 }),
        externalCode: f.text({ required: true, maxLength: 50 }),
      },
    }),
    entity('paymentgateway', 'Payment gateways', 'credit-card', {
      table: 'payment_gateway',
      ...active,
      fields: {
        code,
        name,
        provider: f.text({ required: true, maxLength: 50 }),
        merchantId: f.text({ maxLength: 100, label: 'Merchant id' }),
        apiKey: f.secret({ label: 'API key' }),
        environment: f.enum(['sandbox', 'live'], { required: true, default: 'sandbox' }),
        callbackUrl: f.url({ label: 'Callback URL' }),
        outlets: f.refs('outlet'),
      },
    }),
    single('simulatesales', 'Simulate sales', 'calculator'),
    single('commissionreport', 'Commission report', 'graph-up-arrow', { feature: 'commission' }),
    list('saledifference', 'Price differences', 'exclamation-diamond', {
      table: 'sale_difference',
      readOnly: true,
      systemFields: false,
      defaultSort: '-day',
      dropdown: { label: 'day' },
      searchFields: ['reference'],
      listColumns: [
        'day',
        'outlet',
        'terminal',
        'cashier',
        'sale',
        'product',
        'reason',
        'expected',
        'charged',
        'difference',
      ],
      fields: {
        sale: f.ref('sale', { required: true }),
        outlet: f.ref('outlet', { required: true }),
        terminal: f.ref('pointofsale', { required: true }),
        cashier: f.ref('user', { labelField: 'userName' }),
        day: f.date({ required: true, help: "The sale's date at its outlet." }),
        lineNo: f.int({ min: 0, help: 'The sale line; blank: the sale as a whole.' }),
        product: f.ref('product'),
        reason: f.enum(DIFFERENCE_REASONS, {
          required: true,
          valueLabels: {
            discountOverLimit: 'Discount over the approval limit',
            overRedeemed: 'Over-redeemed',
            unknownItem: 'Unknown item',
            charges: 'Tax, surcharges and rounding',
          },
        }),
        reference: f.text({ maxLength: 100, help: 'What it concerns: a discount, voucher code or rule.' }),
        expected: f.money({ signed: true, indexed: false, help: 'As the pricing engine expects it.' }),
        charged: f.money({ signed: true, indexed: false, help: 'As the till charged it.' }),
        difference: f.money({
          signed: true,
          indexed: false,
          help: 'Charged less expected: above zero the customer paid more than expected.',
        }),
      },
    }),
    list('sale', 'Sales', 'receipt', {
      readOnly: true,
      defaultSort: '-at',
      dropdown: { label: 'receiptNo' },
      searchFields: ['receiptNo'],
      listColumns: ['at', 'receiptNo', 'outlet', 'terminal', 'cashier', 'total', 'expectedTotal', 'priceDifference'],
      fields: {
        outlet: f.ref('outlet', { required: true }),
        terminal: f.ref('pointofsale', { required: true }),
        receiptNo: f.text({ required: true, maxLength: 50, unique: ['terminal'], label: 'Receipt no.' }),
        at: f.datetime({ required: true }),
        cashier: f.ref('user'),
        member: f.ref('membership'),
        kind: f.enum(SALE_KINDS, { required: true, default: 'sale' }),
        originalReceiptNo: f.text({
          maxLength: 50,
          label: 'Original receipt no.',
          help: 'A return: the receipt it returns goods from.',
        }),
        originalSale: f.ref('sale', { label: 'Original sale', help: 'A return: the sale it returns goods from.' }),
        channel: f.enum(SALE_CHANNELS, { valueLabels: { dineIn: 'Dine in' } }),
        onlineChannel: f.ref('onlinesaleschannel', { label: 'Online channel' }),
        subtotal: f.money({ signed: true, help: 'The lines at the prices the till charged, before reductions.' }),
        discountTotal: f.money({ signed: true, help: 'What the till took off the lines.' }),
        taxTotal: f.money({ signed: true, help: 'As the till charged it.' }),
        total: f.money({ signed: true, indexed: false, help: 'As the till charged it.' }),
        expectedTotal: f.money({
          signed: true,
          indexed: false,
          help: 'As the pricing engine prices the sale at its own time.',
        }),
        priceDifference: f.bool({
          help: 'What the till charged differs from what the pricing engine expects (see Price differences).',
        }),
        pointsEarned: f.decimal({ signed: true }),
      },
    }),
  ],
  entities: [
    model('saleline', 'Sale lines', {
      readOnly: true,
      systemFields: false,
      permission: 'sale',
      table: 'sale_line',
      defaultSort: 'sale',
      dropdown: { label: 'product' },
      listColumns: ['product'],
      fields: {
        sale: f.ref('sale', { required: true }),
        lineNo: f.int({ required: true, min: 0 }),
        product: f.ref('product', { required: true }),
        quantity: f.quantity({ required: true, signed: true, help: 'Negative on a return.' }),
        returnedQuantity: f.quantity({
          label: 'Returned',
          help: 'A sale line: how much of it returns have taken back so far.',
        }),
        bundle: f.ref('bundle', {
          help: 'A component of this bundle: the line carries its share of what the bundle was charged.',
        }),
        unitPrice: f.money({ help: 'As the till charged it.' }),
        discount: f.money({
          signed: true,
          help: 'What the till took off the line: promotions, discounts, its share of bill discounts and vouchers.',
        }),
        lineTotal: f.money({ signed: true, help: 'As the till charged it.' }),
        tax: f.money({ signed: true, help: "The line's tax as the till charged it." }),
        taxInclusive: f.bool({ help: 'The line total includes its tax.' }),
        expectedUnitPrice: f.money({ help: "As the pricing engine prices it at the sale's time." }),
        unitCost: f.money({
          group: 'costs',
          indexed: false,
          help: 'Cost per unit when sold: the average cost at the sale’s location, else the cost price.',
        }),
        expectedLineTotal: f.money({ signed: true, help: "As the pricing engine prices it at the sale's time." }),
      },
    }),
    model('salediscount', 'Sale discounts', {
      readOnly: true,
      systemFields: false,
      permission: 'sale',
      table: 'sale_discount',
      defaultSort: 'sale',
      dropdown: { label: 'discount' },
      listColumns: ['discount'],
      fields: {
        sale: f.ref('sale', { required: true }),
        lineNo: f.int({ min: 0, help: 'The line it was given on; blank: a bill discount.' }),
        discount: f.ref('discount', { required: true }),
        amount: f.money({ required: true, help: 'What the till took off for it.' }),
        needsApproval: f.bool({
          help: "Flagged for a manager, or above the terminal settings' limit without approval.",
        }),
        approvedBy: f.ref('user', { labelField: 'userName' }),
      },
    }),
    model('salereservation', 'Sale reservations', {
      readOnly: true,
      permission: 'sale',
      table: 'sale_reservation',
      defaultSort: '-createdAt',
      dropdown: { label: 'receiptNo' },
      listColumns: ['createdAt', 'terminal', 'receiptNo'],
      fields: {
        terminal: f.ref('pointofsale', { required: true }),
        receiptNo: f.text({ required: true, maxLength: 50, label: 'Receipt no.' }),
        expiresAt: f.datetime({ required: true }),
        sale: f.ref('sale', { readOnly: true, help: 'The sale that confirmed it.' }),
      },
    }),
    model('salereservationuse', 'Reserved uses', {
      readOnly: true,
      systemFields: false,
      permission: 'sale',
      table: 'sale_reservation_use',
      defaultSort: 'reservation',
      dropdown: { label: 'code' },
      listColumns: ['reservation', 'code', 'state'],
      fields: {
        reservation: f.ref('salereservation', { required: true }),
        kind: f.enum(['rule', 'voucher'], { required: true }),
        rule: f.ref('newpromotion', { readOnly: true }),
        voucher: f.ref('voucher', { readOnly: true }),
        voucherCode: f.ref('vouchercode', { readOnly: true, help: 'A single-use code: held on its own row as well.' }),
        code: f.text({ required: true, maxLength: 60, help: "The rule's code or the voucher code as stored." }),
        counted: f.bool({ help: "The hold is counted in the rule's or voucher's times held (it has a usage limit)." }),
        expiresAt: f.datetime({ required: true }),
        state: f.enum(RESERVED_USE_STATES, { required: true }),
      },
    }),
    model('salepayment', 'Sale payments', {
      readOnly: true,
      systemFields: false,
      permission: 'sale',
      table: 'sale_payment',
      defaultSort: 'sale',
      dropdown: { label: 'paymentMode' },
      listColumns: ['paymentMode'],
      fields: {
        sale: f.ref('sale', { required: true }),
        paymentMode: f.ref('paymentmode', { required: true }),
        amount: f.money({ required: true, signed: true }),
        reference: f.text({ maxLength: 100 }),
      },
    }),
    model('salevoucher', 'Sale vouchers', {
      readOnly: true,
      systemFields: false,
      permission: 'sale',
      table: 'sale_voucher',
      defaultSort: 'sale',
      dropdown: { label: 'code' },
      listColumns: ['code'],
      fields: {
        sale: f.ref('sale', { required: true }),
        code: f.text({ required: true, maxLength: 40 }),
        amount: f.money({ help: 'What the voucher took off the sale.' }),
        status: f.enum(SALE_VOUCHER_STATUSES, {
          required: true,
          help: 'alreadyUsed: the code had been used; the sale was kept without it. overRedeemed: the sale took it past its limit (made without a reservation).',
        }),
      },
    }),
  ],
};
