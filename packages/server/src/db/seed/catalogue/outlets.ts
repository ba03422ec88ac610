import { getEntity } from '@backroom/schema';
import { idOf, insertValid, type Ids, type Seeder } from './insert';

const OUTLETS = [
  {
    code: 'BGR',
    name: 'Bangsar',
    group: 'KV',
    address: '12 Jalan Telawi 3, Bangsar Baru, 59100 Kuala Lumpur',
    phone: '+60 3-2282 1010',
  },
  {
    code: 'MVM',
    name: 'Mid Valley',
    group: 'KV',
    address: 'LG-045 Mid Valley Megamall, 59200 Kuala Lumpur',
    phone: '+60 3-2938 2020',
  },
  {
    code: 'SS2',
    name: 'Petaling Jaya SS2',
    group: 'KV',
    address: '38 Jalan SS 2/55, 47300 Petaling Jaya, Selangor',
    phone: '+60 3-7875 3030',
  },
  {
    code: 'GRN',
    name: 'Penang Gurney',
    group: 'NTH',
    address: '170-G-21 Gurney Plaza, 10250 George Town, Pulau Pinang',
    phone: '+60 4-228 4040',
  },
];

export interface Outlets {
  outlets: Ids;
  locations: Ids;
}

/** Two outlet groups, four outlets, a warehouse and a store location per outlet, two terminals each. */
export async function seedOutlets(s: Seeder, currencies: Ids): Promise<Outlets> {
  const groups = await insertValid(s, 'outletgroup', [
    { code: 'KV', name: 'Klang Valley' },
    { code: 'NTH', name: 'Northern region' },
  ]);
  const outlets = await insertValid(
    s,
    'outlet',
    OUTLETS.map((o) => ({
      code: o.code,
      name: o.name,
      outletGroup: idOf(groups, o.group),
      address: o.address,
      phone: o.phone,
      timezone: 'Asia/Kuala_Lumpur',
      currency: idOf(currencies, 'MYR'),
      taxRegistrationNo: `W10-1808-3200${OUTLETS.indexOf(o) + 1}`,
      openingHours: o.group === 'KV' ? 'Daily 7:30–22:00' : 'Daily 8:00–22:00',
    })),
  );
  const locationGroups = await insertValid(s, 'inventorylocationgroup', [
    { code: 'WAREHOUSES', name: 'Warehouses' },
    { code: 'STORES', name: 'Store rooms' },
  ]);
  const locations = await insertValid(s, 'inventorylocation', [
    {
      code: 'WH-SHA',
      name: 'Central warehouse, Shah Alam',
      kind: 'warehouse',
      inventoryLocationGroup: idOf(locationGroups, 'WAREHOUSES'),
      address: 'Lot 7, Jalan Pelabur 23/1, Seksyen 23, 40300 Shah Alam, Selangor',
    },
    { code: 'TRANSIT', name: 'In transit', kind: 'transit' },
    ...OUTLETS.map((o) => ({
      code: `ST-${o.code}`,
      name: `${o.name} store room`,
      kind: 'store',
      outlet: idOf(outlets, o.code),
      inventoryLocationGroup: idOf(locationGroups, 'STORES'),
    })),
  ]);
  // Outlets and locations refer to each other: the outlet's default location comes second.
  const column = getEntity('outlet').fields.find((f) => f.name === 'defaultInventoryLocation')!.column;
  for (const o of OUTLETS)
    await s.db
      .updateTable('outlet')
      .set({ [column]: idOf(locations, `ST-${o.code}`) })
      .where('id', '=', idOf(outlets, o.code))
      .execute();

  await insertValid(
    s,
    'pointofsale',
    OUTLETS.flatMap((o) =>
      [1, 2].map((n) => ({
        code: `${o.code}-POS${n}`,
        name: `${o.name} counter ${n}`,
        outlet: idOf(outlets, o.code),
        deviceId: `DEMO-${o.code}-${String(n).padStart(2, '0')}`,
        receiptHeader: `Backroom Demo Retail — ${o.name}\n${o.address}`,
        receiptFooter: 'Thank you! Terima kasih!',
      })),
    ),
  );
  return { outlets, locations };
}
