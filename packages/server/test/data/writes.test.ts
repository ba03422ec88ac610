import { findEntity } from '@backroom/schema';
import { describe, expect, it } from 'vitest';
import { apiRow } from '../../src/data/read';
import { anyDb } from '../../src/data/store';
import { writeRows } from '../../src/data/write-rows';
import { actingRequest, actingUser, jobWriter } from '../../src/jobs/acting-user';
import { useTestServer } from '../support/harness';
import { withRowBuilder, type Row } from './support/rows';

const t = useTestServer({ users: ['admin'], extend: withRowBuilder });
const { tokens, post } = t;

const fetchRows = (name: string, body: unknown) => post<Row[]>(`/DataRepository/fetch/${name}`, body);

describe('rows with child lists, links, labels and secrets', () => {
  it('writes and reads child rows and multi-references with the parent, and replaces them on update', async () => {
    const outletA = await t.builder.insert(findEntity('outlet')!);
    const outletB = await t.builder.insert(findEntity('outlet')!);
    const body = await t.builder.row(findEntity('product')!);
    const product = (
      await post('/DataRepository/Insert/product', {
        ...body,
        code: 'KID1',
        name: 'Kid',
        sellingPrice: '12.5',
        alternateBarcodes: [{ barcode: 'ALT-1' }, { barcode: 'ALT-2', quantityPerUnit: '6' }],
      })
    ).body.data;
    expect(product.sellingPrice).toBe('12.50');
    expect(product.alternateBarcodes).toEqual([
      expect.objectContaining({ barcode: 'ALT-1', quantityPerUnit: '1.000' }),
      expect.objectContaining({ barcode: 'ALT-2', quantityPerUnit: '6.000' }),
    ]);
    expect(product.categoryLabel).toEqual(expect.any(String));

    const bundle = (
      await post('/DataRepository/Insert/bundle', {
        code: 'BND1',
        name: 'Bundle',
        price: '9.99',
        items: [{ product: product.id, quantity: '2' }],
        outlets: [outletB.id, outletA.id],
      })
    ).body.data;
    expect(bundle.outlets).toEqual([outletA.id, outletB.id].sort((a, b) => Number(a) - Number(b)));
    expect(bundle.items).toEqual([
      expect.objectContaining({ product: product.id, productLabel: 'KID1 - Kid', quantity: '2.000' }),
    ]);

    const filtered = await fetchRows('bundle', {
      filters: [{ ColumnName: 'outlets', ColumnValue: String(outletB.id), Operator: 'IN' }],
    });
    expect(filtered.body.data.map((r) => r.code)).toEqual(['BND1']);
    const badId = await fetchRows('bundle', {
      filters: [{ ColumnName: 'outlets', ColumnValue: '1 or 1=1', Operator: 'EQ' }],
    });
    expect(badId.body.errors).toEqual([
      { field: 'filters.0.ColumnValue', message: 'Outlets must be chosen from the list' },
    ]);

    const kept = (bundle.items as Row[])[0]!;
    const updated = (
      await post('/DataRepository/Update/bundle', {
        id: bundle.id,
        version: bundle.version,
        items: [kept, { product: product.id, quantity: '1' }],
        outlets: [outletA.id],
      })
    ).body.data;
    expect(updated.outlets).toEqual([outletA.id]);
    expect((updated.items as Row[]).map((i) => i.quantity)).toEqual(['2.000', '1.000']);
    expect((updated.items as Row[])[0]!.id).toBe(kept.id);
  });

  it('keeps secrets encrypted, answers them masked and keeps the stored one when a masked value comes back', async () => {
    const gateway = (
      await post('/DataRepository/Insert/paymentgateway', {
        code: 'PG1',
        name: 'Gateway',
        provider: 'stripe',
        apiKey: 'sk_live_secret9876',
      })
    ).body.data;
    expect(gateway.apiKey).toBe('••••');
    const cipher = async () =>
      (await t.server.app.ctx.db
        .selectFrom('payment_gateway' as never)
        .select('api_key' as never)
        .where('id' as never, '=', gateway.id as never)
        .executeTakeFirstOrThrow()) as { api_key: string };
    const stored = await cipher();
    expect(JSON.stringify(stored)).not.toContain('sk_live_secret9876');
    const kept = (
      await post('/DataRepository/Update/paymentgateway', {
        id: gateway.id,
        version: gateway.version,
        apiKey: '••••',
        name: 'Renamed',
      })
    ).body.data;
    expect(kept.apiKey).toBe('••••');
    expect(await cipher()).toEqual(stored);
    const changed = (
      await post('/DataRepository/Update/paymentgateway', {
        id: gateway.id,
        version: kept.version,
        apiKey: 'pk_other_1111',
      })
    ).body.data;
    expect(changed.apiKey).toBe('••••');
    expect(await cipher()).not.toEqual(stored);
  });

  it('upserts by id or by code, and fills registry defaults', async () => {
    const first = await post('/DataRepository/upsert/department', { code: 'UPS1', name: 'First' });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ code: 'UPS1', isActive: true, version: 1 });
    const byCode = (await post('/DataRepository/upsert/department', { code: 'UPS1', name: 'Second' })).body.data;
    expect(byCode).toMatchObject({ id: first.body.data.id, name: 'Second', version: 2 });
    const byId = (
      await post('/DataRepository/upsert/department', { id: first.body.data.id, version: 2, name: 'Third' })
    ).body.data;
    expect(byId).toMatchObject({ id: first.body.data.id, code: 'UPS1', name: 'Third', version: 3 });
  });

  it('extends rows with custom fields', async () => {
    const field = await post('/DataRepository/Insert/customfield', {
      entity: 'supplier',
      key: 'rating',
      label: 'Rating',
      kind: 'number',
    });
    expect(field.status, JSON.stringify(field.body)).toBe(200);
    const fields = await t.call<Row[]>('GET', '/DataRepository/fields/supplier', { token: tokens.admin });
    expect(fields.body.data.find((f) => f.name === 'rating')).toMatchObject({
      kind: 'decimal',
      custom: true,
      label: 'Rating',
    });
    const supplier = (await post('/DataRepository/Insert/supplier', { code: 'CF1', name: 'Custom', rating: '4.5' }))
      .body.data;
    expect(supplier.rating).toBe('4.5000');
    const updated = (
      await post('/DataRepository/Update/supplier', { id: supplier.id, version: supplier.version, name: 'Still rated' })
    ).body.data;
    expect(updated.rating).toBe('4.5000');
    const bad = await post('/DataRepository/Insert/supplier', { code: 'CF2', name: 'Bad', rating: 'lots' });
    expect(bad.body.errors).toEqual([{ field: 'rating', message: 'Rating must be a number' }]);
  });

  it('answers a batch insert (what its audit rows and hooks get) with the rows as a read finds them: defaults, secrets, custom fields, child lists and links', async () => {
    const { app } = t.server;
    const db = anyDb(app.ctx);
    const request = await actingRequest(app, await actingUser(db, 'admin'));
    const outlet = await t.builder.insert(findEntity('outlet')!);
    const product = await t.builder.insert(findEntity('product')!);
    const inserts: [string, Row[]][] = [
      [
        'paymentgateway',
        [
          { code: 'WR1', name: 'Batch gateway', provider: 'stripe', apiKey: 'sk_live_batch3333' },
          { code: 'WR2', name: 'No key', provider: 'stripe' },
        ],
      ],
      [
        'supplier',
        [
          { code: 'WR3', name: 'Rated', rating: '3' },
          { code: 'WR4', name: 'Unrated' },
        ],
      ],
      [
        'bundle',
        [
          {
            code: 'WR5',
            name: 'Full',
            price: '1.50',
            items: [{ product: product.id, quantity: '2' }],
            outlets: [outlet.id],
          },
          { code: 'WR6', name: 'Empty', price: '2' },
        ],
      ],
    ];
    for (const [name, rows] of inserts) {
      const answered = await db.transaction().execute(async (trx) => {
        const w = await jobWriter(app.ctx, trx, request, findEntity(name)!);
        return writeRows(
          w,
          w.entity,
          rows.map((input) => ({ action: 'insert' as const, input })),
          { labels: false },
        );
      });
      const w = await jobWriter(app.ctx, db, request, findEntity(name)!);
      const read = await Promise.all(
        answered.map((row) => apiRow(app.ctx, db, w.entity, row.id as number, { labels: false })),
      );
      expect(answered, name).toEqual(read);
    }
  });
});

describe('fetch', () => {
  it('filters with every operator, searches, sorts and pages', async () => {
    for (const [code, price] of [
      ['F1', '1.00'],
      ['F2', '2.50'],
      ['F3', '10.00'],
    ] as const)
      await post('/DataRepository/Insert/product', {
        ...(await t.builder.row(findEntity('product')!)),
        code,
        name: `Filter ${code}`,
        sellingPrice: price,
        barcode: null,
      });
    const codes = async (filters: unknown[], extra: Row = {}) =>
      (
        await fetchRows('product', {
          filters: [{ ColumnName: 'name', ColumnValue: 'Filter', Operator: 'STARTSWITH' }, ...filters],
          ...extra,
        })
      ).body.data.map((r) => r.code);
    expect(await codes([{ ColumnName: 'sellingPrice', ColumnValue: '2.5', Operator: 'EQ' }])).toEqual(['F2']);
    expect(await codes([{ ColumnName: 'sellingPrice', ColumnValue: '2.5', Operator: 'NEQ' }])).toEqual(['F1', 'F3']);
    expect(await codes([{ ColumnName: 'sellingPrice', ColumnValue: '2.50', Operator: 'GT' }])).toEqual(['F3']);
    expect(await codes([{ ColumnName: 'sellingPrice', ColumnValue: '2.50', Operator: 'GTE' }])).toEqual(['F2', 'F3']);
    expect(await codes([{ ColumnName: 'sellingPrice', ColumnValue: '2.50', Operator: 'LT' }])).toEqual(['F1']);
    expect(await codes([{ ColumnName: 'sellingPrice', ColumnValue: 2.5, Operator: 'LTE' }])).toEqual(['F1', 'F2']);
    expect(await codes([{ ColumnName: 'sellingPrice', ColumnValue: '2,10', Operator: 'BETWEEN' }])).toEqual([
      'F2',
      'F3',
    ]);
    expect(await codes([{ ColumnName: 'code', ColumnValue: 'F1,F3', Operator: 'IN' }])).toEqual(['F1', 'F3']);
    expect(await codes([{ ColumnName: 'NAME', ColumnValue: 'ter f2', Operator: 'like' }])).toEqual(['F2']);
    expect(await codes([{ ColumnName: 'barcode', Operator: 'ISNULL' }])).toEqual(['F1', 'F2', 'F3']);
    expect(await codes([{ ColumnName: 'barcode', Operator: 'NOTNULL' }])).toEqual([]);
    expect(await codes([], { sorts: [{ ColumnName: 'sellingPrice', Direction: 'DESC' }] })).toEqual(['F3', 'F2', 'F1']);
    const page = await fetchRows('product', { search: 'filter f', Skip: 1, Take: 1 });
    expect(page.body).toMatchObject({ totalCount: 3, data: [expect.objectContaining({ code: 'F2' })] });
  });
});

describe('executejson', () => {
  it('runs a named server procedure with a JSON body', async () => {
    const res = await post<Row[]>('/DataRepository/executejson/SP_Multiple_Appsetting', {
      Take: 9999,
      filters: [{ ColumnName: 'AppSettingKeys', ColumnValue: 'default_TakePerRow', Operator: 'EQ' }],
    });
    expect(res.status).toBe(200);
    expect(res.body.data[0]).toMatchObject({ default_TakePerRow: '10' });
    expect((await post('/DataRepository/executejson/DROP_ALL', {})).status).toBe(400);
  });
});
