import { idOf, insertValid, type Ids, type Seeder } from './insert';
import { dayFrom } from './numbers';

/** Mall and Penang outlets charge a little more for café drinks and food: product code → outlet code → price. */
const OUTLET_PRICES: Record<string, Record<string, string>> = {
  'COF-002': { MVM: '9.00', GRN: '9.50' },
  'COF-004': { MVM: '11.50', GRN: '12.00' },
  'COF-LAT-REG': { MVM: '11.50', GRN: '12.00' },
  'COF-LAT-L': { MVM: '13.50', GRN: '14.00' },
  'COF-CAP-REG': { MVM: '11.00', GRN: '11.50' },
  'TEA-TTK-REG': { GRN: '4.00' },
  'FOD-003': { MVM: '15.90', GRN: '13.90' },
  'FOD-011': { MVM: '28.90' },
  'PST-001': { MVM: '6.50' },
  'CKS-001': { MVM: '15.90', GRN: '15.90' },
  'BEV-008': { MVM: '2.50' },
};

/** Bundles, collections, stock templates, future prices and outlet price overrides. */
export async function seedMerchandising(s: Seeder, products: Ids, outlets: Ids): Promise<void> {
  const p = (code: string) => idOf(products, code);
  const allOutlets = [...outlets.values()];
  await insertValid(s, 'bundle', [
    {
      code: 'BND-BRKFST2',
      name: 'Breakfast for Two',
      price: '24.90',
      validFrom: dayFrom(s.now, -30),
      items: [
        { product: p('PST-001'), quantity: '2' },
        { product: p('COF-CAP-REG'), quantity: '2' },
      ],
      outlets: allOutlets,
    },
    {
      code: 'BND-PANTRY',
      name: 'Pantry Starter Pack',
      price: '59.90',
      validFrom: dayFrom(s.now, -10),
      validTo: dayFrom(s.now, 80),
      items: ['RCE-001', 'SAU-001', 'SAU-012', 'SAU-015', 'CAN-006'].map((code) => ({
        product: p(code),
        quantity: '1',
      })),
      outlets: [idOf(outlets, 'BGR'), idOf(outlets, 'SS2')],
    },
    {
      code: 'BND-HAMPER',
      name: 'Festive Cookie Hamper',
      price: '88.00',
      validFrom: dayFrom(s.now, 20),
      validTo: dayFrom(s.now, 60),
      items: [
        { product: p('SNK-009'), quantity: '2' },
        { product: p('SNK-014'), quantity: '1' },
        { product: p('BEV-001'), quantity: '1' },
      ],
      outlets: allOutlets,
    },
  ]);
  await insertValid(s, 'collection', [
    {
      code: 'BESTSELLERS',
      name: 'Bestsellers',
      description: 'What our customers buy most',
      products: ['PST-001', 'COF-LAT-REG', 'CKS-001', 'BRD-001', 'FOD-003', 'TEA-TTK-REG'].map((code) => ({
        product: p(code),
      })),
    },
    {
      code: 'BREAKFAST',
      name: 'Breakfast favourites',
      description: 'Served until 11 am',
      products: ['FOD-001', 'FOD-002', 'FOD-011', 'PST-002', 'SET-001', 'SET-002'].map((code) => ({
        product: p(code),
      })),
    },
    {
      code: 'MERCH',
      name: 'Backroom House merchandise',
      products: ['APP-TEE', 'APP-POLO', 'APP-HOOD', 'APP-CAP', 'ACC-001', 'ACC-003'].map((code) => ({
        product: p(code),
      })),
    },
  ]);
  await insertValid(s, 'stocktemplate', [
    {
      code: 'DAILY-BAKERY',
      name: 'Daily bakery delivery',
      items: ['BRD-001', 'BRD-002', 'BRD-003', 'BRD-010', 'PST-001', 'PST-002', 'PST-003', 'PST-008', 'PST-010'].map(
        (code, i) => ({ product: p(code), defaultQty: String(i < 4 ? 12 : 24) }),
      ),
    },
    {
      code: 'WEEKLY-DAIRY',
      name: 'Weekly dairy order',
      items: ['DRY-001', 'DRY-002', 'DRY-007', 'DRY-013', 'DRY-014'].map((code) => ({
        product: p(code),
        defaultQty: '24',
      })),
    },
  ]);
  await insertValid(s, 'futureproductprice', [
    // Already due: the future-price job applies it on its next run.
    { product: p('PST-001'), newPrice: '6.20', effectiveDate: dayFrom(s.now, -1) },
    { product: p('COF-004'), outlet: idOf(outlets, 'BGR'), newPrice: '11.50', effectiveDate: dayFrom(s.now, 14) },
    { product: p('RCE-001'), newPrice: '34.50', effectiveDate: dayFrom(s.now, 30) },
  ]);
  await insertValid(
    s,
    'outletprice',
    Object.entries(OUTLET_PRICES).flatMap(([code, prices]) =>
      Object.entries(prices).map(([outlet, price]) => ({ product: p(code), outlet: idOf(outlets, outlet), price })),
    ),
  );
}
