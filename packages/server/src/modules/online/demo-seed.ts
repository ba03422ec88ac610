import { getEntity, type OnlineOrderAction } from '@backroom/schema';
import type { FastifyRequest } from 'fastify';
import { SERVER_FIELD_GROUPS } from '../../data/field-groups';
import type { AppContext } from '../../context';
import { allowedOutlets } from '../../data/access';
import { idOf, insertValid, type Ids, type Seeder } from '../../db/seed/catalogue/insert';
import { dayFrom, seededRandom } from '../../db/seed/catalogue/numbers';
import type { CommittedDemo, DemoFiles, ModuleSeed } from '../../db/seed/index';
import { demoBanner } from './demo-banners';
import { actingUser } from '../../jobs/acting-user';
import { publish } from './menu';
import { order } from './order';
import { placeOrder, type PlaceBody } from './place';
import { orderActions } from './transitions';

/** The demo storefront's address (no such site: the demo makes no outbound calls). */
const STOREFRONT = 'https://shop.backroom.example';
const EVERY_DAY = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
const hours = (from: string, to: string) => EVERY_DAY.map((dayOfWeek) => ({ dayOfWeek, timeFrom: from, timeTo: to }));

/** The ordering menu's sections and their items, by product code. */
const SECTIONS: [string, string[]][] = [
  ['Coffee & tea', ['COF-LAT-REG', 'COF-LAT-L', 'COF-CAP-REG', 'COF-002', 'COF-004', 'TEA-TTK-REG']],
  ['Pastries & bread', ['PST-001', 'PST-002', 'PST-003', 'BRD-001', 'BRD-002']],
  ['Breakfast & mains', ['FOD-001', 'FOD-002', 'FOD-003', 'FOD-011']],
  ['Cakes', ['CKS-001']],
];

/**
 * The online side of the demo chain: a web shop beside the app channel, each outlet's ordering
 * setup, the all-day ordering menu both channels publish, banners, delivery-platform integrations,
 * webhooks (switched off: the demo calls nobody) and a few guest-book visits.
 */
async function seedOnlineSetup(s: Seeder, products: Ids, outlets: Ids, files: DemoFiles): Promise<void> {
  const p = (code: string) => idOf(products, code);
  const o = (code: string) => idOf(outlets, code);
  const web = await insertValid(s, 'onlinesaleschannel', [
    { code: 'WEB', name: 'Backroom web shop', kind: 'web', url: STOREFRONT, feePercent: '0' },
  ]);
  const app = await s.db.selectFrom('online_sales_channel').select('id').where('code', '=', 'APP').executeTakeFirst();
  const channels = [idOf(web, 'WEB'), ...(app ? [Number(app.id)] : [])];
  await insertValid(s, 'orderingsetup', [
    {
      outlet: o('BGR'),
      pickup: true,
      delivery: true,
      leadTimeMinutes: 20,
      minimumOrder: '15.00',
      deliveryFee: '6.00',
      serviceHours: hours('08:00', '21:30'),
    },
    { outlet: o('MVM'), pickup: true, delivery: false, leadTimeMinutes: 15, serviceHours: hours('10:00', '21:30') },
    {
      outlet: o('SS2'),
      pickup: true,
      delivery: true,
      leadTimeMinutes: 25,
      minimumOrder: '20.00',
      deliveryFee: '5.00',
      serviceHours: hours('08:00', '21:00'),
    },
    { outlet: o('GRN'), pickup: true, delivery: false, leadTimeMinutes: 20, serviceHours: hours('09:00', '21:30') },
  ]);
  const menus = await insertValid(s, 'orderingmenu', [
    {
      code: 'ALL-DAY',
      name: 'All-day menu',
      channels,
      outlets: [...outlets.values()],
      availabilitySchedule: hours('08:00', '21:30'),
      sections: SECTIONS.map(([name, codes], i) => ({
        name,
        sortOrder: (i + 1) * 10,
        items: codes.map((code) => ({ product: p(code), available: true })),
      })),
    },
    {
      code: 'BREAKFAST',
      name: 'Breakfast until 11',
      channels: [idOf(web, 'WEB')],
      outlets: [o('BGR'), o('SS2')],
      availabilitySchedule: hours('08:00', '11:00'),
      sections: [
        {
          name: 'Breakfast sets',
          sortOrder: 10,
          items: ['FOD-001', 'FOD-002', 'PST-001', 'COF-CAP-REG'].map((code) => ({ product: p(code) })),
        },
      ],
    },
  ]);
  await insertValid(
    s,
    'onlinemenusetup',
    channels.map((channel, i) => ({
      channel,
      orderingMenu: idOf(menus, 'ALL-DAY'),
      primaryColour: i === 0 ? '#6F4E37' : '#1F6F5B',
      accentColour: '#F2C14E',
      welcomeText: 'Freshly baked every morning: order ahead and skip the queue.',
    })),
  );
  await insertValid(s, 'bannerdisplay', [
    {
      title: 'Weekend brunch for two',
      image: await demoBanner(files, '#6F4E37', '#F2C14E'),
      link: `${STOREFRONT}/menu/breakfast`,
      channel: idOf(web, 'WEB'),
      sortOrder: 10,
      validFrom: dayFrom(s.now, -7),
      validTo: dayFrom(s.now, 30),
    },
    {
      title: 'Happy hour: 20% off coffee, 3–5 pm',
      image: await demoBanner(files, '#1F6F5B', '#9AD0B5'),
      link: `${STOREFRONT}/menu/coffee`,
      sortOrder: 20,
    },
    {
      title: 'Festive cookie hampers',
      image: await demoBanner(files, '#8C1C13', '#F2C14E'),
      sortOrder: 30,
      validFrom: dayFrom(s.now, 20),
      validTo: dayFrom(s.now, 60),
    },
  ]);
  await insertValid(s, 'posorderintegration', [
    {
      source: 'GrabFood',
      outlet: o('BGR'),
      endpoint: 'https://partner-api.grab.example/food/orders',
      autoAccept: true,
    },
    { source: 'foodpanda', outlet: o('SS2'), endpoint: 'https://partner.foodpanda.example/v2/orders' },
    { source: 'ShopeeFood', outlet: o('MVM'), endpoint: 'https://open.shopeefood.example/orders', enabled: false },
  ]);
  await insertValid(s, 'webhook', [
    {
      name: 'Web shop stock and prices',
      url: `${STOREFRONT}/hooks/backroom`,
      events: ['stock.changed', 'product.changed', 'product.deleted', 'price.changed'],
      enabled: false,
    },
    {
      name: 'Kitchen display: new orders',
      url: 'https://kds.backroom.example/orders',
      events: ['order.created', 'order.status_changed'],
      enabled: false,
    },
  ]);
  const visitors: [string, string, string | null, number, number, string | null][] = [
    ['BGR', 'Nurul Aina', '+60 12-338 4471', -6, 4, 'Birthday cake pick-up'],
    ['BGR', 'Daniel Lim', null, -3, 2, null],
    ['MVM', 'Priya Raman', '+60 16-702 1188', -5, 6, 'Office breakfast order, asked for invoice'],
    ['MVM', 'Tan Wei Jie', '+60 11-2345 9087', -1, 3, null],
    ['SS2', 'Aaron Chong', null, -2, 2, 'Left an umbrella'],
    ['SS2', 'Siti Hajar', '+60 19-443 2210', 0, 5, 'Reserved the corner table'],
    ['GRN', 'Marcus Teoh', '+60 4-226 7781', -4, 8, 'Tour group'],
    ['GRN', 'Lee Mei Ling', null, -1, 2, null],
  ];
  await insertValid(
    s,
    'guestbook',
    visitors.map(([outlet, visitorName, phone, days, pax, remarks], i) => ({
      outlet: o(outlet),
      visitorName,
      phone,
      visitAt: `${dayFrom(s.now, days)}T${String(2 + (i % 9)).padStart(2, '0')}:15:00.000Z`,
      pax,
      remarks,
    })),
  );
}

interface DemoOrder {
  /** Hours before the seed the customer ordered. */
  hoursAgo: number;
  channel: 'WEB' | 'APP';
  outlet: string;
  customer: PlaceBody['customer'];
  items: [string, number][];
  fulfilment: 'pickup' | 'delivery';
  notes?: string;
  /** The staff actions taken since, in order. */
  actions: OnlineOrderAction[];
  reason?: string;
}

const DONE: OnlineOrderAction[] = ['accept', 'prepare', 'ready', 'complete'];
const HOME = (street: string) => `${street}, 59100 Kuala Lumpur`;

/** Orders of the last three days, oldest first, in every status an order goes through. */
const ORDERS: DemoOrder[] = [
  {
    hoursAgo: 70,
    channel: 'WEB',
    outlet: 'BGR',
    customer: { name: 'Farah Iskandar', phone: '+60 12-771 3301', address: HOME('7 Lorong Maarof') },
    items: [
      ['COF-LAT-REG', 2],
      ['PST-001', 2],
    ],
    fulfilment: 'delivery',
    actions: DONE,
  },
  {
    hoursAgo: 52,
    channel: 'APP',
    outlet: 'MVM',
    customer: { name: 'Jason Ooi', phone: '+60 17-332 8080' },
    items: [
      ['FOD-003', 1],
      ['COF-CAP-REG', 1],
    ],
    fulfilment: 'pickup',
    actions: DONE,
  },
  {
    hoursAgo: 49,
    channel: 'WEB',
    outlet: 'SS2',
    customer: { name: 'Kavitha Subramaniam', phone: '+60 16-220 1945' },
    // Three: two slices at the weekend price (RM9.90, CAKE-WEEKEND) are under SS2's RM20 minimum.
    items: [['CKS-001', 3]],
    fulfilment: 'pickup',
    notes: 'Please write "Happy birthday Amma" on the box',
    actions: DONE,
  },
  {
    hoursAgo: 30,
    channel: 'APP',
    outlet: 'GRN',
    customer: { name: 'Ong Boon Keat', phone: '+60 4-229 1133' },
    items: [
      ['TEA-TTK-REG', 3],
      ['PST-002', 3],
    ],
    fulfilment: 'pickup',
    actions: ['accept', 'cancel'],
    reason: 'OUT_OF_STOCK',
  },
  {
    hoursAgo: 26,
    channel: 'WEB',
    outlet: 'BGR',
    customer: { name: 'Hafiz Rahman', phone: '+60 13-551 0402', address: HOME('22 Jalan Kemuja') },
    items: [
      ['FOD-001', 2],
      ['COF-002', 2],
    ],
    fulfilment: 'delivery',
    actions: DONE,
  },
  {
    hoursAgo: 22,
    channel: 'WEB',
    outlet: 'SS2',
    customer: { name: 'Grace Yap', phone: '+60 12-903 4417' },
    items: [
      ['BRD-001', 2],
      ['FOD-002', 1],
    ],
    fulfilment: 'pickup',
    actions: ['cancel'],
    reason: 'CUSTOMER',
  },
  {
    hoursAgo: 5,
    channel: 'APP',
    outlet: 'MVM',
    customer: { name: 'Ahmad Zulkifli', phone: '+60 19-880 2231' },
    items: [
      ['COF-LAT-L', 2],
      ['PST-003', 1],
    ],
    fulfilment: 'pickup',
    actions: ['accept', 'prepare', 'ready'],
  },
  {
    hoursAgo: 3,
    channel: 'WEB',
    outlet: 'BGR',
    customer: { name: 'Michelle Tan', phone: '+60 11-1020 3344', address: HOME('3 Jalan Ara') },
    items: [
      ['FOD-011', 1],
      ['COF-004', 1],
    ],
    fulfilment: 'delivery',
    notes: 'Leave with the guard house',
    actions: ['accept', 'prepare', 'ready'],
  },
  {
    hoursAgo: 2,
    channel: 'APP',
    outlet: 'GRN',
    customer: { name: 'Yeoh Kah Wai', phone: '+60 12-448 9021' },
    items: [
      ['COF-CAP-REG', 2],
      ['PST-001', 2],
    ],
    fulfilment: 'pickup',
    actions: ['accept', 'prepare'],
  },
  {
    hoursAgo: 1.5,
    channel: 'WEB',
    outlet: 'SS2',
    customer: { name: 'Ravi Chandran', phone: '+60 16-330 7765', address: '14 Jalan SS 2/24, 47300 Petaling Jaya' },
    items: [
      ['FOD-002', 2],
      ['COF-LAT-REG', 2],
    ],
    fulfilment: 'delivery',
    actions: ['accept', 'prepare'],
  },
  {
    hoursAgo: 1,
    channel: 'APP',
    outlet: 'BGR',
    customer: { name: 'Chloe Ng', phone: '+60 17-665 2290' },
    items: [['PST-002', 4]],
    fulfilment: 'pickup',
    actions: ['accept'],
  },
  {
    hoursAgo: 0.75,
    channel: 'WEB',
    outlet: 'MVM',
    customer: { name: 'Irfan Hakimi', phone: '+60 13-202 1187' },
    items: [
      ['TEA-TTK-REG', 2],
      ['FOD-003', 2],
    ],
    fulfilment: 'pickup',
    actions: ['accept'],
  },
  {
    hoursAgo: 0.4,
    channel: 'APP',
    outlet: 'SS2',
    customer: { name: 'Wong Siew Ling', phone: '+60 12-776 5432' },
    items: [
      ['CKS-001', 2],
      ['COF-LAT-REG', 1],
    ],
    fulfilment: 'pickup',
    actions: [],
  },
  {
    hoursAgo: 0.25,
    channel: 'WEB',
    outlet: 'BGR',
    customer: { name: 'Nadia Aziz', phone: '+60 11-3344 0021', address: HOME('18 Jalan Bangkung') },
    items: [
      ['COF-LAT-REG', 3],
      ['PST-001', 3],
    ],
    fulfilment: 'delivery',
    notes: 'Oat milk please',
    actions: [],
  },
  {
    hoursAgo: 0.1,
    channel: 'APP',
    outlet: 'GRN',
    customer: { name: 'Lim Jia Hui', phone: '+60 4-261 0909' },
    items: [['COF-002', 1]],
    fulfilment: 'pickup',
    actions: [],
  },
];

/**
 * The demo storefront's orders, each placed through `placeOrder` (the Place route's own path:
 * priced by the engine, numbered, reserving its goods, `order.created` queued) and moved along by
 * the store manager through the order actions (stock taken at `complete`, `order.status_changed`),
 * each in its own transaction as a real order would be; then both channels' menus are published
 * (`publish`), so the storefront's menu JSON is served.
 */
export async function seedDemoOrders({ db, dialect, now }: CommittedDemo): Promise<number> {
  const ctx = { db, dialect } as AppContext;
  const channels = new Map(
    (await db.selectFrom('online_sales_channel').select(['id', 'code']).execute()).map((c) => [
      String(c.code),
      { id: c.id, code: String(c.code) },
    ]),
  );
  const auth = await actingUser(db, 'manager');
  const request = { server: { ctx }, auth } as unknown as FastifyRequest;
  // The manager's outlets are read before any transaction: SQLite's one connection is the transaction's.
  await allowedOutlets(request);
  const random = seededRandom(20_241_112);
  let placed = 0;
  for (const demo of ORDERS) {
    const channel = channels.get(demo.channel);
    if (!channel) continue;
    const start = Date.parse(now) - demo.hoursAgo * 3_600_000;
    const answer = await placeOrder(
      ctx,
      channel,
      {
        outlet: demo.outlet,
        customer: demo.customer,
        items: demo.items.map(([product, quantity]) => ({ product, quantity })),
        fulfilment: demo.fulfilment,
        ...(demo.notes ? { notes: demo.notes } : {}),
      },
      { at: new Date(start).toISOString() },
    );
    if (!answer) continue;
    placed++;
    // Each step a few minutes after the last, never later than the seed's time.
    let at = start;
    for (const action of demo.actions) {
      at = Math.min(at + (3 + Math.floor(random() * 12)) * 60_000, Date.parse(now));
      const when = new Date(at).toISOString();
      await db.transaction().execute((trx) =>
        orderActions[action].run({
          ctx,
          trx,
          auth,
          entity: order,
          now: when,
          request,
          ids: [answer.id],
          body: action === 'cancel' ? { reason: demo.reason ?? 'CUSTOMER' } : {},
          fieldGroups: SERVER_FIELD_GROUPS,
        }),
      );
    }
  }
  // The storefront's menus, published as the manager would once the morning's orders are in.
  const setups = await db.selectFrom('online_menu_setup').select('id').orderBy('id').execute();
  if (setups.length > 0)
    await db.transaction().execute((trx) =>
      publish.run({
        ctx,
        trx,
        auth,
        entity: getEntity('onlinemenusetup'),
        now,
        request,
        ids: setups.map((m) => m.id),
        body: {},
        fieldGroups: SERVER_FIELD_GROUPS,
      }),
    );
  return placed;
}

/** Online ordering's demo: the setup in the demo seed, the storefront's orders once it has committed. */
export const onlineDemoSeed: ModuleSeed = {
  demo: async ({ catalogue, files }) => {
    if (catalogue) await seedOnlineSetup(catalogue.seeder, catalogue.ids.products, catalogue.ids.outlets, files);
  },
  demoCommitted: async (demo) => {
    if (demo.catalogue) await seedDemoOrders(demo);
  },
};
