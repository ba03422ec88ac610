import type { AppCommandTerminalStatusesRow } from '../../db/rows.generated';
import { typedDb } from '../../db/types';
import { idOf, idsByCode, insertValid, type Ids, type Seeder } from '../../db/seed/catalogue/insert';
import type { ModuleSeed } from '../../db/seed/index';
import { seedDemoSales } from './demo-sales';
import type { AppContext } from '../../context';

type Key = [label: string, colour: string, product?: string];

/** A café counter's hotkeys: the drinks and bakes rung up most, then the categories and till functions. */
const CAFE_KEYS: Key[] = [
  ['Latte', '#6F4E37', 'COF-LAT-REG'],
  ['Latte L', '#6F4E37', 'COF-LAT-L'],
  ['Cappuccino', '#8B5A2B', 'COF-CAP-REG'],
  ['Americano', '#4B3621', 'COF-002'],
  ['Teh tarik', '#C68E17', 'TEA-TTK-REG'],
  ['Croissant', '#E1A95F', 'PST-001'],
  ['Pain choc', '#E1A95F', 'PST-002'],
  ['Cake slice', '#C2185B', 'CKS-001'],
];

/**
 * The point-of-sale setup around the demo terminals: hotkey pages, the till layout (every outlet's
 * and the mall's own), two payment gateways, the accounting codes of the payment modes, app
 * commands the paired terminals have carried out, and commission rules over the demo sales.
 */
async function seedTerminalSetup(s: Seeder, products: Ids, categories: Ids, outlets: Ids): Promise<void> {
  const p = (code: string) => idOf(products, code);
  const c = (code: string) => idOf(categories, code);
  const o = (code: string) => idOf(outlets, code);
  const productKeys = CAFE_KEYS.map(([label, colour, product], position) => ({
    position,
    label,
    colour,
    action: 'product',
    product: p(product!),
  }));
  const categoryKeys = ['COFFEE', 'PASTRY', 'CAKE-SLICE', 'FOOD'].map((code, i) => ({
    position: productKeys.length + i,
    label: code === 'CAKE-SLICE' ? 'Cakes' : code.charAt(0) + code.slice(1).toLowerCase(),
    colour: '#37474F',
    action: 'category',
    category: c(code),
  }));
  const functionKeys = [
    ['Open drawer', 'openDrawer'],
    ['Hold sale', 'holdSale'],
    ['Member', 'memberLookup'],
  ].map(([label, functionName], i) => ({
    position: productKeys.length + categoryKeys.length + i,
    label,
    colour: '#B0BEC5',
    action: 'function',
    functionName,
  }));
  await insertValid(s, 'hotkey', [
    {
      code: 'CAFE',
      name: 'Café counter',
      rows: 4,
      columns: 6,
      keys: [...productKeys, ...categoryKeys, ...functionKeys],
    },
    {
      code: 'MVM-EXPRESS',
      name: 'Mid Valley express counter',
      outlet: o('MVM'),
      rows: 3,
      columns: 4,
      keys: productKeys.slice(0, 6).map((key, position) => ({ ...key, position })),
    },
  ]);
  await insertValid(s, 'layoutsetup', [
    { cartPanelPercent: '40', buttonSize: 'medium', fontScale: '1' },
    { outlet: o('MVM'), cartPanelPercent: '35', buttonSize: 'large', fontScale: '1.2' },
  ]);
  const gateways = await insertValid(s, 'paymentgateway', [
    {
      code: 'IPAY88',
      name: 'iPay88 cards and FPX',
      provider: 'iPay88',
      merchantId: 'M28175',
      environment: 'sandbox',
      callbackUrl: 'https://shop.backroom.example/pay/ipay88/callback',
      outlets: [...outlets.values()],
    },
    {
      code: 'DUITNOW',
      name: 'DuitNow QR (PayNet)',
      provider: 'PayNet',
      merchantId: 'DN-0042117',
      environment: 'sandbox',
      outlets: [o('BGR'), o('MVM'), o('SS2')],
    },
  ]);
  const modes = await idsByCode(s, 'payment_mode');
  await typedDb(s.db)
    .updateTable('payment_mode')
    .set({ payment_gateway_id: idOf(gateways, 'IPAY88') })
    .where('id', '=', idOf(modes, 'CARD'))
    .execute();
  const refs: [string, string, string][] = [
    ['CASH', 'Xero', '090-CASH'],
    ['CARD', 'Xero', '091-CARD-CLEARING'],
    ['DUITNOW', 'Xero', '092-DUITNOW'],
    ['TNG', 'Xero', '093-TNG'],
    ['CASH', 'GrabFood', 'CASH'],
    ['CARD', 'GrabFood', 'GRABPAY'],
  ];
  await insertValid(
    s,
    'paymentmethodref',
    refs.map(([mode, externalSystem, externalCode]) => ({
      paymentMode: idOf(modes, mode),
      externalSystem,
      externalCode,
    })),
  );
  const roles = await idsByCode(s, 'role');
  await insertValid(s, 'commission', [
    {
      code: 'SALES-2',
      name: '2% of every sale',
      basis: 'sales',
      ratePercent: '2',
      appliesTo: 'all',
      period: 'monthly',
    },
    {
      code: 'CAKE-BONUS',
      name: 'RM0.50 a cake slice',
      basis: 'quantity',
      amount: '0.50',
      appliesTo: 'category',
      category: c('CAKE-SLICE'),
      period: 'daily',
    },
    {
      code: 'MGR-MARGIN',
      name: 'Managers: 1% of the margin',
      basis: 'margin',
      ratePercent: '1',
      appliesTo: 'all',
      ...(roles.has('STORE_MANAGER') ? { role: idOf(roles, 'STORE_MANAGER') } : {}),
      period: 'monthly',
    },
  ]);
  await seedCommands(s);
}

type TillCommandStatus = NonNullable<AppCommandTerminalStatusesRow['status']>;

/** App commands the first counters have carried out, and one still waiting for a till that has not called in. */
async function seedCommands(s: Seeder): Promise<void> {
  const tills = await idsByCode(s, 'point_of_sale');
  const sent: [command: string, days: number, tills: string[], status: TillCommandStatus][] = [
    ['syncCatalogue', -2, ['BGR-POS1', 'MVM-POS1'], 'done'],
    ['uploadLogs', -1, ['MVM-POS1'], 'done'],
    ['clearCache', 0, ['BGR-POS2'], 'pending'],
  ];
  for (const [command, days, targets, status] of sent) {
    const at = new Date(Date.parse(s.now) + days * 86_400_000).toISOString();
    const ids = targets.filter((code) => tills.has(code)).map((code) => idOf(tills, code));
    if (ids.length === 0) continue;
    await insertValid(s, 'appcommand', [{ command, targetTerminals: ids }]);
    const made = await typedDb(s.db)
      .selectFrom('app_command')
      .select('id')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    await typedDb(s.db)
      .insertInto('app_command_terminal_statuses')
      .values(
        ids.map((terminal, i) => ({
          parent_id: made.id,
          line_no: i,
          point_of_sale_id: terminal,
          status,
          updated_on: at,
          message: status === 'done' ? 'OK' : null,
        })),
      )
      .execute();
  }
}

/** Terminals' demo: the point-of-sale setup in the demo seed; 30 days of sales, through the terminal API's path, once it has committed. */
export const terminalsDemoSeed: ModuleSeed = {
  demo: async ({ catalogue }) => {
    if (catalogue)
      await seedTerminalSetup(
        catalogue.seeder,
        catalogue.ids.products,
        catalogue.ids.categories,
        catalogue.ids.outlets,
      );
  },
  demoCommitted: async ({ db, dialect, now, catalogue }) => {
    if (catalogue) await seedDemoSales({ db, dialect } as AppContext, now);
  },
};
