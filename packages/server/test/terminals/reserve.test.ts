import { getEntity } from '@backroom/schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { anyDb } from '../../src/data/store';
import { useTestServer, type Row } from '../support/harness';
import { insert } from '../pricing/shop';
import { asTerminal, getRow, openTills, pairedTerminal, receiptNo, type TillWorld } from './support';

/** `pointofsale/Reserve`: a till that can ask holds a basket's limited uses before payment; its sale confirms them; offline sales past a limit are kept and flagged. */
const t = useTestServer({ users: ['admin'] });
let world: TillWorld;
let till: { terminal: Row; token: string };
let other: { terminal: Row; token: string };

interface Reserved {
  reservationId: number;
  expiresAt: string;
  vouchers: { code: string; status: string }[];
  rules: { id: number; code: string; status: string }[];
}
interface Sale {
  id: number;
  total: string;
  priceDifference: boolean;
  vouchers: { code: string; amount: string; status: string }[];
}

let products = 0;
/** A product of its own, so a test's limited rule fires on its baskets only. */
const newProduct = () =>
  insert(t, 'product', {
    code: `RSV${++products}`,
    name: `Reserved ${products}`,
    category: world.products.coffee!.category,
    uom: world.products.coffee!.uom,
    sellingPrice: '10.00',
  });
const limitedRule = (product: Row, usageLimit: number) =>
  insert(t, 'newpromotion', {
    code: `ONCE${product.id}`,
    name: 'Limited',
    validFrom: '2024-01-01',
    usageLimit,
    conditions: [{ kind: 'items', product: product.id }],
    rewards: [{ kind: 'percentOff', value: '10' }],
  });
const singleUseCode = async (value = '2.00') => {
  const voucher = await insert(t, 'voucher', { code: `GEN${++products}`, name: 'Generated', kind: 'amount', value });
  const made = await t.post<{ codes: Record<string, string[]> }>('/DataRepository/Execute/voucher', {
    action: 'generate',
    ids: [voucher.id],
    count: 1,
  });
  return { voucher, code: made.body.data.codes[String(voucher.id)]![0]! };
};

const reserve = (body: Row, token = till.token) =>
  asTerminal<Reserved>(t, token, 'POST', '/pointofsale/Reserve', { receiptNo: receiptNo(), ...body });
const sell = (body: Row, token = till.token) =>
  asTerminal<Sale>(t, token, 'POST', '/pointofsale/Sales', {
    receiptNo: receiptNo(),
    at: new Date().toISOString(),
    ...body,
  });
const basket = (product: Row, quantity = 1) => [{ productId: product.id, quantity, unitPrice: '10.00' }];
const statuses = (answers: { status: number; body: { data: Reserved } }[], part: 'vouchers' | 'rules') =>
  answers.map((a) => {
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    return a.body.data[part][0]?.status;
  });

/** Moves a reservation's end into the past, as if its time had run out. */
async function expire(reservationId: number) {
  const db = anyDb(t.server.app.ctx);
  const past = new Date(Date.now() - 1000).toISOString();
  await db
    .updateTable(getEntity('salereservation').table)
    .set({ expires_at: past })
    .where('id', '=', reservationId)
    .execute();
  await db
    .updateTable(getEntity('salereservationuse').table)
    .set({ expires_at: past })
    .where('reservation_id', '=', reservationId)
    .execute();
  await db
    .updateTable(getEntity('vouchercode').table)
    .set({ held_until: past })
    .where('held_by_id', '=', reservationId)
    .execute();
}

const codeRow = async (code: string) =>
  (
    await t.post<Row[]>('/DataRepository/fetch/vouchercode', {
      filters: [{ ColumnName: 'code', ColumnValue: code, Operator: 'EQ' }],
    })
  ).body.data[0]!;

/** A sale's rows of one kind (its Price differences, its voucher lines) as the data API lists them. */
const ofSale = async (entity: string, sale: number) =>
  (
    await t.post<Row[]>(`/DataRepository/fetch/${entity}`, {
      filters: [{ ColumnName: 'sale', ColumnValue: sale, Operator: 'EQ' }],
    })
  ).body.data;

beforeAll(async () => {
  world = await openTills(t);
  till = await pairedTerminal(t, world.outlet.id);
  other = await pairedTerminal(t, world.outlet.id);
});

describe('reserving limited uses before payment', () => {
  it('holds one single-use code for exactly one of 30 parallel baskets', async () => {
    const product = await newProduct();
    const { code } = await singleUseCode();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        reserve({ lines: basket(product), voucherCodes: [code] }, i % 2 ? other.token : till.token),
      ),
    );
    const got = statuses(answers, 'vouchers');
    expect(got.filter((s) => s === 'reserved')).toHaveLength(1);
    expect(got.filter((s) => s !== 'reserved').every((s) => s === 'heldElsewhere')).toBe(true);
    expect((await codeRow(code)).redeemedAt).toBeNull();
  });

  it('holds a rule limited to one use for exactly one of 10 parallel baskets', async () => {
    const product = await newProduct();
    const rule = await limitedRule(product, 1);
    const answers = await Promise.all(Array.from({ length: 10 }, () => reserve({ lines: basket(product) })));
    const got = statuses(answers, 'rules');
    expect(got.filter((s) => s === 'reserved')).toHaveLength(1);
    expect(got.filter((s) => s === 'limitReached')).toHaveLength(9);
    expect(answers[0]!.body.data.rules[0]).toMatchObject({ id: rule.id, code: rule.code });
    expect(await getRow(t, 'newpromotion', rule.id)).toMatchObject({ timesHeld: 1, timesUsed: 0 });
  });

  it('holds exactly as many of 100 parallel baskets as a voucher’s limit of 7 allows', async () => {
    const product = await newProduct();
    const voucher = await insert(t, 'voucher', {
      code: `SEVEN${product.id}`,
      name: 'Seven uses',
      kind: 'amount',
      value: '1.00',
      usageLimit: 7,
    });
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        reserve(
          { lines: basket(product), voucherCodes: [String(voucher.code).toLowerCase()] },
          i % 2 ? other.token : till.token,
        ),
      ),
    );
    const got = statuses(answers, 'vouchers');
    expect(got.filter((s) => s === 'reserved')).toHaveLength(7);
    expect(got.filter((s) => s === 'limitReached')).toHaveLength(93);
    expect(await getRow(t, 'voucher', voucher.id)).toMatchObject({ timesHeld: 7, timesUsed: 0 });
  });

  it('releases a hold that expired the moment another basket asks', async () => {
    const product = await newProduct();
    const rule = await limitedRule(product, 1);
    const { code } = await singleUseCode();
    const first = await reserve({ lines: basket(product), voucherCodes: [code] });
    expect([first.body.data.rules[0]?.status, first.body.data.vouchers[0]?.status]).toEqual(['reserved', 'reserved']);
    const blocked = await reserve({ lines: basket(product), voucherCodes: [code] }, other.token);
    expect([blocked.body.data.rules[0]?.status, blocked.body.data.vouchers[0]?.status]).toEqual([
      'limitReached',
      'heldElsewhere',
    ]);

    await expire(first.body.data.reservationId);
    const second = await reserve({ lines: basket(product), voucherCodes: [code] }, other.token);
    expect([second.body.data.rules[0]?.status, second.body.data.vouchers[0]?.status]).toEqual(['reserved', 'reserved']);
    expect(await getRow(t, 'newpromotion', rule.id)).toMatchObject({ timesHeld: 1, timesUsed: 0 });
    expect((await codeRow(code)).heldBy).toBe(second.body.data.reservationId);
  });

  it('confirms the held uses by the sale naming the reservation', async () => {
    const product = await newProduct();
    const rule = await limitedRule(product, 1);
    const { voucher, code } = await singleUseCode();
    const receipt = receiptNo();
    const held = await reserve({ receiptNo: receipt, lines: basket(product, 2), voucherCodes: [code.toLowerCase()] });
    expect(held.status, JSON.stringify(held.body)).toBe(200);
    expect(held.body.data.vouchers).toEqual([{ code, status: 'reserved' }]);
    expect(Date.parse(held.body.data.expiresAt)).toBeGreaterThan(Date.now());

    const sold = await sell({
      receiptNo: receipt,
      reservationId: held.body.data.reservationId,
      lines: basket(product, 2),
      voucherCodes: [code],
      total: '16.00',
    });
    expect(sold.status, JSON.stringify(sold.body)).toBe(200);
    expect(sold.body.data.vouchers).toEqual([{ code, amount: '2.00', status: 'redeemed' }]);
    expect(await getRow(t, 'newpromotion', rule.id)).toMatchObject({ timesHeld: 0, timesUsed: 1, overRedeemed: 0 });
    expect(await getRow(t, 'voucher', voucher.id)).toMatchObject({ timesUsed: 1, overRedeemed: 0 });
    expect((await codeRow(code)).redeemedAt).not.toBeNull();

    const after = await reserve({ lines: basket(product), voucherCodes: [code] }, other.token);
    expect([after.body.data.rules[0]?.status, after.body.data.vouchers[0]?.status]).toEqual([
      'limitReached',
      'alreadyUsed',
    ]);
    // The reservation is the sale's now: another sale cannot name it.
    const again = await sell({ reservationId: held.body.data.reservationId, lines: basket(product) });
    expect(again.status).toBe(400);
    expect(again.body.errors?.map((e) => e.field)).toEqual(['reservationId']);
  });

  it('releases the holds a sale did not use', async () => {
    const product = await newProduct();
    const rule = await limitedRule(product, 1);
    const receipt = receiptNo();
    const held = await reserve({ receiptNo: receipt, lines: basket(product) });
    expect(held.body.data.rules[0]?.status).toBe('reserved');
    // The customer took the limited product off the basket.
    const sold = await sell({
      receiptNo: receipt,
      reservationId: held.body.data.reservationId,
      lines: [{ productId: world.products.tea!.id, quantity: 1, unitPrice: '6.00' }],
    });
    expect(sold.status, JSON.stringify(sold.body)).toBe(200);
    expect(await getRow(t, 'newpromotion', rule.id)).toMatchObject({ timesHeld: 0, timesUsed: 0 });
    expect((await reserve({ lines: basket(product) }, other.token)).body.data.rules[0]?.status).toBe('reserved');
  });

  it('replaces a basket’s hold when the till asks again for the same receipt', async () => {
    const product = await newProduct();
    const rule = await limitedRule(product, 1);
    const receipt = receiptNo();
    for (let i = 0; i < 3; i++)
      expect((await reserve({ receiptNo: receipt, lines: basket(product, i + 1) })).body.data.rules[0]?.status).toBe(
        'reserved',
      );
    expect(await getRow(t, 'newpromotion', rule.id)).toMatchObject({ timesHeld: 1 });
  });

  it('refuses a sale naming another terminal’s reservation, naming reservationId', async () => {
    const product = await newProduct();
    const held = await reserve({ lines: basket(product) });
    const foreign = await sell({ reservationId: held.body.data.reservationId, lines: basket(product) }, other.token);
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors?.map((e) => e.field)).toEqual(['reservationId']);
    for (const reservationId of [999_999, '12', -1]) {
      const res = await sell({ reservationId, lines: basket(product) });
      expect(res.status, String(reservationId)).toBe(400);
      expect(res.body.errors?.[0]?.field).toBe('reservationId');
    }
  });

  it('keeps a sale naming an expired reservation: what it still holds is confirmed, what another basket took is over-redeemed', async () => {
    const product = await newProduct();
    const { voucher, code } = await singleUseCode();
    const lapsed = await reserve({ lines: basket(product), voucherCodes: [code] });
    await expire(lapsed.body.data.reservationId);
    // Nobody asked meanwhile: the sale still gets its code.
    const kept = await sell({
      reservationId: lapsed.body.data.reservationId,
      lines: basket(product),
      voucherCodes: [code],
    });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body.data.vouchers[0]).toMatchObject({ status: 'redeemed' });

    const next = await singleUseCode();
    const late = await reserve({ lines: basket(product), voucherCodes: [next.code] });
    await expire(late.body.data.reservationId);
    const taken = await reserve({ lines: basket(product), voucherCodes: [next.code] }, other.token);
    expect(taken.body.data.vouchers[0]?.status).toBe('reserved');
    const over = await sell({
      reservationId: late.body.data.reservationId,
      lines: basket(product),
      voucherCodes: [next.code],
      total: '8.00',
    });
    expect(over.status, JSON.stringify(over.body)).toBe(200);
    expect(over.body.data.vouchers[0]).toMatchObject({ code: next.code, status: 'overRedeemed' });
    expect(await getRow(t, 'voucher', next.voucher.id)).toMatchObject({ timesUsed: 1, overRedeemed: 1 });
    // The basket that holds it now still confirms it.
    const confirmed = await sell(
      { reservationId: taken.body.data.reservationId, lines: basket(product), voucherCodes: [next.code] },
      other.token,
    );
    expect(confirmed.body.data.vouchers[0]).toMatchObject({ status: 'redeemed' });
    expect(await getRow(t, 'voucher', next.voucher.id)).toMatchObject({ timesUsed: 2, overRedeemed: 1 });
    expect(await getRow(t, 'voucher', voucher.id)).toMatchObject({ timesUsed: 1, overRedeemed: 0 });
  });

  it('accepts an offline sale past a limit and counts its overage on the rule and the voucher', async () => {
    const product = await newProduct();
    const rule = await limitedRule(product, 1);
    const { voucher, code } = await singleUseCode();
    const held = await reserve({ lines: basket(product), voucherCodes: [code] });
    expect(held.body.data.rules[0]?.status).toBe('reserved');
    // A till that could not ask sells the same code and rule: the customer has left with them.
    const offline = await sell({ lines: basket(product), voucherCodes: [code], total: '7.00' }, other.token);
    expect(offline.status, JSON.stringify(offline.body)).toBe(200);
    expect(offline.body.data.vouchers[0]).toMatchObject({ status: 'overRedeemed' });
    expect(await getRow(t, 'newpromotion', rule.id)).toMatchObject({ timesUsed: 1, timesHeld: 1, overRedeemed: 1 });
    expect(await getRow(t, 'voucher', voucher.id)).toMatchObject({ timesUsed: 1, overRedeemed: 1 });
    // On the Price differences screen: the rule's 1.00 and the code's 2.00, given past their limits.
    const differences = await ofSale('saledifference', offline.body.data.id);
    expect(differences.map((d) => [d.reason, d.reference, d.difference]).sort()).toEqual([
      ['overRedeemed', `rule ${String(rule.code)}`, '-1.00'],
      ['overRedeemed', `voucher ${code}`, '-2.00'],
    ]);
    expect(offline.body.data.priceDifference).toBe(true);
    // The till that asked keeps what it was promised.
    const confirmed = await sell({
      reservationId: held.body.data.reservationId,
      lines: basket(product),
      voucherCodes: [code],
      total: '7.00',
    });
    expect(confirmed.body.data.vouchers[0]).toMatchObject({ status: 'redeemed' });
    expect(confirmed.body.data.priceDifference).toBe(false);
    expect(await getRow(t, 'newpromotion', rule.id)).toMatchObject({ timesUsed: 2, timesHeld: 0, overRedeemed: 1 });
  });

  it('accepts an offline sale spending a single-use code another sale used: over-redeemed, in Price differences and on the voucher', async () => {
    const product = await newProduct();
    const { voucher, code } = await singleUseCode();
    const first = await sell({ lines: basket(product), voucherCodes: [code], total: '8.00' });
    expect(first.body.data.vouchers[0]).toMatchObject({ status: 'redeemed' });
    // The second till was offline: it took the 2.00 off too, and the customer has left.
    const offline = await sell({ lines: basket(product), voucherCodes: [code], total: '8.00' }, other.token);
    expect(offline.status, JSON.stringify(offline.body)).toBe(200);
    expect(offline.body.data).toMatchObject({ total: '8.00', expectedTotal: '10.00', priceDifference: true });
    expect(offline.body.data.vouchers[0]).toMatchObject({ code, amount: '2.00', status: 'overRedeemed' });
    expect(await getRow(t, 'voucher', voucher.id)).toMatchObject({ timesUsed: 2, overRedeemed: 1 });
    // One difference, the code's 2.00 under overRedeemed (not a promotion): charged less expected.
    const differences = await ofSale('saledifference', offline.body.data.id);
    expect(differences.map((d) => [d.reason, d.reference, d.difference])).toEqual([
      ['overRedeemed', `voucher ${code}`, '-2.00'],
    ]);
    const stored = await ofSale('salevoucher', offline.body.data.id);
    expect(stored.map((v) => [v.code, v.status])).toEqual([[code, 'overRedeemed']]);
  });

  it('accepts an offline sale giving a rule whose last use another sale took: over-redeemed; a till that did not give it is not', async () => {
    const product = await newProduct();
    const rule = await limitedRule(product, 1);
    const first = await sell({ lines: basket(product), total: '9.00' });
    expect(first.body.data.priceDifference).toBe(false);
    // The second till was offline and took the rule's 1.00 off too.
    const offline = await sell({ lines: basket(product), total: '9.00' }, other.token);
    expect(offline.status, JSON.stringify(offline.body)).toBe(200);
    expect(offline.body.data).toMatchObject({ total: '9.00', expectedTotal: '10.00', priceDifference: true });
    const differences = await ofSale('saledifference', offline.body.data.id);
    expect(differences.map((d) => [d.reason, d.reference, d.difference])).toEqual([
      ['overRedeemed', `rule ${String(rule.code)}`, '-1.00'],
    ]);
    expect(await getRow(t, 'newpromotion', rule.id)).toMatchObject({ timesUsed: 2, overRedeemed: 1 });
    // A till that knew the rule was spent charged the full price: nothing to flag, nothing counted.
    const full = await sell({ lines: basket(product), total: '10.00' });
    expect(full.body.data).toMatchObject({ total: '10.00', expectedTotal: '10.00', priceDifference: false });
    expect(await getRow(t, 'newpromotion', rule.id)).toMatchObject({ timesUsed: 2, overRedeemed: 1 });
  });

  it('flags every sale but one when 10 offline sales race for a rule limited to one use', async () => {
    const product = await newProduct();
    const rule = await limitedRule(product, 1);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        sell({ lines: basket(product), total: '9.00' }, i % 2 ? other.token : till.token),
      ),
    );
    for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(200);
    // One sale is within the limit. A sale priced while the use was still free and counted after it
    // was taken is over-redeemed; one priced after it was taken is expected at full price: either
    // way every other sale is flagged.
    expect(answers.filter((a) => !a.body.data.priceDifference)).toHaveLength(1);
    const counted = await getRow(t, 'newpromotion', rule.id);
    expect(Number(counted.timesUsed) - Number(counted.overRedeemed)).toBe(1);
  });

  it('keeps its word to the tills that asked while offline sales race them for the same rule and code', async () => {
    const product = await newProduct();
    const rule = await limitedRule(product, 3);
    const voucher = await insert(t, 'voucher', {
      code: `RACE${product.id}`,
      name: 'Race',
      kind: 'amount',
      value: '1.00',
      usageLimit: 3,
    });
    const asker = async (i: number) => {
      const token = i % 2 ? other.token : till.token;
      const receipt = receiptNo();
      const held = await reserve(
        { receiptNo: receipt, lines: basket(product), voucherCodes: [String(voucher.code)] },
        token,
      );
      expect(held.status, JSON.stringify(held.body)).toBe(200);
      const promised =
        held.body.data.rules[0]?.status === 'reserved' && held.body.data.vouchers[0]?.status === 'reserved';
      const sold = await sell(
        {
          receiptNo: receipt,
          reservationId: held.body.data.reservationId,
          lines: basket(product),
          voucherCodes: [String(voucher.code)],
          total: '8.00',
        },
        token,
      );
      expect(sold.status, JSON.stringify(sold.body)).toBe(200);
      return { promised, sold: sold.body.data };
    };
    const offline = async (i: number) => {
      const sold = await sell(
        { lines: basket(product), voucherCodes: [String(voucher.code)], total: '8.00' },
        i % 2 ? other.token : till.token,
      );
      expect(sold.status, JSON.stringify(sold.body)).toBe(200);
    };
    const [asked] = await Promise.all([
      Promise.all(Array.from({ length: 12 }, (_, i) => asker(i))),
      Promise.all(Array.from({ length: 12 }, (_, i) => offline(i))),
    ]);
    const promised = asked.filter((a) => a.promised);
    expect(promised.length).toBeLessThanOrEqual(3);
    // A till told "reserved" got the use: its sale is neither over-redeemed nor flagged.
    for (const a of promised) {
      expect(a.sold.vouchers[0]).toMatchObject({ status: 'redeemed', amount: '1.00' });
      expect(a.sold.priceDifference).toBe(false);
    }
    for (const [name, id] of [
      ['newpromotion', rule.id],
      ['voucher', voucher.id],
    ] as const) {
      const row = await getRow(t, name, id);
      expect(row.timesHeld, name).toBe(0);
      expect(Number(row.timesUsed) - Number(row.overRedeemed), name).toBeLessThanOrEqual(3);
    }
  });

  it('reads one code typed six ways as one code, held once', async () => {
    const product = await newProduct();
    const voucher = await insert(t, 'voucher', {
      code: `SIXWAYS${product.id}`,
      name: 'Six ways',
      kind: 'amount',
      value: '5.00',
      usageLimit: 1,
    });
    const code = String(voucher.code);
    const six = [
      code,
      code.toLowerCase(),
      ` ${code} `,
      `${code[0]}${code.slice(1).toLowerCase()}`,
      `${code.toLowerCase()}  `,
      `\t${code}`,
    ];
    const held = await reserve({ lines: basket(product, 4), voucherCodes: six });
    expect(held.status, JSON.stringify(held.body)).toBe(200);
    expect(held.body.data.vouchers).toEqual([{ code, status: 'reserved' }]);
    expect(await getRow(t, 'voucher', voucher.id)).toMatchObject({ timesHeld: 1 });
  });

  it('answers why a code is not held: unknown, expired, not applicable', async () => {
    const product = await newProduct();
    await insert(t, 'voucher', {
      code: `OLD${product.id}`,
      name: 'Old',
      kind: 'amount',
      value: '1.00',
      validFrom: '2020-01-01',
      validTo: '2020-12-31',
    });
    await insert(t, 'voucher', {
      code: `BIG${product.id}`,
      name: 'Big spend',
      kind: 'amount',
      value: '1.00',
      minSpend: '500.00',
    });
    const res = await reserve({
      lines: basket(product),
      voucherCodes: ['NO-SUCH-CODE', `old${product.id}`, `BIG${product.id}`],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.vouchers).toEqual([
      { code: 'NO-SUCH-CODE', status: 'unknown' },
      { code: `OLD${product.id}`, status: 'expired' },
      { code: `BIG${product.id}`, status: 'notApplicable' },
    ]);
    expect(res.body.data.rules).toEqual([]);
  });

  it('refuses bad input with a 400 naming the field, holding nothing', async () => {
    const product = await newProduct();
    const rule = await limitedRule(product, 1);
    const line = basket(product)[0]!;
    const bad: [Row, string][] = [
      [{ lines: [] }, 'lines'],
      [{ lines: [{ ...line, productId: undefined, product: 754 }] }, 'lines.0.product'],
      [{ lines: [{ ...line, product: 'NO-SUCH-PRODUCT', productId: undefined }] }, 'lines.0.product'],
      [{ lines: [{ ...line, quantity: 0 }] }, 'lines.0.quantity'],
      [{ lines: [{ ...line, quantity: 'x' }] }, 'lines.0.quantity'],
      [{ lines: [{ ...line, unitPrice: '-1' }] }, 'lines.0.unitPrice'],
      [{ lines: [line], voucherCodes: 'CODE' }, 'voucherCodes'],
      [{ lines: [line], member: 754 }, 'member'],
      [{ lines: [line], receiptNo: '' }, 'receiptNo'],
      [{ lines: [line], till: 1 }, ''],
    ];
    for (const [body, field] of bad) {
      const res = await reserve(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      if (field)
        expect(
          res.body.errors?.map((e) => e.field),
          JSON.stringify(body),
        ).toContain(field);
    }
    expect(await getRow(t, 'newpromotion', rule.id)).toMatchObject({ timesHeld: 0 });
    const unpaired = await t.call('POST', '/pointofsale/Reserve', { body: { receiptNo: 'X', lines: [line] } });
    expect(unpaired.status).toBe(401);
  });
});
