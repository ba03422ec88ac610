import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useBaseCurrency, wallTime } from '../stock/support';
import { usePurchasingWorld } from './support';

const w = usePurchasingWorld(['admin', 'cashier']);
// Papers print in the company's convention: MYR → en-MY (28/09/2026 2:05 pm, 1,000.000).
useBaseCurrency(w, 'MYR');
const folder = mkdtempSync(join(tmpdir(), 'backroom-po-print-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function print(body: Record<string, unknown>, token: string = w.tokens.admin) {
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

describe('the purchase order PDF', () => {
  it('prints number, supplier, where to deliver, lines with supplier SKU, pack, cost and totals', async () => {
    const location = await w.newLocation({ name: 'Bangsar store room', address: 'Jalan Telawi 3' });
    const supplier = await w.newSupplier({ name: 'Kopi Supply Sdn Bhd', contactName: 'Aminah', leadTimeDays: 3 });
    const kopi = await w.newProduct({
      name: 'Kopi beans 1kg',
      costPrice: '10.00',
      taxCode: null,
      supplierMapping: [
        { supplier: supplier.id, supplierItemCode: 'KS-LONG-SUPPLIER-CODE-000123', cost: '31.50', packSize: '6' },
      ],
    });
    const cups = await w.newProduct({ name: 'Paper cups', costPrice: '0.20', taxCode: null });
    const order = await w.newPurchaseOrder(supplier.id as number, location.id as number, [
      { product: kopi.id, quantity: '12' },
      { product: cups.id, quantity: '500', unitCost: '0.15' },
    ]);
    expect((await w.run(order, 'send')).status).toBe(200);
    const pdf = await print({ document: 'purchaseorder', id: order.id });
    expect(pdf.status).toBe(200);
    expect(pdf.type).toContain('application/pdf');
    const file = join(folder, 'po.pdf');
    writeFileSync(file, pdf.bytes);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain('Purchase order');
    expect(text).toMatch(/Status[\s\S]*\bSent\b/);
    expect(text).toContain(order.docNo as string);
    expect(text).toContain('Kopi Supply Sdn Bhd');
    expect(text).toContain('Aminah');
    expect(text).toContain('Bangsar store room');
    expect(text).toContain('Jalan Telawi 3');
    expect(text).toMatch(/Kopi beans 1kg\s+12\.000\s+6\.000\s+31\.50\s+378\.00/);
    expect(text).toMatch(/Paper cups\s+500\.000\s+0\.15\s+75\.00/);
    // A long supplier SKU wraps inside its column: both parts print, nothing over the next column.
    expect(text).toMatch(/KS-LONG-SUPPLIER-\s+T\d+\s+Kopi beans 1kg/);
    expect(text).toMatch(/\n\s+CODE-000123\n/);
    expect(text).toMatch(/Total\s+453\.00/);

    const cashier = await print({ document: 'purchaseorder', id: order.id }, w.tokens.cashier);
    expect(cashier.status).toBe(403);
    expect((await print({ document: 'purchaseorder', id: 99999999 })).status).toBe(404);
  });

  it('prints a goods receipt: its number, the order’s, supplier, location, when in the outlet’s zone and by whom, lines, landed costs, total', async () => {
    const zone = 'Pacific/Auckland';
    const outlet = (await w.post('/DataRepository/Insert/outlet', { code: 'AKLGR', name: 'Auckland', timezone: zone }))
      .body.data.id as number;
    const location = await w.newLocation({ name: 'Ponsonby back room', outlet });
    const supplier = await w.newSupplier({ name: 'Flat White Traders' });
    // A long code with no place to break: it shrinks to fit its cell and prints whole.
    const sku = 'FWTSUPPLIER00987';
    const beans = await w.newProduct({
      name: 'Espresso beans 1kg',
      costPrice: '10.00',
      taxCode: null,
      supplierMapping: [{ supplier: supplier.id, supplierItemCode: sku, cost: '30.00' }],
    });
    const lids = await w.newProduct({ name: 'Cup lids', costPrice: '0.10', taxCode: null });
    const order = await w.newPurchaseOrder(supplier.id as number, location.id as number, [
      { product: beans.id, quantity: '10' },
      { product: lids.id, quantity: '1000', unitCost: '0.05' },
    ]);
    expect((await w.run(order, 'send')).status).toBe(200);
    const received = await w.run(order, 'receive', {
      lines: [
        { product: beans.id, quantity: '10', unitCost: '28.50' },
        { product: lids.id, quantity: '1000' },
      ],
      freight: '15.00',
      landedCostBasis: 'value',
      reference: 'DN-77',
    });
    expect(received.status, JSON.stringify(received.body)).toBe(200);
    const receipt = received.body.data.receipt as { id: number; docNo: string; at: string; total: string };
    expect(receipt.total).toBe('350.00');

    const pdf = await print({ document: 'goodsreceipt', id: receipt.id });
    expect(pdf.status).toBe(200);
    expect(pdf.type).toContain('application/pdf');
    const file = join(folder, 'gr.pdf');
    writeFileSync(file, pdf.bytes);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain('Goods receipt');
    expect(text).toContain(receipt.docNo);
    expect(text).toContain(order.docNo as string);
    expect(text).toContain('Flat White Traders');
    expect(text).toContain('Ponsonby back room');
    expect(text).toContain('DN-77');
    expect(text).toMatch(/By\s[\s\S]*\badmin\b/);
    expect(text).toContain(wallTime(receipt.at, zone));
    expect(text).not.toContain(wallTime(receipt.at, 'UTC'));
    expect(text).toMatch(/Times in Pacific\/Auckland \(UTC\+1[23]:00\); amounts in MYR/);
    expect(text).toMatch(/\d\d\/\d\d\/20\d\d \d{1,2}:\d\d [ap]m/);
    expect(text).not.toMatch(/20\d\d-\d\d-\d\d/);
    // 285.00 + 50.00 = 335.00 invoiced; freight 15.00 by value: beans 12.76, lids 2.24.
    expect(text).toMatch(
      new RegExp(`${sku}\\s+T\\d+\\s+Espresso beans 1kg\\s+10\\.000\\s+28\\.50\\s+12\\.76\\s+297\\.76`),
    );
    expect(text).toMatch(/Cup lids\s+1,000\.000\s+0\.05\s+2\.24\s+52\.24/);
    expect(text).toMatch(/Freight\s+15\.00/);
    expect(text).toMatch(/Total\s+350\.00/);

    expect((await print({ document: 'goodsreceipt', id: 99999999 })).status).toBe(404);
    expect((await print({ document: 'goodsreceipt', id: receipt.id }, w.tokens.cashier)).status).toBe(403);
  });
});
