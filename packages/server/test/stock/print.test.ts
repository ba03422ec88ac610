import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { signInOutletManager } from '../support/harness';
import { useBaseCurrency, useStockWorld, wallTime, type Row } from './support';

const w = useStockWorld({ users: ['admin', 'cashier'] });
// Papers print in the company's convention: GBP → en-GB (01/03/2025 14:05).
useBaseCurrency(w, 'GBP');
const folder = mkdtempSync(join(tmpdir(), 'backroom-print-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
let files = 0;

async function print(body: Row, token: string = w.tokens.admin) {
  const res = await fetch(`${w.origin}/backoffice/print/request.aspx`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return {
    status: res.status,
    type: res.headers.get('content-type') ?? '',
    bytes: Buffer.from(await res.arrayBuffer()),
  };
}

/** The PDF as poppler reads it back: its text (layout kept) and its page count. */
function read(bytes: Buffer): { text: string; pages: number } {
  const file = join(folder, `${++files}.pdf`);
  writeFileSync(file, bytes);
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  return { text, pages: Number(/Pages:\s+(\d+)/.exec(info)![1]) };
}

describe('the print request page', () => {
  it('prints a delivery order: number, from and to, lines with received quantities, signature boxes', async () => {
    const from = await w.newLocation({ kind: 'warehouse', name: 'Shah Alam warehouse', address: 'Lot 7, Seksyen 23' });
    const to = await w.newLocation({ name: 'Bangsar store room' });
    const kopi = await w.newProduct({ name: 'Kopi beans 1kg' });
    const teh = await w.newProduct({ name: 'Teh tarik mix' });
    await w.stock(kopi.id as number, from.id as number, '50');
    await w.stock(teh.id as number, from.id as number, '50');
    const order = await w.newOrder(from.id as number, to.id as number, [
      { product: kopi.id as number, quantity: '12.000' },
      { product: teh.id as number, quantity: '3.500' },
    ]);
    await w.act(order, 'confirm');
    await w.act(order, 'dispatch');
    await w.act(order, 'receive', { lines: [{ product: kopi.id, receivedQty: '11.000' }] });

    const res = await print({ document: 'deliveryorder', id: order.id });
    expect(res.status).toBe(200);
    expect(res.type).toBe('application/pdf');
    const { text, pages } = read(res.bytes);
    expect(pages).toBe(1);
    expect(text).toContain('Delivery order');
    expect(text.split(String(order.docNo)).length - 1).toBeGreaterThanOrEqual(2);
    expect(text).toContain('Shah Alam warehouse');
    expect(text).toContain('Lot 7, Seksyen 23');
    expect(text).toContain('Bangsar store room');
    expect(text).toContain('01/03/2025');
    expect(text).not.toContain('2025-03-01');
    expect(text).toContain('Partially received');
    expect(text).not.toContain('partiallyReceived');
    expect(text).toMatch(new RegExp(`${String(kopi.code)}\\s+Kopi beans 1kg\\s+12\\.000\\s+PCS\\s+11\\.000`));
    expect(text).toMatch(new RegExp(`${String(teh.code)}\\s+Teh tarik mix\\s+3\\.500\\s+PCS\\s+3\\.500`));
    for (const word of ['Dispatched by', 'Received by', 'Signature']) expect(text).toContain(word);

    // Closed short: the paper names the state as the console does ("Closed short", not "Closed").
    const short = await w.newReason({ code: `SHORT${String(order.id)}` });
    expect((await w.act(order, 'closeShort', { reason: short.code })).body.data).toMatchObject({ status: 'closed' });
    expect(read((await print({ document: 'deliveryorder', id: order.id })).bytes).text).toContain('Closed short');
    expect(text).toContain('page 1 of 1');
  });

  it('fits a 40-character SKU in its cell without printing over the next row, and prints times in the outlet’s zone', async () => {
    const zone = 'Pacific/Auckland';
    const outlet = (await w.post('/DataRepository/Insert/outlet', { code: 'AKL', name: 'Auckland', timezone: zone }))
      .body.data.id as number;
    const from = await w.newLocation({ kind: 'warehouse', outlet });
    const to = await w.newLocation();
    const sku = 'SKU-0123456789-ABCDEFGHIJ-KLMNOPQRST-XYZ';
    expect(sku).toHaveLength(40);
    const long = await w.newProduct({ code: sku, name: 'Long coded part' });
    const next = await w.newProduct({ code: 'NEXT-1', name: 'Next row part' });
    await w.stock(long.id as number, from.id as number, '5');
    await w.stock(next.id as number, from.id as number, '5');
    const order = await w.newOrder(from.id as number, to.id as number, [
      { product: long.id as number, quantity: '2' },
      { product: next.id as number, quantity: '1' },
    ]);
    await w.act(order, 'confirm');
    expect((await w.act(order, 'dispatch')).status).toBe(200);
    const dispatchedAt = (await w.legacy('GET', `/${String(order.id)}`)).body.data.dispatchedAt as string;

    const res = await print({ document: 'deliveryorder', id: order.id });
    expect(res.status).toBe(200);
    const { text } = read(res.bytes);
    expect(text).toContain(wallTime(dispatchedAt, zone, 'en-GB'));
    expect(text).not.toContain(wallTime(dispatchedAt, 'UTC', 'en-GB'));
    expect(text).toMatch(/\d\d\/\d\d\/20\d\d [012]\d:\d\d/);
    expect(text).toMatch(/Times in Pacific\/Auckland \(UTC\+1[23]:00\)/);

    // Every word where poppler finds it: none overlaps another, and the SKU reads whole, in its
    // column, above the next row.
    const file = join(folder, `${++files}.html`);
    writeFileSync(`${file}.pdf`, res.bytes);
    execFileSync('pdftotext', ['-bbox', `${file}.pdf`, file]);
    const html = readFileSync(file, 'utf8');
    const words = [...html.matchAll(/xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</g)].map(
      (m) => ({ x0: +m[1]!, y0: +m[2]!, x1: +m[3]!, y1: +m[4]!, text: m[5]! }),
    );
    const overlaps = words.flatMap((a, i) =>
      words
        .slice(i + 1)
        .filter((b) => a.x0 < b.x1 - 0.5 && b.x0 < a.x1 - 0.5 && a.y0 < b.y1 - 0.5 && b.y0 < a.y1 - 0.5)
        .map((b) => `${a.text} / ${b.text}`),
    );
    expect(overlaps).toEqual([]);
    const nextCode = words.find((word) => word.text === 'NEXT-1')!;
    const pieces = words.filter((word) => word.x0 < nextCode.x0 + 2 && sku.includes(word.text) && word.text.length > 2);
    expect(pieces.map((word) => word.text).join('')).toBe(sku);
    for (const piece of pieces) {
      expect(piece.y1).toBeLessThanOrEqual(nextCode.y0);
      expect(piece.x1).toBeLessThan(words.find((word) => word.text === 'Long')!.x0);
    }
  });

  it('continues a long order over pages, numbering them', async () => {
    const from = (await w.newLocation({ kind: 'warehouse', allowNegativeStock: true })).id as number;
    const to = (await w.newLocation()).id as number;
    // 90 products: the first alone (it makes the rows every product refers to), the rest ten requests at a
    // time — one after another they took the test past its limit under load.
    const products = [await w.newProduct()];
    while (products.length < 90)
      products.push(...(await Promise.all(Array.from({ length: 10 }, () => w.newProduct()))));
    const lines = products.slice(0, 90).map((product) => ({ product: product.id as number, quantity: '1.000' }));
    const order = await w.newOrder(from, to, lines);
    const { text, pages } = read((await print({ document: 'DeliveryOrder', id: order.id })).bytes);
    expect(pages).toBeGreaterThanOrEqual(3);
    expect(text).toContain(`page ${pages} of ${pages}`);
    expect(text).toContain(`${String(order.docNo)} (continued)`);
    expect(text).toMatch(/\n\s*90\s+T\d+/);
  }, 90_000);

  it('prints shelf labels and price tags at the outlet price, several to a page, with barcodes', async () => {
    await w.post('/DataRepository/Insert/currency', {
      code: 'MYR',
      name: 'Ringgit',
      symbol: 'RM',
      decimals: 2,
      isBase: true,
    });
    const outlet = await w.post('/DataRepository/Insert/outlet', {
      code: 'LBL',
      name: 'Label outlet',
      timezone: 'Asia/Kuala_Lumpur',
    });
    const ean = await w.newProduct({ name: 'Milo 1kg', barcode: '9551234567896', sellingPrice: '21.90' });
    const plain = await w.newProduct({ name: 'Roti canai frozen', barcode: 'RC-10', sellingPrice: '8.50' });
    await w.post('/DataRepository/Insert/outletprice', {
      product: plain.id,
      outlet: outlet.body.data.id,
      price: '7.90',
    });
    const others = [];
    for (let i = 0; i < 26; i++) others.push((await w.newProduct()).id as number);

    const labels = await print({
      document: 'shelflabels',
      products: [ean.id, plain.id, ...others],
      outlet: outlet.body.data.id,
    });
    expect(labels.status).toBe(200);
    const sheet = read(labels.bytes);
    expect(sheet.pages).toBe(2);
    expect(sheet.text).toContain('Milo 1kg');
    expect(sheet.text).toContain('RM 21.90');
    expect(sheet.text).toContain('9551234567896');
    expect(sheet.text).toContain('Roti canai frozen');
    expect(sheet.text).toContain('RM 7.90');
    expect(sheet.text).not.toContain('RM 8.50');
    expect(sheet.text).toContain('RC-10');

    const chain = read((await print({ document: 'shelflabels', products: [plain.id], layout: '2x7' })).bytes);
    expect(chain.text).toContain('RM 8.50');

    const tags = await print({
      document: 'pricetags',
      products: [ean.id, ean.id, plain.id],
      outlet: outlet.body.data.id,
    });
    const tagText = read(tags.bytes);
    expect(tagText.pages).toBe(1);
    expect(tagText.text.split('RM 21.90').length - 1).toBe(2);
    expect(tagText.text).toContain('per PCS');
  }, 90_000);

  it('prints as many labels of each product as asked, and refuses quantities that do not fit', async () => {
    const tea = await w.newProduct({ name: 'Green tea 50s', sellingPrice: '9.90' });
    const rice = await w.newProduct({ name: 'Jasmine rice 5kg', sellingPrice: '32.00' });
    const skipped = await w.newProduct({ name: 'Not this one', sellingPrice: '1.00' });
    const res = await print({
      document: 'shelflabels',
      products: [tea.id, rice.id, skipped.id],
      quantities: [7, 20, 0],
    });
    expect(res.status).toBe(200);
    const { text, pages } = read(res.bytes);
    expect(text.split('Green tea 50s').length - 1).toBe(7);
    expect(text.split('Jasmine rice 5kg').length - 1).toBe(20);
    expect(text).not.toContain('Not this one');
    expect(pages).toBe(2); // 27 labels, 24 to a 3 × 8 sheet
    const wrong = async (body: Row, field: string) => {
      const answer = await print({ document: 'shelflabels', ...body });
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.bytes.toString()).errors[0].field).toBe(field);
    };
    await wrong({ products: [tea.id, rice.id], quantities: [1] }, 'quantities');
    await wrong({ products: [tea.id], quantities: [1001] }, 'quantities.0');
    await wrong({ products: [tea.id, rice.id], quantities: [600, 600] }, 'quantities');
    await wrong({ products: [tea.id], quantities: [0] }, 'quantities');
    await wrong({ products: [tea.id], quantities: [1.5] }, 'quantities.0');
  });

  it('checks each document’s privilege and its body', async () => {
    const product = await w.newProduct();
    const from = (await w.newLocation()).id as number;
    const to = (await w.newLocation()).id as number;
    const order = await w.newOrder(from, to, [{ product: product.id as number, quantity: '1' }]);
    expect((await print({ document: 'shelflabels', products: [product.id] }, w.tokens.cashier)).status).toBe(200);
    expect((await print({ document: 'deliveryorder', id: order.id }, w.tokens.cashier)).status).toBe(403);
    const unknown = await print({ document: 'invoice', id: 1 });
    expect(unknown.status).toBe(400);
    expect(JSON.parse(unknown.bytes.toString()).errors[0].field).toBe('document');
    expect((await print({ document: 'deliveryorder' })).status).toBe(400);
    expect((await print({ document: 'deliveryorder', id: 999999 })).status).toBe(404);
    // Past the 32-bit id range: a 400 naming the id, never a database error.
    const tooBig = await print({ document: 'deliveryorder', id: 2 ** 31 });
    expect(tooBig.status).toBe(400);
    expect(JSON.parse(tooBig.bytes.toString()).errors[0].field).toBe('id');
    const missing = await print({ document: 'pricetags', products: [product.id, 999999] });
    expect(missing.status).toBe(400);
    expect(JSON.parse(missing.bytes.toString()).errors[0].field).toBe('products.1');
    expect((await print({ document: 'pricetags', products: [product.id], layout: '9x9' })).status).toBe(400);
    const anonymous = await fetch(`${w.origin}/backoffice/print/request.aspx`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"document":"shelflabels","products":[1]}',
    });
    expect(anonymous.status).toBe(401);
  });

  it('prints for a manager limited to an outlet only what they may open: another outlet’s order prints as a missing one', async () => {
    const outlet = async (code: string) =>
      (await w.post('/DataRepository/Insert/outlet', { code, name: code, timezone: 'Asia/Kuala_Lumpur' })).body.data
        .id as number;
    const [mine, theirs] = [await outlet('PRN-A'), await outlet('PRN-B')];
    const manager = await signInOutletManager(w, {
      userName: 'printer',
      displayName: 'Printer',
      password: 'Printer@12345',
      outlets: [mine],
    });
    const product = (await w.newProduct()).id as number;
    const [inMine, inTheirs, alsoTheirs] = [
      (await w.newLocation({ outlet: mine })).id as number,
      (await w.newLocation({ outlet: theirs })).id as number,
      (await w.newLocation({ outlet: theirs })).id as number,
    ];
    const hidden = await w.newOrder(inTheirs, alsoTheirs, [{ product, quantity: '1' }]);
    const toMe = await w.newOrder(inTheirs, inMine, [{ product, quantity: '1' }]);
    expect((await w.call('GET', `/printdeliveryorder/Get/${String(hidden.id)}`, { token: manager })).status).toBe(404);
    const asHidden = await print({ document: 'deliveryorder', id: hidden.id }, manager);
    const asMissing = await print({ document: 'deliveryorder', id: 999_999 }, manager);
    expect(asHidden.status).toBe(404);
    expect(asHidden.type).not.toContain('pdf');
    expect(JSON.parse(asHidden.bytes.toString()).message.replace(String(hidden.id), 'N')).toBe(
      JSON.parse(asMissing.bytes.toString()).message.replace('999999', 'N'),
    );
    // An order delivered to their outlet is theirs to print, as it is theirs to open.
    expect((await print({ document: 'deliveryorder', id: toMe.id }, manager)).status).toBe(200);
    expect((await print({ document: 'deliveryorder', id: hidden.id })).status).toBe(200);
  });
});
