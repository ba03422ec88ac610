import { entities, familyOf, type NormalisedEntity, type WhatIfStatus } from '@backroom/schema';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestServer, type Row } from '../support/harness';
import { NONE, roleKit } from '../support/roles';
import { exportList, legacyOf } from '../spreadsheets/support';

/**
 * Costs over every read path: every field the registry puts in the `costs` group, on every entity
 * holding one, read by the demo Cashier and by a role holding every privilege but `fields/costs`
 * (the Clerk, who opens every screen), never arrives; the Store Manager reads them. The fields are
 * taken from the registry, so a cost field added there is checked here without a word changed.
 */
// The demo chain (catalogue, sales, purchases, counts) takes a while to seed on a busy machine.
vi.setConfig({ hookTimeout: 240_000, testTimeout: 120_000 });
const t = useTestServer({ config: { demoCatalogue: true }, users: ['admin', 'manager', 'cashier'] });

interface CostFields {
  entity: NormalisedEntity;
  /** The entity's own cost fields. */
  own: string[];
  /** Cost fields of its child tables, by child list. */
  children: Map<string, string[]>;
  /** Every name above. */
  names: Set<string>;
}

function costFieldsOf(entity: NormalisedEntity): CostFields {
  const own = entity.fields.filter((f) => f.group === 'costs').map((f) => f.name);
  const children = new Map<string, string[]>();
  for (const f of entity.fields)
    if (f.kind === 'children') {
      const inner = f.fields.filter((c) => c.group === 'costs').map((c) => c.name);
      if (inner.length > 0) children.set(f.name, inner);
    }
  return { entity, own, children, names: new Set([...own, ...[...children.values()].flat()]) };
}

const HOLDERS = entities.map(costFieldsOf).filter((h) => h.names.size > 0);

/** Every key of every object in an answer, however deep. */
function keysIn(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) keysIn(v, out);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      out.add(k);
      keysIn(v, out);
    }
  return out;
}

const leaked = (answer: unknown, names: Set<string>) => [...keysIn(answer)].filter((k) => names.has(k));

let clerk = '';
const readers = () => ({ cashier: t.tokens.cashier, clerk });

beforeAll(async () => {
  const kit = roleKit(t);
  const role = await kit.newRole('ADMIN', { 'fields/costs': NONE });
  clerk = (await kit.signedInUser(role)).accessToken;
});

describe('the registry’s cost fields', () => {
  it('are found: products, supplier costs, purchasing, average costs, movements, balances, counts, sales', () => {
    const names = Object.fromEntries(HOLDERS.map((h) => [h.entity.name, [...h.names].sort()]));
    expect(names).toMatchObject({
      product: ['cost', 'costPrice'],
      purchaseorder: expect.arrayContaining(['unitCost', 'lineTotal', 'total']),
      goodsreceipt: expect.arrayContaining(['unitCost', 'landedCost', 'freight', 'total']),
      averagecost: ['averageCost'],
      stockmovement: ['unitCost'],
      stockbalance: ['averageCost'],
      stockcount: ['varianceValue'],
      stockadjustment: ['value'],
      saleline: ['unitCost'],
    });
  });
});

describe.each(HOLDERS.map((h) => [h.entity.name, h] as const))('%s, read without the costs privilege', (name, h) => {
  const family = familyOf(h.entity);
  let sample: Row[] = [];

  beforeAll(async () => {
    const list = await t.post<Row[]>(`/DataRepository/fetch/${name}`, { Take: 20 }, t.tokens.manager);
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    sample = list.body.data.slice(0, 5);
    expect(sample.length, `the demo has no ${name} row to read`).toBeGreaterThan(0);
  });

  it('the Store Manager reads every cost field of its rows, and some cost in them', async () => {
    const rows: Row[] = [];
    for (const row of sample) {
      const got = await t.get(`/${family}/Get/${String(row.id)}`, t.tokens.manager);
      expect(got.status, JSON.stringify(got.body)).toBe(200);
      rows.push(got.body.data);
    }
    for (const field of h.own) expect(rows[0], field).toHaveProperty(field);
    for (const [list, inner] of h.children) {
      const child = rows.flatMap((r) => (r[list] as Row[] | undefined) ?? [])[0];
      expect(child, `${name}.${list}: no child row in the sample`).toBeDefined();
      for (const field of inner) expect(child, `${list}.${field}`).toHaveProperty(field);
    }
    const values = rows.flatMap((r) => [
      ...h.own.map((f) => r[f]),
      ...[...h.children].flatMap(([list, inner]) => ((r[list] as Row[]) ?? []).flatMap((c) => inner.map((f) => c[f]))),
    ]);
    expect(values.some((v) => v !== null && v !== undefined)).toBe(true);
    const fields = await t.get<{ name: string; fields?: { name: string }[] }[]>(
      `/DataRepository/fields/${name}`,
      t.tokens.manager,
    );
    const named = new Set(fields.body.data.flatMap((f) => [f.name, ...(f.fields ?? []).map((c) => c.name)]));
    for (const field of h.names) expect(named.has(field), field).toBe(true);
  });

  it.each(['cashier', 'clerk'] as const)(
    'the %s reads its list, rows, fields, dropdown, palette and history without them',
    async (who) => {
      const token = readers()[who];
      const list = await t.post<Row[]>(`/DataRepository/fetch/${name}`, { Take: 20 }, token);
      if (who === 'clerk') expect(list.status, JSON.stringify(list.body)).toBe(200);
      if (list.status !== 200) {
        // A Cashier who may not open the screen reads none of it.
        expect(list.status).toBe(403);
        expect((await t.get(`/${family}/Get/${String(sample[0]!.id)}`, token)).status).toBe(403);
        return;
      }
      expect(leaked(list.body, h.names)).toEqual([]);
      for (const row of sample) {
        const got = await t.get(`/${family}/Get/${String(row.id)}`, token);
        expect(got.status).toBe(200);
        expect(leaked(got.body, h.names)).toEqual([]);
      }
      const fields = await t.get<{ name: string; fields?: { name: string }[] }[]>(
        `/DataRepository/fields/${name}`,
        token,
      );
      expect(fields.status).toBe(200);
      const named = fields.body.data.flatMap((f) => [f.name, ...(f.fields ?? []).map((c) => c.name)]);
      expect(named.filter((n) => h.names.has(n))).toEqual([]);

      const dropdown = await t.get<{ text: string; value: unknown }[]>(`/AppModule/GetDropDown/${name}?Take=20`, token);
      // An option is its text (the dropdown label's fields) and its value (the id), and nothing more.
      if (dropdown.status === 200)
        expect(dropdown.body.data.flatMap((o) => Object.keys(o)).filter((k) => k !== 'text' && k !== 'value')).toEqual(
          [],
        );
      else expect(dropdown.status).toBe(403);

      const history = await t.post(
        '/DataRepository/fetch/auditlog',
        { Take: 50, filters: [{ ColumnName: 'entity', ColumnValue: name, Operator: 'EQ' }] },
        token,
      );
      expect(history.status).toBe(200);
      expect(leaked(history.body, h.names)).toEqual([]);
    },
  );

  it.each(['cashier', 'clerk'] as const)('the %s exports it without the cost columns', async (who) => {
    const token = readers()[who];
    if ((await t.post(`/DataRepository/fetch/${name}`, { Take: 1 }, token)).status !== 200) return;
    const labels = h.entity.fields.filter((f) => h.own.includes(f.name)).map((f) => f.label);
    const procedure = `entity:${name}`;
    const theirs = (await exportList(t, { procedure }, token)).rows[0] as string[];
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.filter((header) => labels.includes(header))).toEqual([]);
    const managers = (await exportList(t, { procedure }, t.tokens.manager)).rows[0] as string[];
    for (const label of labels) expect(managers).toContain(label);
    const refused = await fetch(`${legacyOf(t)}/dataexporter/submitdataexport`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ procedure, sorts: h.own.map((f) => ({ ColumnName: f, Direction: 'desc' })) }),
    });
    if (h.own.length > 0) expect(refused.status).toBe(400);
  });
});

describe('a count, kept by a role without the costs privilege', () => {
  it('takes counts line by line (the variance value is the server’s), answered without it; a value sent is refused', async () => {
    const [location] = (await t.post<Row[]>('/DataRepository/fetch/inventorylocation', { Take: 1 }, t.tokens.manager))
      .body.data;
    const [product] = (
      await t.post<Row[]>(
        '/DataRepository/fetch/product',
        { Take: 1, filters: [{ ColumnName: 'type', ColumnValue: 'standard', Operator: 'EQ' }] },
        t.tokens.manager,
      )
    ).body.data;
    const made = await t.post('/DataRepository/Insert/stockcount', {
      location: location!.id,
      scope: 'products',
      lines: [{ product: product!.id }],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const lines = (counted: string, extra: Row = {}) => [{ product: product!.id, countedQty: counted, ...extra }];

    const refused = await t.post(
      '/DataRepository/Update/stockcount',
      { id: made.body.data.id, version: made.body.data.version, lines: lines('7', { varianceValue: '0.00' }) },
      clerk,
    );
    expect(refused.status).toBe(403);
    expect(refused.body.errors?.map((e) => e.field)).toEqual(['lines.0.varianceValue']);

    const saved = await t.post(
      '/DataRepository/Update/stockcount',
      { id: made.body.data.id, version: made.body.data.version, lines: lines('7') },
      clerk,
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((saved.body.data.lines as Row[])[0]).toMatchObject({ countedQty: '7.000' });
    expect(leaked(saved.body, holder('stockcount').names)).toEqual([]);
    const stored = (await t.get(`/StockCount/Get/${String(made.body.data.id)}`, t.tokens.manager)).body.data;
    expect((stored.lines as Row[])[0]!.varianceValue).toEqual(expect.any(String));
  });
});

describe('a purchase order, received by a role without the costs privilege', () => {
  it('is refused costs as invoiced (naming each), receives at the order’s costs, and is answered without them', async () => {
    const [order] = (
      await t.post<Row[]>(
        '/DataRepository/fetch/purchaseorder',
        { Take: 1, filters: [{ ColumnName: 'status', ColumnValue: 'sent', Operator: 'EQ' }] },
        t.tokens.manager,
      )
    ).body.data;
    expect(order, 'a sent demo order').toBeDefined();
    const line = (order!.lines as Row[])[0]!;
    const receive = (extra: Row, token: string) =>
      t.post(
        '/DataRepository/Execute/purchaseorder',
        { action: 'receive', ids: [order!.id], version: order!.version, ...extra },
        token,
      );

    const refused = await receive(
      { lines: [{ product: line.product, quantity: '1', unitCost: '0.01' }], freight: '5.00' },
      clerk,
    );
    expect(refused.status, JSON.stringify(refused.body)).toBe(403);
    expect(refused.body.errors?.map((e) => e.field).sort()).toEqual(['freight', 'lines.0.unitCost']);

    const received = await receive({ lines: [{ product: line.product, quantity: '1' }] }, clerk);
    expect(received.status, JSON.stringify(received.body)).toBe(200);
    expect(leaked(received.body, new Set([...holder('purchaseorder').names, ...holder('goodsreceipt').names]))).toEqual(
      [],
    );
    const receipt = (received.body.data as Row).receipt as Row;
    const stored = (
      await t.get(`/${familyOf(holder('goodsreceipt').entity)}/Get/${String(receipt.id)}`, t.tokens.manager)
    ).body.data;
    expect((stored.lines as Row[])[0]!.unitCost).toBe(line.unitCost);
  });
});

describe('the palette', () => {
  it('finds rows of every entity holding costs without them', async () => {
    const names = new Set(HOLDERS.flatMap((h) => [...h.names]));
    for (const q of ['A', 'PO', 'GR', 'SC']) {
      const theirs = await t.get(`/Search?q=${q}`, clerk);
      expect(theirs.status).toBe(200);
      expect(leaked(theirs.body, names)).toEqual([]);
    }
  });
});

// Resource routes and papers: their figures are the registry's costs, read through their own queries.
const folder = mkdtempSync(join(tmpdir(), 'backroom-costs-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
let files = 0;

async function printed(document: string, id: unknown, token: string): Promise<string> {
  const res = await fetch(`${t.origin}/backoffice/print/request.aspx`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ document, id }),
  });
  expect(res.status, document).toBe(200);
  const file = join(folder, `${++files}.pdf`);
  writeFileSync(file, Buffer.from(await res.arrayBuffer()));
  // Thousands separators out, so an amount reads the same in any convention.
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/(\d),(\d)/g, '$1$2');
}

/** Amounts of a row (and its child rows) as a paper prints them: two decimals, not part of a longer number. */
function amountsIn(row: Row, h: CostFields): RegExp[] {
  const values = [
    ...h.own.map((f) => row[f]),
    ...[...h.children].flatMap(([list, inner]) => ((row[list] as Row[]) ?? []).flatMap((c) => inner.map((f) => c[f]))),
  ].filter((v): v is string => typeof v === 'string' && Number(v) !== 0);
  return [...new Set(values)].map((v) => new RegExp(`(?<![\\d.])${Number(v).toFixed(2).replace('.', '\\.')}(?![\\d])`));
}

const holder = (name: string) => HOLDERS.find((h) => h.entity.name === name)!;

describe('papers and resource routes', () => {
  it.each([
    ['purchaseorder', ['Unit cost', 'Subtotal']],
    ['goodsreceipt', ['Unit cost', 'Landed']],
  ] as const)('prints a %s without costs for the Clerk, with them for the Store Manager', async (name, headers) => {
    const h = holder(name);
    const rows = (await t.post<Row[]>(`/DataRepository/fetch/${name}`, { Take: 5 }, t.tokens.manager)).body.data;
    expect(rows.length).toBeGreaterThan(0);
    for (const { id } of rows) {
      const full = (await t.get(`/${familyOf(h.entity)}/Get/${String(id)}`, t.tokens.manager)).body.data;
      const amounts = amountsIn(full, h);
      expect(amounts.length).toBeGreaterThan(0);
      const managers = await printed(name, id, t.tokens.manager);
      for (const header of headers) expect(managers).toContain(header);
      expect(amounts.some((a) => a.test(managers))).toBe(true);
      const clerks = await printed(name, id, clerk);
      expect(clerks).toContain(String(full.docNo));
      for (const header of headers) expect(clerks).not.toContain(header);
      expect(amounts.filter((a) => a.test(clerks)).map(String)).toEqual([]);
    }
  });

  it('exports a count sheet without the variance value for the Clerk', async () => {
    const counts = (await t.post<Row[]>('/DataRepository/fetch/stockcount', { Take: 20 }, t.tokens.manager)).body.data;
    expect(counts.length).toBeGreaterThan(0);
    const sheet = async (token: string) => {
      const res = await fetch(`${t.api}/stockcount/Export`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ id: counts[0]!.id }),
      });
      expect(res.status).toBe(200);
      return (await res.text()).split('\r\n')[0]!;
    };
    expect(await sheet(t.tokens.manager)).toContain('Value');
    expect(await sheet(clerk)).not.toContain('Value');
    expect(await printed('stockcount', counts[0]!.id, clerk)).not.toMatch(/Value/);
  });

  it('answers reorder suggestions without unit costs, stock valuation not at all', async () => {
    const suggest = (token: string) => t.post<{ rows: Row[] }>('/reorder/Suggest', { all: true }, token);
    const managers = await suggest(t.tokens.manager);
    expect(managers.status, JSON.stringify(managers.body)).toBe(200);
    expect(managers.body.data.rows.length).toBeGreaterThan(0);
    expect(managers.body.data.rows.some((r) => typeof r.unitCost === 'string')).toBe(true);
    const clerks = await suggest(clerk);
    expect(clerks.body.data.rows.length).toBe(managers.body.data.rows.length);
    expect([...keysIn(clerks.body)].filter((k) => /cost|margin/i.test(k))).toEqual([]);

    expect((await t.post('/stockvaluation/Fetch', {}, t.tokens.manager)).status).toBe(200);
    for (const token of Object.values(readers())) {
      expect((await t.post('/stockvaluation/Fetch', {}, token)).status).toBe(403);
      expect((await t.get('/stockvaluation/Export', token)).status).toBe(403);
    }
  });

  it('answers stock lists (virtual stock, low stock) without a cost', async () => {
    for (const token of [clerk, t.tokens.manager]) {
      for (const [path, body] of [
        ['/OutletVirtualStockBalance/fetch', { Take: 50 }],
        ['/lowstock/List', {}],
      ] as const) {
        const res = await t.post(path, body, token);
        expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
        if (token === clerk) expect([...keysIn(res.body)].filter((k) => /cost|margin|value/i.test(k))).toEqual([]);
      }
    }
  });

  it('tries a promotion on past sales without margins for the Clerk, with them for the Store Manager', async () => {
    const validFrom = new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10);
    const whatIf = async (token: string) => {
      const res = await t.post<{ jobId: number }>(
        '/pricing/WhatIf',
        {
          entity: 'promotion',
          draft: { code: 'COSTS-TRY', name: 'Ten off', kind: 'percentOff', value: '10', validFrom, items: [] },
          days: 3,
        },
        token,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      for (;;) {
        const status = (await t.get<WhatIfStatus>(`/pricing/WhatIf/${res.body.data.jobId}`, token)).body.data;
        if (status.status === 'done') return status.result!;
        expect(['queued', 'running']).toContain(status.status);
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    const managers = await whatIf(t.tokens.manager);
    expect(managers.margins).toBe(true);
    expect(managers.total.marginBefore).toBeDefined();
    const clerks = await whatIf(clerk);
    expect(clerks.margins).toBe(false);
    expect([...keysIn(clerks)].filter((k) => /margin|cost/i.test(k))).toEqual(['margins']);
    expect((await t.post('/pricing/WhatIf', { entity: 'promotion', draft: {} }, t.tokens.cashier)).status).toBe(403);
  });
});
