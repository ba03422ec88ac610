import { dayFrom } from './numbers';
import { insertValid, listValueIds, type Ids, type Seeder } from './insert';

/** Added to the list values demo.ts seeds (which stay as they are). */
const MORE_LIST_VALUES: Record<string, [string, string][]> = {
  BRAND: [
    ['KEDAI_EMAS', 'Kedai Emas'],
    ['LADANG_SEGAR', 'Ladang Segar'],
    ['BUKIT_HIJAU', 'Bukit Hijau'],
    ['PASAR_PAGI', 'Pasar Pagi'],
    ['MUTIARA', 'Mutiara'],
    ['SRI_WANGI', 'Sri Wangi'],
    ['HARIMAU', 'Harimau'],
    ['KOPI_KAMPUNG', 'Kopi Kampung'],
    ['TANJUNG', 'Tanjung Dairy'],
    ['ROTI_RUMAH', 'Roti Rumah'],
    ['BACKROOM', 'Backroom House'],
    ['CAHAYA', 'Cahaya Home'],
  ],
  UOM: [
    ['EA', 'Each'],
    ['G', 'Gram'],
    ['ML', 'Millilitre'],
    ['PACK', 'Pack'],
  ],
  COLOUR: [
    ['NAVY', 'Navy'],
    ['GREY', 'Grey'],
    ['BEIGE', 'Beige'],
    ['GREEN', 'Green'],
  ],
  SIZE: [
    ['XS', 'Extra small'],
    ['REG', 'Regular'],
  ],
};

export interface Reference {
  brands: Ids;
  uoms: Ids;
  genders: Ids;
  taxCodes: Ids;
  attributes: Ids;
  currencies: Ids;
}

async function addListValues(s: Seeder): Promise<void> {
  for (const [category, values] of Object.entries(MORE_LIST_VALUES)) {
    const { id } = await s.db
      .selectFrom('list_value_category')
      .select('id')
      .where('code', '=', category)
      .executeTakeFirstOrThrow();
    const { max } = await s.db
      .selectFrom('list_value')
      .select((eb) => eb.fn.max('sort_order').as('max'))
      .where('category_id', '=', id)
      .executeTakeFirstOrThrow();
    const audit = { created_at: s.now, created_by: 'system', updated_at: s.now, updated_by: 'system' };
    await s.db
      .insertInto('list_value')
      .values(
        values.map(([code, name], i) => ({
          category_id: id,
          code,
          name,
          sort_order: Number(max ?? 0) + (i + 1) * 10,
          ...audit,
        })),
      )
      .execute();
  }
}

/** Currencies, rates, tax codes, list values, variant attributes and payment modes. */
export async function seedReference(s: Seeder): Promise<Reference> {
  await addListValues(s);
  const currencies = await insertValid(s, 'currency', [
    { code: 'MYR', name: 'Malaysian ringgit', symbol: 'RM', decimals: 2, isBase: true },
    { code: 'SGD', name: 'Singapore dollar', symbol: 'S$', decimals: 2 },
    { code: 'USD', name: 'US dollar', symbol: 'US$', decimals: 2 },
  ]);
  // The demo company trades in the base currency and the chain's time zone.
  await s.db
    .updateTable('company')
    .set({ base_currency_id: currencies.get('MYR'), timezone: 'Asia/Kuala_Lumpur' })
    .execute();
  const rates: [string, string, string][] = [
    ['SGD', '3.412500', dayFrom(s.now, -60)],
    ['SGD', '3.438200', dayFrom(s.now, -30)],
    ['SGD', '3.451000', dayFrom(s.now, -1)],
    ['USD', '4.472000', dayFrom(s.now, -60)],
    ['USD', '4.415500', dayFrom(s.now, -30)],
    ['USD', '4.398700', dayFrom(s.now, -1)],
  ];
  await insertValid(
    s,
    'exchangerate',
    rates.map(([code, rateToBase, effectiveDate]) => ({ currency: currencies.get(code), rateToBase, effectiveDate })),
  );
  const taxCodes = await insertValid(s, 'gstsetup', [
    { code: 'SST6', name: 'Service tax 6%', ratePercent: '6', inclusiveByDefault: false, effectiveFrom: '2018-09-01' },
    {
      code: 'SST8',
      name: 'Service tax 8%',
      ratePercent: '8',
      inclusiveByDefault: false,
      effectiveFrom: '2024-03-01',
      isDefault: true,
    },
    { code: 'ZR', name: 'Zero-rated', ratePercent: '0', effectiveFrom: '2018-09-01' },
    { code: 'EX', name: 'Exempt', ratePercent: '0', effectiveFrom: '2018-09-01' },
  ]);
  const attributes = await insertValid(s, 'attribute', [
    {
      code: 'SIZE',
      name: 'Size',
      kind: 'list',
      values: [
        ['XS', 'Extra small'],
        ['S', 'Small'],
        ['M', 'Medium'],
        ['L', 'Large'],
        ['XL', 'Extra large'],
        ['REG', 'Regular'],
      ].map(([code, name], i) => ({ code, name, sortOrder: (i + 1) * 10 })),
    },
    {
      code: 'COLOUR',
      name: 'Colour',
      kind: 'list',
      values: ['Black', 'White', 'Navy', 'Grey', 'Beige', 'Red', 'Green'].map((name, i) => ({
        code: name.toUpperCase(),
        name,
        sortOrder: (i + 1) * 10,
      })),
    },
    { code: 'ORIGIN', name: 'Country of origin', kind: 'text' },
  ]);
  await insertValid(s, 'paymentmode', [
    { code: 'CASH', name: 'Cash', kind: 'cash', opensDrawer: true, allowsChange: true, sortOrder: 10 },
    { code: 'CARD', name: 'Visa / Master', kind: 'card', needsReference: true, sortOrder: 20 },
    { code: 'DUITNOW', name: 'DuitNow QR', kind: 'eWallet', needsReference: true, sortOrder: 30 },
    { code: 'TNG', name: "Touch 'n Go eWallet", kind: 'eWallet', needsReference: true, sortOrder: 40 },
  ]);
  return {
    brands: await listValueIds(s, 'BRAND'),
    uoms: await listValueIds(s, 'UOM'),
    genders: await listValueIds(s, 'GENDER'),
    taxCodes,
    attributes,
    currencies,
  };
}
