import { entities, findEntity, type PaletteHit } from '@backroom/schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { ALL, roleKit } from '../support/roles';
import { useOnlineWorld, type Row } from '../online/support';

const w = useOnlineWorld({ users: ['admin', 'cashier'] });

const search = async (q: string, token = w.tokens.admin) => {
  const res = await w.get<PaletteHit[]>(`/Search?q=${encodeURIComponent(q)}`, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
const of = (hits: PaletteHit[], entity: string) => hits.filter((h) => h.entity === entity);

let tote: Row;
let memberA: Row;
let memberB: Row;
let orderA: Row;
let orderB: Row;
let limited: string;
beforeAll(async () => {
  const channel = await w.newChannel();
  const [outletA, outletB] = [await w.newOutlet(), await w.newOutlet()];
  tote = await w.newProduct({
    code: 'PAL-1',
    name: 'Saffron Canvas Tote',
    barcode: '9550001110001',
    trackStock: false,
    alternateBarcodes: [{ barcode: '9550001110002', quantityPerUnit: '6.000' }],
  });
  const member = findEntity('membership')!;
  memberA = await w.builder.insert(member, {
    memberNo: 'PM-A',
    name: 'Aminah',
    phone: '0129990001',
    outlet: outletA.id,
  });
  memberB = await w.builder.insert(member, {
    memberNo: 'PM-B',
    name: 'Bakar',
    phone: '0129990002',
    outlet: outletB.id,
  });
  const place = async (outlet: number) => {
    const res = await w.place(channel.key, {
      outlet,
      customer: { name: 'Chan', phone: '0120000000' },
      items: [{ product: tote.id, quantity: 1 }],
      fulfilment: 'pickup',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  orderA = await place(outletA.id);
  orderB = await place(outletB.id);
  const roles = roleKit(w);
  const manager = await roles.newRole('STORE_MANAGER', { membership: ALL, onlinesalesorder: ALL });
  limited = (await roles.signedInUser(manager, { outlets: [outletA.id] })).accessToken;
});

describe('the command palette search (GET api/Search)', () => {
  it('finds a product by part of its name, its barcode or an alternate barcode, titled by its dropdown label', async () => {
    const title = 'PAL-1 - Saffron Canvas Tote';
    expect(of(await search('affron can'), 'product')).toEqual([{ entity: 'product', id: tote.id, title }]);
    expect(of(await search('9550001110001'), 'product')).toEqual([{ entity: 'product', id: tote.id, title }]);
    expect(of(await search('9550001110002'), 'product')).toEqual([{ entity: 'product', id: tote.id, title }]);
    expect(of(await search('saffron zzz'), 'product')).toEqual([]);
  });

  it('puts a whole code first, before codes that only contain it', async () => {
    // Made first, so an index read in row order meets them before the whole code.
    const longer = [];
    for (const n of [0, 1, 2, 3, 4, 5])
      longer.push((await w.newProduct({ code: `PLX-1${n}`, name: `Longer code ${n}` })).id);
    const whole = await w.newProduct({ code: 'PLX-1', name: 'Whole code' });
    const hits = of(await search('PLX-1'), 'product');
    expect(hits).toHaveLength(5);
    expect(hits[0]!.id).toBe(whole.id);
    for (const hit of hits.slice(1)) expect(longer).toContain(hit.id);
  });

  it('finds members by number or phone and orders by number', async () => {
    expect(of(await search('0129990002'), 'membership').map((h) => h.id)).toEqual([memberB.id]);
    expect(of(await search('PM-A'), 'membership').map((h) => h.id)).toEqual([memberA.id]);
    expect(of(await search(orderB.orderNo as string), 'onlinesalesorder').map((h) => h.id)).toEqual([orderB.id]);
  });

  it('gives a cashier no users, and an administrator the users matching', async () => {
    expect(of(await search('cashier'), 'user').map((h) => h.title)).toContain('Casey Cashier');
    const cashier = await search('cashier', w.tokens.cashier);
    expect(of(cashier, 'user')).toEqual([]);
    expect(
      of(cashier, 'product').length + of(await search('affron', w.tokens.cashier), 'product').length,
    ).toBeGreaterThan(0);
  });

  it('gives a manager limited to one outlet no member or order of another outlet', async () => {
    expect(of(await search('0129990001', limited), 'membership').map((h) => h.id)).toEqual([memberA.id]);
    expect(of(await search('0129990002', limited), 'membership')).toEqual([]);
    expect(of(await search(orderA.orderNo as string, limited), 'onlinesalesorder').map((h) => h.id)).toEqual([
      orderA.id,
    ]);
    expect(of(await search(orderB.orderNo as string, limited), 'onlinesalesorder')).toEqual([]);
  });

  it('answers the entities in the registry’s order, whichever is found first', async () => {
    const mug = await w.newProduct({ name: 'Hotline 0129990001 mug' });
    const hits = await search('0129990001');
    expect(of(hits, 'product').map((h) => h.id)).toEqual([mug.id]);
    expect(of(hits, 'membership').map((h) => h.id)).toEqual([memberA.id]);
    const order = entities.filter((e) => e.palette).map((e) => e.name);
    const positions = hits.map((h) => order.indexOf(h.entity));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it('answers at most `take` records of each entity', async () => {
    for (let i = 0; i < 3; i++) await w.newProduct({ name: `Take test lamp ${i}` });
    const res = await w.get<PaletteHit[]>('/Search?q=test%20lamp&take=2');
    expect(of(res.body.data, 'product')).toHaveLength(2);
  });

  it('leaves out the entities of a switched-off module', async () => {
    const all = { onlineOrdering: true, membership: true, commission: true, vouchers: true };
    expect((await w.post('/feature/Save', { ...all, membership: false })).status).toBe(200);
    try {
      expect(of(await search('0129990002'), 'membership')).toEqual([]);
    } finally {
      expect((await w.post('/feature/Save', all)).status).toBe(200);
    }
    expect(of(await search('0129990002'), 'membership').map((h) => h.id)).toEqual([memberB.id]);
  });

  it('answers searches sent at once as it answers each alone, each caller within their own limits', async () => {
    const callers = Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? w.tokens.admin : limited));
    const answers = await Promise.all(callers.map((token) => search('0129990002', token)));
    for (const [i, hits] of answers.entries())
      expect(
        of(hits, 'membership').map((h) => h.id),
        String(i),
      ).toEqual(i % 2 === 0 ? [memberB.id] : []);
  });

  it('refuses bad input with a 400 naming the field', async () => {
    for (const [query, field] of [
      ['', 'q'],
      ['q=%20%20', 'q'],
      [`q=${'x'.repeat(101)}`, 'q'],
      ['q=tote&take=0', 'take'],
      ['q=tote&take=many', 'take'],
    ] as const) {
      const res = await w.get(`/Search?${query}`);
      expect(res.status, query).toBe(400);
      expect(
        res.body.errors?.map((e) => e.field),
        query,
      ).toEqual([field]);
    }
    expect((await w.call('GET', '/Search?q=tote')).status).toBe(401);
  });
});
