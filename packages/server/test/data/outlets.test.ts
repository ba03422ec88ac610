import { findEntity } from '@backroom/schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInOutletManager, useTestServer } from '../support/harness';
import { NONE, roleKit } from '../support/roles';
import { withRowBuilder, type Row } from './support/rows';

const t = useTestServer({ users: ['admin'], extend: withRowBuilder });
const { tokens, post } = t;
let limited: string;
let outletA: Row;
let outletB: Row;
beforeAll(async () => {
  outletA = await t.builder.insert(findEntity('outlet')!, { code: 'OUT-A' });
  outletB = await t.builder.insert(findEntity('outlet')!, { code: 'OUT-B' });
  limited = await signInOutletManager(t, {
    userName: 'limited',
    displayName: 'Limited Lee',
    password: 'Limited@123',
    outlets: [outletA.id],
  });
});

const codes = async (name: string, token: string) =>
  (await post<Row[]>(`/DataRepository/fetch/${name}`, { Take: 100 }, token)).body.data;

describe('a user limited to some outlets', () => {
  it('cannot sign in with an account created through the generic API until a password is set', async () => {
    const roles = (await post<Row[]>('/DataRepository/fetch/role', { Take: 1 })).body.data;
    await post('/DataRepository/Insert/user', { userName: 'fresh', displayName: 'Fresh', role: roles[0]!.id });
    expect((await t.signIn('fresh', '')).status).not.toBe(200);
    expect((await t.signIn('fresh', '!')).status).not.toBe(200);
  });

  it('sees only the rows of those outlets, and rows that name no outlet', async () => {
    let inA = await t.builder.insert(findEntity('inventorylocation')!, { outlet: outletA.id });
    let inB = await t.builder.insert(findEntity('inventorylocation')!, { outlet: outletB.id });
    const everywhere = await t.builder.insert(findEntity('inventorylocation')!, { outlet: null });
    expect((await codes('outlet', limited)).map((o) => o.id)).toEqual([outletA.id]);
    const seen = (await codes('inventorylocation', limited)).map((r) => r.id);
    expect(seen).toEqual(expect.arrayContaining([inA.id, everywhere.id]));
    expect(seen).not.toContain(inB.id);
    expect((await codes('inventorylocation', tokens.admin)).map((r) => r.id)).toContain(inB.id);
    // A quick search with few matches reads the counted ids again: still only what the caller may see.
    inA = (
      await post<Row>('/DataRepository/Update/inventorylocation', {
        id: inA.id,
        version: inA.version,
        name: 'Back shelf Kestrel',
      })
    ).body.data;
    inB = (
      await post<Row>('/DataRepository/Update/inventorylocation', {
        id: inB.id,
        version: inB.version,
        name: 'Back shelf Kestrel',
      })
    ).body.data;
    const searched = (
      await post<Row[]>('/DataRepository/fetch/inventorylocation', { search: 'shelf kestrel', Take: 10 }, limited)
    ).body;
    expect(searched.data.map((r) => r.id)).toEqual([inA.id]);
    expect(searched.totalCount).toBe(1);
    expect(
      (await post<Row[]>('/DataRepository/fetch/inventorylocation', { search: 'shelf kestrel', Take: 10 })).body
        .totalCount,
    ).toBe(2);
    expect(
      (await t.call<{ value: unknown }[]>('GET', '/AppModule/GetDropDown/outlet', { token: limited })).body.data.map(
        (o) => o.value,
      ),
    ).toEqual([outletA.id]);

    const hidden = await post(
      '/DataRepository/Update/inventorylocation',
      { id: inB.id, version: inB.version, name: 'Mine now' },
      limited,
    );
    expect(hidden.status).toBe(404);
    // Outlet B is hidden from them: naming it reads as naming an outlet that does not exist.
    const moved = await post(
      '/DataRepository/Update/inventorylocation',
      { id: inA.id, version: inA.version, outlet: outletB.id },
      limited,
    );
    expect(moved.status).toBe(400);
    expect(moved.body.errors?.[0]?.field).toBe('outlet');
    expect(
      (
        await post(
          '/DataRepository/Insert/inventorylocation',
          { ...(await t.builder.row(findEntity('inventorylocation')!)), outlet: outletB.id },
          limited,
        )
      ).status,
    ).toBe(400);
    expect(
      (
        await post(
          '/DataRepository/Insert/inventorylocation',
          { ...(await t.builder.row(findEntity('inventorylocation')!)), outlet: outletA.id },
          limited,
        )
      ).status,
    ).toBe(200);
  });
});

describe('outlet limits through references, lists and the audit log', () => {
  const location = () => findEntity('inventorylocation')!;
  const mapping = () => findEntity('warehouseproductmapping')!;
  const promotion = () => findEntity('promotion')!;
  let inA: Row;
  let inB: Row;
  let everywhere: Row;
  let mapA: Row;
  let mapB: Row;
  let promoA: Row;
  let promoB: Row;
  let promoAll: Row;
  beforeAll(async () => {
    inA = await t.builder.insert(location(), { outlet: outletA.id });
    inB = await t.builder.insert(location(), { outlet: outletB.id });
    everywhere = await t.builder.insert(location(), { outlet: null });
    mapA = await t.builder.insert(mapping(), { inventoryLocation: inA.id });
    mapB = await t.builder.insert(mapping(), { inventoryLocation: inB.id });
    promoA = await t.builder.insert(promotion(), { outlets: [outletA.id] });
    promoB = await t.builder.insert(promotion(), { outlets: [outletB.id] });
    promoAll = await t.builder.insert(promotion(), { outlets: [] });
  });

  const ids = async (name: string, token: string) => (await codes(name, token)).map((r) => r.id);

  it('reads rows through a reference chain (mapping → location → outlet) only for their outlets', async () => {
    expect(await ids('warehouseproductmapping', limited)).toContain(mapA.id);
    expect(await ids('warehouseproductmapping', limited)).not.toContain(mapB.id);
    expect(await ids('warehouseproductmapping', tokens.admin)).toContain(mapB.id);
    expect((await t.get(`/warehouseproductmapping/Get/${mapB.id as number}`, limited)).status).toBe(404);
    expect((await t.get(`/warehouseproductmapping/Get/${mapA.id as number}`, limited)).status).toBe(200);
  });

  it('writes no row through a reference chain to another outlet, nor a row for every outlet', async () => {
    const fresh = await t.builder.row(mapping());
    const viaB = await post(
      '/DataRepository/Insert/warehouseproductmapping',
      { ...fresh, inventoryLocation: inB.id },
      limited,
    );
    expect(viaB.status).toBe(400);
    expect(viaB.body.errors?.[0]?.field).toBe('inventoryLocation');
    const viaBlank = await post(
      '/DataRepository/Insert/warehouseproductmapping',
      { ...fresh, inventoryLocation: everywhere.id },
      limited,
    );
    expect(viaBlank.status).toBe(403);
    expect(viaBlank.body.message).toMatch(/every outlet/);
    expect(
      (await post('/DataRepository/Insert/warehouseproductmapping', { ...fresh, inventoryLocation: inA.id }, limited))
        .status,
    ).toBe(200);
    // A blank-outlet row is seen by everyone but changed only by users without limits.
    expect(await ids('inventorylocation', limited)).toContain(everywhere.id);
    const claim = await post(
      '/DataRepository/Update/inventorylocation',
      { id: everywhere.id, version: everywhere.version, outlet: outletA.id },
      limited,
    );
    expect(claim.status).toBe(403);
    expect(claim.body.errors?.[0]?.field).toBe('outlet');
  });

  it('filters and guards multi-reference outlet lists (promotion outlets)', async () => {
    const seen = await ids('promotion', limited);
    expect(seen).toEqual(expect.arrayContaining([promoA.id, promoAll.id]));
    expect(seen).not.toContain(promoB.id);
    const dropdown = await t.call<{ value: unknown }[]>('GET', '/AppModule/GetDropDown/promotion', { token: limited });
    expect(dropdown.body.data.map((o) => o.value)).not.toContain(promoB.id);
    const fresh = await t.builder.row(promotion());
    expect(
      (await post('/DataRepository/Insert/promotion', { ...fresh, outlets: [outletA.id, outletB.id] }, limited)).status,
    ).toBe(400);
    const forAll = await post('/DataRepository/Insert/promotion', { ...fresh, outlets: [] }, limited);
    expect(forAll.status).toBe(403);
    expect(forAll.body.errors?.[0]?.field).toBe('outlets');
    expect((await post('/DataRepository/Insert/promotion', { ...fresh, outlets: [outletA.id] }, limited)).status).toBe(
      200,
    );
    expect(
      (
        await post(
          '/DataRepository/Update/promotion',
          { id: promoAll.id, version: promoAll.version, outlets: [outletA.id] },
          limited,
        )
      ).status,
    ).toBe(403);
  });

  it('answers a hidden row exactly as a missing one, on every verb', async () => {
    const missing = 999_999;
    const pairs: [string, (id: number) => Promise<{ status: number; body: { message?: string } }>][] = [
      [
        'Update',
        (id) => post('/DataRepository/Update/warehouseproductmapping', { id, version: 1, quantity: 1 }, limited),
      ],
      ['upsert', (id) => post('/DataRepository/upsert/warehouseproductmapping', { id, version: 1 }, limited)],
      ['bulkupdate', (id) => post('/DataRepository/bulkupdate/warehouseproductmapping', [{ id, version: 1 }], limited)],
      ['Get', (id) => t.get(`/warehouseproductmapping/Get/${id}`, limited)],
      [
        'delete',
        (id) => post('/DataRepository/Execute/warehouseproductmapping', { action: 'delete', ids: [id] }, limited),
      ],
    ];
    for (const [verb, call] of pairs) {
      const hidden = await call(mapB.id as number);
      const absent = await call(missing);
      expect([verb, hidden.status], JSON.stringify(hidden.body)).toEqual([verb, absent.status]);
      expect(hidden.body.message?.replaceAll(String(mapB.id), 'N')).toBe(
        absent.body.message?.replaceAll(String(missing), 'N'),
      );
    }
  });

  it('shows an audit row only when its row would be shown', async () => {
    const audit = async (entity: string, token: string) =>
      (
        await post<Row[]>(
          '/DataRepository/fetch/auditlog',
          { Take: 500, filters: [{ ColumnName: 'entity', ColumnValue: entity, Operator: 'EQ' }] },
          token,
        )
      ).body.data.map((r) => r.rowId);
    const forLimited = await audit('warehouseproductmapping', limited);
    expect(forLimited).toContain(mapA.id);
    expect(forLimited).not.toContain(mapB.id);
    expect(await audit('warehouseproductmapping', tokens.admin)).toContain(mapB.id);
    const promos = await audit('promotion', limited);
    expect(promos).toEqual(expect.arrayContaining([promoA.id, promoAll.id]));
    expect(promos).not.toContain(promoB.id);
    expect(await audit('inventorylocation', limited)).not.toContain(inB.id);
  });
});

describe('a row belongs to its own outlet', () => {
  const entity = (name: string) => findEntity(name)!;
  const column = (name: string, field: string) => entity(name).fields.find((f) => f.name === field)!.column;

  it('never shows another outlet’s sale through its member’s home outlet', async () => {
    const memberOfA = await t.builder.insert(entity('membership'), { outlet: outletA.id });
    const tillOfB = await t.builder.insert(entity('pointofsale'), { outlet: outletB.id });
    const tillOfA = await t.builder.insert(entity('pointofsale'), { outlet: outletA.id });
    const sale = async (outlet: Row, till: Row, receipt: string) => {
      const inserted = await t.server.app.ctx.db
        .insertInto(entity('sale').table as never)
        .values({
          [column('sale', 'outlet')]: outlet.id,
          [column('sale', 'terminal')]: till.id,
          [column('sale', 'receiptNo')]: receipt,
          [column('sale', 'at')]: '2026-01-15T10:00:00.000Z',
          [column('sale', 'member')]: memberOfA.id,
          [column('sale', 'kind')]: 'sale',
          version: 1,
          created_at: '2026-01-15T10:00:00.000Z',
          updated_at: '2026-01-15T10:00:00.000Z',
        } as never)
        .returning('id' as never)
        .executeTakeFirstOrThrow();
      return Number(inserted.id);
    };
    const kit = roleKit(t);
    const seller = (
      await kit.signedInUser(await kit.newRole('STORE_MANAGER', { sale: { ...NONE, ableToView: true } }), {
        outlets: [outletA.id],
      })
    ).accessToken;
    const inB = await sale(outletB, tillOfB, 'R-OWN-B');
    const inA = await sale(outletA, tillOfA, 'R-OWN-A');
    const listing = await post<Row[]>('/DataRepository/fetch/sale', { Take: 100 }, seller);
    expect(listing.status, JSON.stringify(listing.body)).toBe(200);
    const listed = listing.body.data.map((r) => r.id);
    expect(listed).toContain(inA);
    expect(listed).not.toContain(inB);
    const hidden = await t.get(`/sale/Get/${inB}`, seller);
    const missing = await t.get('/sale/Get/999999', seller);
    expect([hidden.status, hidden.body.message?.replace(String(inB), 'N')]).toEqual([
      missing.status,
      missing.body.message?.replace('999999', 'N'),
    ]);
    expect((await t.get(`/sale/Get/${inB}`)).status).toBe(200);
  });
});

describe('rows for every outlet are written only by users without outlet limits', () => {
  it('refuses a limited manager a chain-wide voucher, its codes and a product’s chain-wide price, but not their outlet’s price', async () => {
    const voucher = await t.builder.insert(findEntity('voucher')!);
    const product = await t.builder.insert(findEntity('product')!);
    const fresh = await t.builder.row(findEntity('voucher')!);
    const insert = await post('/DataRepository/Insert/voucher', { ...fresh, code: 'LIMITED-500' }, limited);
    expect([insert.status, insert.body.message], JSON.stringify(insert.body)).toEqual([
      403,
      'Vouchers are for every outlet: only users without outlet limits write them',
    ]);
    expect(
      (
        await post('/DataRepository/fetch/voucher', {
          filters: [{ ColumnName: 'code', ColumnValue: 'LIMITED-500', Operator: 'EQ' }],
        })
      ).body.totalCount,
    ).toBe(0);
    const generate = await post(
      '/DataRepository/Execute/voucher',
      { action: 'generate', ids: [voucher.id], count: 1000 },
      limited,
    );
    expect(generate.status).toBe(403);
    expect(
      (
        await post('/DataRepository/fetch/vouchercode', {
          filters: [{ ColumnName: 'voucher', ColumnValue: voucher.id, Operator: 'EQ' }],
        })
      ).body.totalCount,
    ).toBe(0);
    const price = await post(
      '/DataRepository/Update/product',
      { id: product.id, version: product.version, sellingPrice: '0.01' },
      limited,
    );
    expect(price.status).toBe(403);
    expect((await t.get(`/product/Get/${product.id as number}`)).body.data.sellingPrice).toBe(product.sellingPrice);
    expect(
      (await post('/DataRepository/Execute/product', { action: 'delete', ids: [product.id] }, limited)).status,
    ).toBe(403);
    // Their outlet's price stays theirs; the administrator writes chain-wide rows as before.
    expect(
      (
        await post(
          '/DataRepository/Insert/outletprice',
          { product: product.id, outlet: outletA.id, price: '9.90' },
          limited,
        )
      ).status,
    ).toBe(200);
    expect(
      (await post('/DataRepository/Execute/voucher', { action: 'generate', ids: [voucher.id], count: 2 })).status,
    ).toBe(200);
  });
});
