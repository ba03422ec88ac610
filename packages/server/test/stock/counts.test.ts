import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useStockWorld, VIRTUAL, type Row } from './support';

const w = useStockWorld({ users: ['admin', 'manager', 'cashier'] });
const folder = mkdtempSync(join(tmpdir(), 'backroom-count-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const execute = (action: string, ids: number[], extra: Row = {}, token?: string) =>
  w.post<Row>('/DataRepository/Execute/stockcount', { action, ids, ...extra }, token);
const read = async (id: number) =>
  (
    await w.post<Row[]>('/DataRepository/fetch/stockcount', {
      filters: [{ ColumnName: 'id', ColumnValue: id, Operator: 'EQ' }],
    })
  ).body.data[0]!;
const linesOf = (count: Row) =>
  Object.fromEntries((count.lines as Row[]).map((l) => [l.product as number, l])) as Record<number, Row>;
const movementsOf = async (docNo: string) =>
  (
    await w.post<Row[]>('/DataRepository/fetch/stockmovement', {
      Take: 500,
      filters: [{ ColumnName: 'reference', ColumnValue: docNo, Operator: 'EQ' }],
      sorts: [{ ColumnName: 'id', Direction: 'ASC' }],
    })
  ).body.data;

let codes = 0;
/** A stocked product at 20.00 cost with a barcode, `onHand` of it at the location. */
async function product(location: number, onHand: string, overrides: Row = {}) {
  const n = ++codes;
  const p = (await w.newProduct({ costPrice: '20.00', barcode: `990${Date.now() % 100000}${n}`, ...overrides })) as Row;
  if (onHand !== '0') await w.stock(p.id as number, location, onHand);
  return p;
}

async function newCount(body: Row) {
  const res = await w.post<Row>('/DataRepository/Insert/stockcount', body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

beforeAll(async () => {
  // Count variances worth more than 50.00 wait for approval.
  await w.newReason({ code: 'COUNT', name: 'Stock count', approvalValue: '50.00' });
});

describe('stock counts', () => {
  it('freezes expected quantities, takes typed and scanned counts, and posts variances under the approval value', async () => {
    const location = (await w.newLocation()).id as number;
    const a = await product(location, '10');
    const b = await product(location, '5');
    const c = await product(location, '3');
    const count = await newCount({
      location,
      scope: 'products',
      lines: [{ product: a.id }, { product: b.id }, { product: c.id }],
    });
    expect(count).toMatchObject({ status: 'open' });
    expect(count.docNo).toMatch(/^SC-\d{4}-\d{6}$/);
    expect(Object.values(linesOf(count)).map((l) => l.expectedQty)).toEqual(['10.000', '5.000', '3.000']);

    // A sale after the count started does not move what the count expects.
    await w.stock(a.id as number, location, '-1');
    const saved = await w.post<Row>('/DataRepository/Update/stockcount', {
      id: count.id,
      version: count.version,
      remarks: 'Shelf A',
      lines: [{ product: a.id, countedQty: '8' }, { product: b.id }, { product: c.id }],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(linesOf(saved.body.data)[a.id as number]).toMatchObject({
      expectedQty: '10.000',
      countedQty: '8.000',
      variance: '-2.000',
      varianceValue: '-40.00',
    });

    // b is scanned: each scan of its barcode adds one; then 7 more typed on top as a figure of 9.
    for (let i = 0; i < 2; i++)
      expect((await execute('count', [count.id as number], { lines: [{ barcode: b.barcode }] })).status).toBe(200);
    expect(linesOf(await read(count.id as number))[b.id as number]).toMatchObject({ countedQty: '2.000' });
    const typed = await execute('count', [count.id as number], { lines: [{ product: b.id, countedQty: '9' }] });
    expect(typed.status, JSON.stringify(typed.body)).toBe(200);
    expect(linesOf(typed.body.data)[b.id as number]).toMatchObject({
      countedQty: '9.000',
      expectedQty: '5.000',
      variance: '4.000',
      varianceValue: '80.00',
    });
    const unknown = await execute('count', [count.id as number], { lines: [{ barcode: 'NO-SUCH-CODE' }] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors?.[0]?.field).toBe('lines.0.barcode');

    const posted = await execute('post', [count.id as number]);
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    expect(posted.body.data).toMatchObject({ status: 'posted', postedAt: expect.any(String) });
    // a: −2 (40.00, under 50.00) posts at once against its frozen figure: 9 − 2 = 7 on hand.
    expect(await w.onHand(a.id as number, location)).toBe('7.000');
    // b: +4 (80.00, over 50.00) waits; c was not counted and is not touched.
    expect(await w.onHand(b.id as number, location)).toBe('5.000');
    expect(await w.onHand(c.id as number, location)).toBe('3.000');
    let movements = await movementsOf(count.docNo as string);
    expect(movements.map((m) => [m.product, m.kind, m.quantity, m.createdBy])).toEqual([
      [a.id, 'count', '-2.000', 'admin'],
    ]);
    const adjustments = await w.post<Row[]>('/DataRepository/fetch/stockadjustment', {
      filters: [{ ColumnName: 'reference', ColumnValue: count.docNo as string, Operator: 'EQ' }],
      sorts: [{ ColumnName: 'id', Direction: 'ASC' }],
    });
    expect(adjustments.body.data.map((x) => [x.product, x.quantity, x.status, x.value])).toEqual([
      [a.id, '-2.000', 'applied', '-40.00'],
      [b.id, '4.000', 'pending', '80.00'],
    ]);
    const pending = adjustments.body.data[1]!;
    const approved = await w.post(`${VIRTUAL}/approve`, { id: pending.id, version: pending.version }, w.tokens.manager);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(await w.onHand(b.id as number, location)).toBe('9.000');
    movements = await movementsOf(count.docNo as string);
    expect(movements.map((m) => [m.product, m.kind, m.quantity, m.createdBy])).toEqual([
      [a.id, 'count', '-2.000', 'admin'],
      [b.id, 'count', '4.000', 'manager'],
    ]);
    for (const p of [a, b, c])
      expect(await w.ledgerSum(p.id as number, location)).toBe(await w.onHand(p.id as number, location));

    // A posted count never changes.
    for (const res of [
      await execute('post', [count.id as number]),
      await execute('count', [count.id as number], { lines: [{ product: a.id, countedQty: '1' }] }),
    ]) {
      expect(res.status).toBe(409);
      expect(res.body.message).toContain('is posted');
    }
    const late = await w.post('/DataRepository/Update/stockcount', { id: count.id, version: 99, remarks: 'late' });
    expect(late.status).toBe(409);
  });

  it('covers a category, zeroes what was not counted when asked, and leaves other products alone', async () => {
    const location = (await w.newLocation()).id as number;
    const category = await w.post('/DataRepository/Insert/category', {
      code: `CNT${Date.now() % 100000}`,
      name: 'Counted',
    });
    expect(category.status, JSON.stringify(category.body)).toBe(200);
    const inside = [
      await product(location, '2', { category: category.body.data.id }),
      await product(location, '1', { category: category.body.data.id }),
    ];
    const outside = await product(location, '4');
    const count = await newCount({
      location,
      scope: 'categories',
      categories: [category.body.data.id],
      zeroUncounted: true,
    });
    expect((count.lines as Row[]).map((l) => [l.product, l.expectedQty])).toEqual(
      expect.arrayContaining([
        [inside[0]!.id, '2.000'],
        [inside[1]!.id, '1.000'],
      ]),
    );
    expect((count.lines as Row[]).some((l) => l.product === outside.id)).toBe(false);
    await execute('count', [count.id as number], { lines: [{ product: inside[0]!.id, countedQty: '2' }] });
    expect((await execute('post', [count.id as number])).status).toBe(200);
    expect(await w.onHand(inside[0]!.id as number, location)).toBe('2.000');
    expect(await w.onHand(inside[1]!.id as number, location)).toBe('0.000');
    expect(await w.onHand(outside.id as number, location)).toBe('4.000');
    expect(linesOf(await read(count.id as number))[inside[1]!.id as number]).toMatchObject({
      countedQty: '0.000',
      variance: '-1.000',
    });
  });

  it('keeps every figure when several counters enter lines at once', async () => {
    const location = (await w.newLocation()).id as number;
    const products: Row[] = [];
    for (let i = 0; i < 6; i++) products.push(await product(location, '1'));
    const count = await newCount({ location, scope: 'products', lines: [{ product: products[0]!.id }] });
    const id = count.id as number;
    // Six counters type a product each (five not yet on the count), and three scan the first one at the same time.
    const answers = await Promise.all([
      ...products.map((p, i) => execute('count', [id], { lines: [{ product: p.id, countedQty: String(i + 10) }] })),
      ...[1, 2, 3].map(() => execute('count', [id], { lines: [{ barcode: products[5]!.barcode, add: '1' }] })),
    ]);
    expect(answers.map((r) => r.status)).toEqual(answers.map(() => 200));
    const lines = linesOf(await read(id));
    expect(Object.keys(lines)).toHaveLength(6);
    products.slice(0, 5).forEach((p, i) => expect(lines[p.id as number]!.countedQty).toBe(`${i + 10}.000`));
    // The typed 15 and three scans land in some order: a figure set, scans added before or after it.
    expect(['15.000', '16.000', '17.000', '18.000']).toContain(lines[products[5]!.id as number]!.countedQty);
    expect(Object.values(lines).every((l) => l.expectedQty === '1.000')).toBe(true);
  });

  it('prints the count sheet (checked by its text) and exports it as CSV', async () => {
    const location = (await w.newLocation({ name: 'Counted store room' })).id as number;
    const a = await product(location, '6', { code: `LONG-SKU-${Date.now()}-COUNTED-A`, name: 'Kopi beans 1kg' });
    const count = await newCount({ location, scope: 'products', lines: [{ product: a.id, countedQty: '5' }] });
    const res = await fetch(`${w.origin}/backoffice/print/request.aspx`, {
      method: 'POST',
      headers: { authorization: `Bearer ${w.tokens.admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ document: 'stockcount', id: count.id, withExpected: true }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const file = join(folder, 'sheet.pdf');
    writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain(`Count sheet ${String(count.docNo)}`);
    expect(text).toContain('Counted store room');
    expect(text).toContain('Kopi beans 1kg');
    expect(text).toMatch(/6\.000\s+5\.000/);
    const csv = await fetch(`${w.origin}/backoffice/core/api/stockcount/Export`, {
      method: 'POST',
      headers: { authorization: `Bearer ${w.tokens.admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ id: count.id }),
    });
    expect(csv.status).toBe(200);
    const body = (await csv.text()).replace(/^\uFEFF/, '');
    expect(body.split('\r\n')[0]).toBe('No.,Code,Barcode,Name,Expected,Counted,Variance,Value');
    expect(body.split('\r\n')[1]).toBe(
      `1,${String(a.code)},${String(a.barcode)},Kopi beans 1kg,6.000,5.000,-1.000,-20.00`,
    );
    expect(
      (
        await fetch(`${w.origin}/backoffice/core/api/stockcount/Export`, {
          method: 'POST',
          headers: { authorization: `Bearer ${w.tokens.cashier}`, 'content-type': 'application/json' },
          body: JSON.stringify({ id: count.id }),
        })
      ).status,
    ).toBe(403);
  });

  it('refuses a changed location, products that keep no stock, and bad counts with 400s naming the field', async () => {
    const location = (await w.newLocation()).id as number;
    const other = (await w.newLocation()).id as number;
    const a = await product(location, '1');
    const service = await w.newProduct({ type: 'service' });
    const count = await newCount({ location, scope: 'products', lines: [{ product: a.id }] });
    const moved = await w.post('/DataRepository/Update/stockcount', {
      id: count.id,
      version: count.version,
      location: other,
    });
    expect(moved.status).toBe(400);
    expect(moved.body.errors?.[0]?.field).toBe('location');
    const bad = await execute('count', [count.id as number], { lines: [{ product: service.id, countedQty: '1' }] });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]).toEqual({
      field: 'lines.0.product',
      message: `${String(service.code)} keeps no stock of its own`,
    });
    const negative = await execute('count', [count.id as number], { lines: [{ product: a.id, countedQty: '-1' }] });
    expect(negative.status).toBe(400);
    expect(negative.body.errors?.[0]?.field).toMatch(/^lines\.0\.countedQty/);
    expect(
      (await execute('count', [count.id as number], { lines: [{ product: a.id }] }, w.tokens.cashier)).status,
    ).toBe(403);
  });
});
