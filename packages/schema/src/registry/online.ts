import { DAYS_OF_WEEK, field as f } from './fields';
import { entity, model, type MenuGroupDef } from './types';

const feature = 'onlineOrdering' as const;
const code = f.code();
const name = f.name();
const active = { hasIsActive: true } as const;
const weeklyHours = () =>
  f.children({
    dayOfWeek: f.enum(DAYS_OF_WEEK, { required: true }),
    timeFrom: f.time({ required: true }),
    timeTo: f.time({ required: true }),
  });

export const WEBHOOK_EVENTS = [
  'product.changed',
  'product.deleted',
  'price.changed',
  'stock.changed',
  'order.created',
  'order.updated',
  'order.status_changed',
  'sale.created',
  'member.changed',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const ONLINE_ORDER_STATUSES = ['new', 'accepted', 'preparing', 'ready', 'completed', 'cancelled'] as const;
export type OnlineOrderStatus = (typeof ONLINE_ORDER_STATUSES)[number];

/** The actions of an online order: the statuses each may start from and the status it leads to (the server enforces them; the console offers them). */
export const ONLINE_ORDER_ACTIONS = {
  accept: { from: ['new'], to: 'accepted' },
  prepare: { from: ['accepted'], to: 'preparing' },
  ready: { from: ['preparing'], to: 'ready' },
  complete: { from: ['ready'], to: 'completed' },
  cancel: { from: ['new', 'accepted', 'preparing', 'ready'], to: 'cancelled' },
} as const satisfies Record<string, { from: readonly OnlineOrderStatus[]; to: OnlineOrderStatus }>;
export type OnlineOrderAction = keyof typeof ONLINE_ORDER_ACTIONS;

export const online: MenuGroupDef = {
  key: 'online',
  label: 'Online ordering',
  icon: 'globe',
  screens: [
    entity('onlinesaleschannel', 'Sales channels', 'broadcast', {
      table: 'online_sales_channel',
      feature,
      ...active,
      fields: {
        code,
        name,
        kind: f.enum(['web', 'app', 'marketplace'], { required: true }),
        url: f.url({ label: 'URL' }),
        feePercent: f.percent({ label: 'Fee (%)' }),
        orderKey: f.secret({
          label: 'Order key',
          help: 'The channel sends it in the X-Channel-Key header of every order it places (at least 16 characters).',
        }),
      },
    }),
    entity('orderingmenu', 'Ordering menus', 'journal-richtext', {
      table: 'ordering_menu',
      feature,
      ...active,
      fields: {
        code,
        name,
        channels: f.refs('onlinesaleschannel'),
        outlets: f.refs('outlet'),
        availabilitySchedule: weeklyHours(),
        sections: f.children({
          name,
          sortOrder: f.int({ min: 0 }),
          items: f.children({
            product: f.ref('product', { required: true }),
            displayName: f.text({ maxLength: 100 }),
            priceOverride: f.money(),
            image: f.image(),
            available: f.bool({ default: true }),
          }),
        }),
      },
    }),
    entity('onlinemenusetup', 'Online menu setup', 'phone', {
      api: 'onlinemenu',
      feature,
      table: 'online_menu_setup',
      defaultSort: 'channel',
      dropdown: { label: 'channel' },
      fields: {
        channel: f.ref('onlinesaleschannel', { required: true, unique: true }),
        orderingMenu: f.ref('orderingmenu', { required: true }),
        logo: f.image(),
        primaryColour: f.colour(),
        accentColour: f.colour(),
        welcomeText: f.longtext({ maxLength: 1000 }),
        publishedAt: f.datetime({ readOnly: true }),
      },
    }),
    entity('orderingsetup', 'Ordering setup', 'clock', {
      api: 'outletorderingsetting',
      feature,
      table: 'ordering_setup',
      defaultSort: 'outlet',
      dropdown: { label: 'outlet' },
      fields: {
        outlet: f.ref('outlet', { required: true, unique: true }),
        pickup: f.bool({ default: true }),
        delivery: f.bool(),
        leadTimeMinutes: f.int({ min: 0, max: 10080 }),
        minimumOrder: f.money(),
        deliveryFee: f.money(),
        serviceHours: weeklyHours(),
      },
    }),
    entity('bannerdisplay', 'Banners', 'image', {
      table: 'banner_display',
      feature,
      ...active,
      defaultSort: 'sortOrder',
      ranges: [['validFrom', 'validTo']],
      fields: {
        title: f.text({ required: true, maxLength: 100 }),
        image: f.image({ required: true }),
        link: f.url(),
        channel: f.ref('onlinesaleschannel'),
        sortOrder: f.int({ min: 0 }),
        validFrom: f.date(),
        validTo: f.date(),
      },
    }),
    entity('onlinesalesorder', 'Online orders', 'bag-check', {
      feature,
      table: 'online_sales_order',
      defaultSort: '-orderNo',
      dropdown: { label: 'orderNo' },
      searchFields: ['orderNo', 'customerName', 'customerPhone'],
      palette: { fields: ['orderNo'], exact: ['orderNo'] },
      listColumns: ['orderNo', 'channel', 'outlet', 'customerName', 'total', 'status', 'paymentStatus'],
      fields: {
        orderNo: f.text({ readOnly: true, unique: true, maxLength: 30, label: 'Order no.' }),
        channel: f.ref('onlinesaleschannel', { required: true }),
        outlet: f.ref('outlet', { required: true }),
        customerName: f.text({ maxLength: 100 }),
        customerPhone: f.phone(),
        customerAddress: f.longtext({ maxLength: 500 }),
        items: f.children({
          product: f.ref('product', { required: true }),
          name: f.text({ maxLength: 200 }),
          quantity: f.quantity({ required: true, min: '0.001' }),
          unitPrice: f.money({ required: true }),
          lineTotal: f.money({ readOnly: true }),
          remarks: f.text({ maxLength: 200 }),
        }),
        subtotal: f.money({ readOnly: true }),
        fees: f.money(),
        total: f.money({ readOnly: true }),
        fulfilment: f.enum(['pickup', 'delivery'], { readOnly: true }),
        notes: f.longtext({ maxLength: 500 }),
        status: f.enum(ONLINE_ORDER_STATUSES, { readOnly: true, default: 'new' }),
        cancelReason: f.lv('CANCEL_REASON', { readOnly: true }),
        paymentStatus: f.enum(['unpaid', 'paid', 'refunded'], { default: 'unpaid' }),
      },
    }),
    entity('posorderintegration', 'Order integrations', 'diagram-2', {
      feature,
      table: 'pos_order_integration',
      dropdown: { label: 'source' },
      defaultSort: 'source',
      fields: {
        source: f.text({ required: true, maxLength: 50, help: 'The delivery platform.' }),
        outlet: f.ref('outlet'),
        endpoint: f.url(),
        credentials: f.secret({ address: 'endpoint' }),
        autoAccept: f.bool(),
        enabled: f.bool({ default: true }),
      },
    }),
    entity('webhook', 'Webhooks', 'send', {
      fields: {
        name,
        url: f.url({ required: true, label: 'URL' }),
        events: f.enum(WEBHOOK_EVENTS, { required: true, multiple: true }),
        secret: f.secret({ help: 'Signs each delivery (HMAC-SHA256 header).', address: 'url' }),
        enabled: f.bool({ default: true }),
        consecutiveFailures: f.int({
          readOnly: true,
          min: 0,
          help: 'Deliveries failed in a row; 20 turn the webhook off.',
        }),
      },
    }),
    entity('guestbook', 'Guest book', 'journal-text', {
      table: 'guest_book',
      defaultSort: '-visitAt',
      dropdown: { label: 'visitorName' },
      searchFields: ['visitorName', 'phone'],
      fields: {
        outlet: f.ref('outlet', { required: true }),
        visitorName: f.text({ required: true, maxLength: 100 }),
        phone: f.phone(),
        visitAt: f.datetime({ required: true }),
        pax: f.int({ min: 1, max: 1000 }),
        remarks: f.longtext({ maxLength: 1000 }),
      },
    }),
  ],
  entities: [
    model('webhookdelivery', 'Webhook deliveries', {
      readOnly: true,
      permission: 'webhook',
      table: 'webhook_delivery',
      defaultSort: '-id',
      dropdown: { label: 'event' },
      fields: {
        webhook: f.ref('webhook', { required: true }),
        event: f.text({ required: true, maxLength: 50 }),
        payload: f.json(),
        status: f.enum(['pending', 'delivered', 'failed'], { required: true }),
        attempts: f.int({ min: 0 }),
        nextAttemptAt: f.datetime(),
        lastAttemptAt: f.datetime(),
        responseStatus: f.int(),
        responseBody: f.longtext({ maxLength: 1024, help: 'The first 1 KB of the answer, or why there was none.' }),
        durationMs: f.int({ min: 0, label: 'Duration (ms)' }),
      },
    }),
  ],
};
