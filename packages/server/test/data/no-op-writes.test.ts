import { SETTING_KEYS } from '@backroom/schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { insert, openShop, type Shop } from '../pricing/shop';
import { useTestServer, type Row } from '../support/harness';

const t = useTestServer({ users: ['admin'], config: { allowPrivateTargets: true } });
let shop: Shop;
let hook: Row;

beforeAll(async () => {
  shop = await openShop(t);
  hook = await insert(t, 'webhook', {
    name: 'Catalogue feed',
    url: 'http://127.0.0.1:1/feed',
    events: ['product.changed'],
    secret: 'a-feed-secret-of-some-length',
    enabled: true,
  });
});

const one = async (name: string, id: unknown) =>
  (
    await t.post<Row[]>(`/DataRepository/fetch/${name}`, {
      filters: [{ ColumnName: 'id', ColumnValue: id, Operator: 'EQ' }],
    })
  ).body.data[0]!;

/** What a write left behind for a product: its audit rows and the webhook deliveries queued. */
const traces = async (product: unknown) => ({
  audits: (
    await t.post<Row[]>('/DataRepository/fetch/auditlog', {
      Take: 100,
      filters: [
        { ColumnName: 'entity', ColumnValue: 'product', Operator: 'EQ' },
        { ColumnName: 'rowId', ColumnValue: product, Operator: 'EQ' },
      ],
    })
  ).body.data.length,
  deliveries: (
    await t.post<Row[]>('/DataRepository/fetch/webhookdelivery', {
      Take: 100,
      filters: [{ ColumnName: 'webhook', ColumnValue: hook.id, Operator: 'EQ' }],
    })
  ).body.data.length,
});

/** The fields of a product as the form sends them back, untouched (a price as typed, without its trailing zeros). */
const asSaved = (p: Row) => ({
  id: p.id,
  version: p.version,
  name: p.name,
  category: p.category,
  sellingPrice: String(Number(p.sellingPrice)),
  barcode: p.barcode,
  alternateBarcodes: (p.alternateBarcodes as Row[]).map(({ barcode, quantityPerUnit }) => ({
    barcode,
    quantityPerUnit,
  })),
});

describe('a write that changes nothing writes nothing', () => {
  it('Update: same version, no audit row, no product.changed; a real change still does all three', async () => {
    const coffee = await one('product', shop.products.coffee.id);
    const before = await traces(coffee.id);
    const same = await t.post<Row>('/DataRepository/Update/product', asSaved(coffee));
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect(same.body.data).toMatchObject({
      version: coffee.version,
      updatedAt: coffee.updatedAt,
      sellingPrice: coffee.sellingPrice,
    });
    expect(await one('product', coffee.id)).toMatchObject({ version: coffee.version, updatedAt: coffee.updatedAt });
    expect(await traces(coffee.id)).toEqual(before);

    const changed = await t.post<Row>('/DataRepository/Update/product', { ...asSaved(coffee), sellingPrice: '10.50' });
    expect(changed.status).toBe(200);
    expect(changed.body.data.version).toBe((coffee.version as number) + 1);
    expect(await traces(coffee.id)).toEqual({ audits: before.audits + 1, deliveries: before.deliveries + 1 });
  });

  it('bulkupdate: only the rows that change are written, the others answered as stored', async () => {
    const tea = await one('product', shop.products.tea.id);
    const cake = await one('product', shop.products.cake.id);
    const before = { tea: await traces(tea.id), cake: await traces(cake.id) };
    const res = await t.post<Row[]>('/DataRepository/bulkupdate/product', [
      asSaved(tea),
      { ...asSaved(cake), name: 'Cheesecake' },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.map((p) => [p.id, p.version])).toEqual([
      [tea.id, tea.version],
      [cake.id, (cake.version as number) + 1],
    ]);
    const after = { tea: await traces(tea.id), cake: await traces(cake.id) };
    expect(after.tea.audits).toBe(before.tea.audits);
    expect(after.cake.audits).toBe(before.cake.audits + 1);
    // One delivery for the cake: the tea, unchanged, raised no event.
    expect(after.cake.deliveries).toBe(before.cake.deliveries + 1);
  });
});

describe('settings and module switches saved as they are', () => {
  const auditCount = async (entity: string) =>
    (
      await t.post<Row[]>('/DataRepository/fetch/auditlog', {
        Take: 500,
        filters: [{ ColumnName: 'entity', ColumnValue: entity, Operator: 'EQ' }],
      })
    ).body.data.length;
  const stamp = async () =>
    await t.server.app.ctx.db
      .selectFrom('app_setting')
      .select(['updated_at', 'updated_by'])
      .where('key', '=', SETTING_KEYS.reportUrl)
      .executeTakeFirstOrThrow();

  it('a setting given its own value again: no write, no audit row', async () => {
    expect(
      (
        await t.post('/AppSetting/UpdateSetting', {
          key: SETTING_KEYS.reportUrl,
          value: 'https://reports.example/same',
        })
      ).status,
    ).toBe(200);
    const [written, audits] = [await stamp(), await auditCount('appsetting')];
    await new Promise((resolve) => setTimeout(resolve, 5));
    const again = await t.post<Row>('/AppSetting/UpdateSetting', {
      key: SETTING_KEYS.reportUrl,
      value: 'https://reports.example/same',
    });
    expect(again.status).toBe(200);
    expect(again.body.data.value).toBe('https://reports.example/same');
    expect(await stamp()).toEqual(written);
    expect(await auditCount('appsetting')).toBe(audits);
  });

  it('module switches saved unchanged: no write (every server keeps its access cache), no audit row', async () => {
    // A write of feature_switch raises the access generation by trigger: every server then reloads what callers may do.
    const accessGeneration = async () =>
      Number(
        (
          await t.server.app.ctx.db
            .selectFrom('cache_generation')
            .select('generation')
            .where('name', '=', 'access')
            .executeTakeFirstOrThrow()
        ).generation,
      );
    const current = (await t.get<Row>('/feature/Get')).body.data;
    const [audits, generation] = [await auditCount('feature'), await accessGeneration()];
    const saved = await t.post<Row>('/feature/Save', current);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toEqual(current);
    expect(await auditCount('feature')).toBe(audits);
    expect(await accessGeneration()).toBe(generation);
    // A real change is a write: the generation moves.
    const key = Object.keys(current).find((k) => typeof current[k] === 'boolean')!;
    expect((await t.post<Row>('/feature/Save', { ...current, [key]: !current[key] })).status).toBe(200);
    expect(await accessGeneration()).toBeGreaterThan(generation);
    expect((await t.post<Row>('/feature/Save', current)).status).toBe(200);
  });
});
