import { entities, findEntity, toStorageRow, type NormalisedEntity } from '@backroom/schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { outletPaths } from '../../src/data/outlet-ties';
import { targetOf } from '../../src/data/references';
import { useTestServer, type Row } from '../support/harness';
import { roleKit } from '../support/roles';
import { asTerminal, pairedTerminal } from '../terminals/support';
import { creatable, withRowBuilder } from './support/rows';

/**
 * Outlet limits on every route, by construction: the routes are the app's own (Fastify's onRoute),
 * and each is either proven here — an outlet-limited user asking for another outlet's row gets
 * exactly what they get for a row that does not exist — or listed as taking no outlet row, with
 * the reason. A route added without either fails the first test.
 */
const routes: string[] = [];
const t = useTestServer({
  users: ['admin'],
  extend: withRowBuilder,
  onRoute: (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push(`${method} ${route.url}`);
  },
});

const API = '/backoffice/core/api';
const WEB = '/backoffice/WebAPI';
const MISSING = 999_999;

/** Routes that take no row of an outlet, and why. */
const NO_OUTLET_ROW: Record<string, string> = {
  'GET /backoffice/core/api/Info/Version': 'server facts',
  'GET /backoffice/core/api/openapi.json': 'the API’s description, no row',
  'GET /backoffice/core/health': 'server health',
  'GET /backoffice/core/health/live': 'server health, from the process',
  'GET /backoffice/core/health/ready': 'server health: database and migrations',
  'GET /backoffice/core/api/authentication/:action': 'sign-in: the caller’s own account',
  'POST /backoffice/core/api/authentication/:action': 'sign-in: the caller’s own account',
  'GET /backoffice/core/api/login/:action': 'sign-in: the caller’s own account',
  'POST /backoffice/core/api/login/:action': 'sign-in: the caller’s own account',
  'GET /backoffice/core/api/AppModule/GetMenu/:id': 'a menu id of the registry, not a row',
  'GET /backoffice/core/api/AppModule/GetTopMenu': 'the menu',
  'GET /backoffice/core/api/DataRepository/procedure/:name':
    'procedures (the commission report) limit themselves to the caller’s outlets; they take no row id',
  'POST /backoffice/core/api/DataRepository/procedure/:name': 'as above',
  'POST /backoffice/core/api/DataRepository/executejson/:name': 'as above',
  'GET /backoffice/core/api/PublicDataRepository/procedure/:name': 'public procedures read no outlet row',
  'POST /backoffice/core/api/PublicDataRepository/procedure/:name': 'public procedures read no outlet row',
  'GET /backoffice/core/api/user/AssignableRoles': 'roles belong to no outlet',
  'GET /backoffice/core/api/user/Locked': 'a list through the user row filter (test/admin/escalation-outlets.test.ts)',
  'GET /backoffice/core/api/RolePrivileges/Roles': 'roles belong to no outlet',
  'GET /backoffice/core/api/RolePrivileges/Grid': 'roles belong to no outlet',
  'POST /backoffice/core/api/RolePrivileges/Save': 'roles belong to no outlet',
  'GET /backoffice/core/api/feature/Get': 'chain-wide settings',
  'POST /backoffice/core/api/feature/Save': 'chain-wide settings',
  'GET /backoffice/core/api/company/Get': 'the company, chain-wide',
  'GET /backoffice/core/api/company/Format': 'the company, chain-wide',
  'POST /backoffice/core/api/company/Save':
    'the company, chain-wide (a write: refused to limited users, test/data/outlets.test.ts)',
  'GET /backoffice/core/api/installer/Status': 'first set-up',
  'POST /backoffice/core/api/installer/Setup': 'first set-up',
  'GET /backoffice/core/api/DataRepository/fields/:name': 'an entity’s fields, no row',
  'POST /backoffice/core/api/DataRepository/Insert/:name':
    'proven with the references below (a row naming another outlet’s row)',
  'GET /backoffice/core/api/AppModule/GetExportParameters/:id': 'an entity’s export parameters, no row',
  'POST /backoffice/core/api/outletpricing/Grid':
    'columns of the caller’s outlets only (test/pricing/outlet-pricing.test.ts)',
  'GET /backoffice/core/api/AppSetting/FetchByGroupId/:id': 'chain-wide settings',
  'GET /backoffice/core/api/AppSetting/FetchByKey/:key': 'chain-wide settings',
  'POST /backoffice/core/api/AppSetting/UpdateSetting': 'chain-wide settings',
  'POST /backoffice/core/api/AppSetting/UpdateAttributes': 'chain-wide settings',
  'GET /backoffice/core/api/Product/FetchSupplierMapDropown/:id': 'a product: products belong to no outlet',
  'GET /backoffice/core/api/pricing/VoucherCodes/:id': 'a voucher: vouchers belong to no outlet',
  'POST /backoffice/core/api/membershipintegration/TestConnection': 'a chain-wide integration',
  'POST /backoffice/core/api/OutletVirtualStockBalance/fetch':
    'a list limited to the caller’s locations (test/stock/virtual-stock.test.ts)',
  'POST /backoffice/core/api/lowstock/List': 'a list limited to the caller’s locations',
  'GET /backoffice/WebAPI/deliveryorder': 'a list through the row filter',
  'POST /backoffice/core/api/onlinesalesorder/Place': 'a storefront’s channel key names its outlet; no user, no row id',
  'GET /backoffice/core/public/menu/:file': 'a published menu, public by design',
  'GET /backoffice/core/api/pointofsale/Status': 'a list limited to the caller’s outlets',
  'POST /backoffice/core/api/pointofsale/Pair': 'a one-time pairing code, no row id',
  'POST /backoffice/core/api/pointofsale/Heartbeat': 'the terminal’s own row',
  'GET /backoffice/core/api/pointofsale/Catalogue': 'the terminal’s own outlet (test/terminals/catalogue.test.ts)',
  'POST /backoffice/core/api/pointofsale/Reserve':
    'the terminal’s own outlet (its basket priced there); a held use is chain-wide, as a sale’s; a reservation is the terminal’s own',
  'POST /backoffice/core/api/pointofsale/Sales':
    'the terminal’s own outlet; products and payment modes are chain-wide, a member shops at any outlet',
  'GET /backoffice/core/api/pointofsale/Commands': 'the terminal’s own commands',
  'GET /backoffice/core/api/home/Summary': 'figures of the caller’s outlets (test/home/summary.test.ts)',
  'GET /backoffice/core/api/AppModule/GetBlankTemplateOption/:importType': 'an import template, no row',
  'GET /backoffice/WebAPI/DataExporter/ExportBlankTemplate/:importType/:option': 'an import template, no row',
  'GET /backoffice/WebAPI/DataExporter/status/:jobId': 'a job id: the caller’s own jobs only (test/jobs)',
  'GET /backoffice/core/api/pricing/WhatIf/:jobId':
    'a job id: the caller’s own what-if only (test/pricing/what-if.test.ts)',
  'POST /backoffice/WebAPI/DataExporter/cancel/:jobId': 'a job id: the caller’s own jobs only',
  'GET /backoffice/WebAPI/DataExporter/jobs': 'the caller’s own jobs',
  'POST /backoffice/WebAPI/DataImporter/DownloadResult': 'a job id: the caller’s own jobs only',
  'GET /backoffice/WebAPI/DataExporter/download/:jobId': 'a job id: the caller’s own jobs only',
  'POST /backoffice/WebAPI/dataexporter/submitdataexport':
    'an export reads the list through the same row filter (test/spreadsheets/export-pages.test.ts)',
  'POST /backoffice/WebAPI/DataImporter/SubmitDataImport':
    'an import writes through the generic write path (its row filter and outlet rules)',
  'POST /backoffice/WebAPI/DataImporter/InspectImport': 'a file’s headers and the mapping offered for them, no row',
  'POST /backoffice/core/api/jobs/Run': 'a job by name, no row',
  'GET /backoffice/new/*': 'the console’s files',
  'GET /': 'a redirect',
  'GET /backoffice': 'a redirect',
  'GET /backoffice/': 'a redirect',
  'GET /backoffice/new': 'the console',
  'POST /upload/backoffice': 'an upload, no row',
  'POST /upload/backoffice/:folder': 'an upload, no row',
  'GET /backoffice/files/:folder/:name': 'an uploaded file, no row',
};

interface Answer {
  status: number;
  body: { message?: string; data?: unknown; totalCount?: number; errors?: { field: string; message: string }[] };
}
/** One request, for an id: asked for the hidden row and for a missing one. */
type Probe = (id: number) => Promise<Answer>;

const tied = entities.filter((e) => outletPaths(e).length > 0);
let outletA: number;
let outletB: number;
let limited: string;
const hiddenIds = new Map<string, number>();

/** A row of outlet B (or tied to it through its references), built as the administrator. */
async function hidden(entity: NormalisedEntity): Promise<number> {
  const known = hiddenIds.get(entity.name);
  if (known) return known;
  if (entity.name === 'outlet') return outletB;
  const id = await build(entity);
  hiddenIds.set(entity.name, id);
  return id;
}

async function build(entity: NormalisedEntity): Promise<number> {
  const row = await t.builder.row(entity);
  const used = new Set<string>();
  for (const path of outletPaths(entity)) {
    const field = path[0]!;
    const target = targetOf(field)!;
    // Two fields to the same entity (a delivery order's from and to) get two rows of outlet B.
    const id = target.name === 'outlet' ? outletB : used.has(target.name) ? await build(target) : await hidden(target);
    used.add(target.name);
    row[field.name] = field.kind === 'multireference' ? [id] : id;
  }
  if (entity.name === 'user') row.outlets = [outletB];
  let id: number;
  if (creatable(entity)) {
    const res = await t.post(`/DataRepository/Insert/${entity.name}`, row);
    expect(res.status, `${entity.name}: ${JSON.stringify(res.body)}`).toBe(200);
    id = res.body.data.id as number;
  } else {
    const system = entity.systemFields
      ? { version: 1, created_at: '2026-01-15T10:00:00.000Z', updated_at: '2026-01-15T10:00:00.000Z' }
      : {};
    const stored = { ...toStorageRow(entity, row, t.server.app.ctx.dialect), ...system };
    const inserted = await t.server.app.ctx.db
      .insertInto(entity.table as never)
      .values(stored as never)
      .returning('id' as never)
      .executeTakeFirstOrThrow();
    id = Number((inserted as Row).id);
  }
  return id;
}

/** The answer with `id` written N, and without its request id (every request has its own). */
const same = (answer: Answer, id: number) =>
  JSON.stringify({ status: answer.status, body: { ...(answer.body as object), requestId: undefined } }).replace(
    new RegExp(`(?<![\\d.:-])${id}(?![\\d.:-])`, 'g'),
    'N',
  );

/** The probe answers the same for the hidden row as for a missing one (ids aside). */
async function expectHiddenAsMissing(what: string, probe: Probe, hiddenId: number): Promise<void> {
  const asHidden = await probe(hiddenId);
  const asMissing = await probe(MISSING);
  // An address no route serves would answer both alike and prove nothing.
  expect(asMissing.body.message, what).not.toBe('Not found');
  expect(same(asHidden, hiddenId), what).toBe(same(asMissing, MISSING));
}

/** A call as the limited user to a path from the origin (`/backoffice/…`). */
const as = (method: string, path: string, body?: unknown): Promise<Answer> =>
  t.call(method, `${t.origin}${path}`, { token: limited, body });
/** A call whose answer may be a file (CSV): its text stands as the message. */
const asFile = async (method: string, path: string, body?: unknown): Promise<Answer> => {
  const res = await fetch(`${t.origin}${path}`, {
    method,
    headers: { authorization: `Bearer ${limited}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return {
    status: res.status,
    body: res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : { message: text },
  };
};
const print = async (body: Row): Promise<Answer> => {
  const res = await fetch(`${t.origin}/backoffice/print/request.aspx`, {
    method: 'POST',
    headers: { authorization: `Bearer ${limited}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = res.headers.get('content-type')?.includes('json') ? await res.text() : '{}';
  return { status: res.status, body: JSON.parse(text) as Answer['body'] };
};

beforeAll(async () => {
  outletA = (await t.builder.insert(findEntity('outlet')!, { code: 'MINE' })).id as number;
  outletB = (await t.builder.insert(findEntity('outlet')!, { code: 'THEIRS' })).id as number;
  const kit = roleKit(t);
  // Every privilege of the administrator, limited to outlet A: only outlet limits can refuse.
  limited = (await kit.signedInUser(await kit.roleId('ADMIN'), { outlets: [outletA] })).accessToken;
  for (const entity of tied) await hidden(entity);
});

/** Per route: the probes that prove it, each with the hidden id it asks for. */
function proofs(): Record<string, () => Promise<void>> {
  const each = async (run: (entity: NormalisedEntity, id: number) => Promise<void>) => {
    for (const entity of tied) await run(entity, hiddenIds.get(entity.name) ?? outletB);
  };
  const actions = (entity: NormalisedEntity) => [
    'delete',
    ...t.server.app.entityHooks.of(entity).flatMap((h) => Object.keys(h.actions ?? {})),
  ];
  const family = (method: string, withId: boolean) => () =>
    each(async (entity, id) => {
      for (const action of ['Get', ...actions(entity)])
        await expectHiddenAsMissing(
          `${method} ${entity.name}/${action}`,
          (x) =>
            withId
              ? as(method, `${API}/${entity.name}/${action}/${x}`, method === 'GET' ? undefined : {})
              : as(
                  method,
                  `${API}/${entity.name}/${action}`,
                  method === 'GET' ? undefined : { ids: [x], id: x, version: 1 },
                ),
          id,
        );
    });
  const repository = (address: string, body: (id: number) => unknown) => () =>
    each((entity, id) =>
      expectHiddenAsMissing(
        `${address} ${entity.name}`,
        (x) => as('POST', `${API}/DataRepository/${address}/${entity.name}`, body(x)),
        id,
      ),
    );
  const userCall = (path: string) => () =>
    expectHiddenAsMissing(
      path,
      (x) => as('POST', `${API}${path}`, { userId: x, isActive: false }),
      hiddenIds.get('user')!,
    );
  const order = () => hiddenIds.get('printdeliveryorder')!;
  const legacy = (method: string) => () =>
    expectHiddenAsMissing(
      `${method} deliveryorder/:id`,
      (x) =>
        as(
          method,
          `${WEB}/deliveryorder/${x}`,
          method === 'GET' || method === 'DELETE' ? undefined : { action: 'confirm', version: 1 },
        ),
      order(),
    );
  const location = () => hiddenIds.get('inventorylocation')!;
  const family5 = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
  return {
    'POST /backoffice/core/api/DataRepository/fetch/:name': repository('fetch', (x) => ({
      filters: [{ ColumnName: 'id', ColumnValue: x, Operator: 'EQ' }],
    })),
    'POST /backoffice/core/api/DataRepository/Update/:name': repository('Update', (x) => ({ id: x, version: 1 })),
    'POST /backoffice/core/api/DataRepository/upsert/:name': repository('upsert', (x) => ({ id: x, version: 1 })),
    'POST /backoffice/core/api/DataRepository/bulkupsert/:name': repository('bulkupsert', (x) => [
      { id: x, version: 1 },
    ]),
    'POST /backoffice/core/api/DataRepository/bulkupdate/:name': repository('bulkupdate', (x) => [
      { id: x, version: 1 },
    ]),
    'POST /backoffice/core/api/DataRepository/Execute/:name': () =>
      each(async (entity, id) => {
        for (const action of actions(entity))
          await expectHiddenAsMissing(
            `Execute ${entity.name} ${action}`,
            (x) => as('POST', `${API}/DataRepository/Execute/${entity.name}`, { action, ids: [x] }),
            id,
          );
      }),
    ...Object.fromEntries(
      family5.flatMap((m) => [
        [`${m} /backoffice/core/api/:family/:action`, family(m, false)],
        [`${m} /backoffice/core/api/:family/:action/:id`, family(m, true)],
      ]),
    ),
    'GET /backoffice/core/api/AppModule/GetDropDown/:id': () =>
      each((entity, id) =>
        expectHiddenAsMissing(
          `GetDropDown ${entity.name}`,
          (x) => as('GET', `${API}/AppModule/GetDropDown/${entity.name}?ids=${x}`),
          id,
        ),
      ),
    'GET /backoffice/core/api/Search': () =>
      each(async (entity, id) => {
        const row = (await t.get(`/${entity.name}/Get/${id}`)).body.data as Row;
        const text = entity.searchFields
          .map((name) => row[name])
          .find((v): v is string => typeof v === 'string' && v.length >= 3);
        if (!text) return;
        const res = await as('GET', `${API}/Search?q=${encodeURIComponent(text.slice(0, 100))}&take=20`);
        expect(res.status, `Search ${entity.name} ${text}: ${JSON.stringify(res.body)}`).toBe(200);
        const found = res.body.data as { entity: string; id: number }[];
        expect(
          found.filter((r) => r.entity === entity.name && r.id === id),
          `Search ${entity.name}`,
        ).toEqual([]);
      }),
    'POST /backoffice/core/api/user/Unlock': userCall('/user/Unlock'),
    'POST /backoffice/core/api/user/RevokeSessions': userCall('/user/RevokeSessions'),
    'POST /backoffice/core/api/user/ResetOtp': userCall('/user/ResetOtp'),
    'POST /backoffice/core/api/user/SetActive': userCall('/user/SetActive'),
    'POST /backoffice/core/api/ResetPassword/Reset': userCall('/ResetPassword/Reset'),
    'POST /backoffice/core/api/outletpricing/Save': () =>
      expectHiddenAsMissing(
        'outletpricing/Save',
        (x) => as('POST', `${API}/outletpricing/Save`, { changes: [{ product: 1, outlet: x, price: '1.00' }] }),
        outletB,
      ),
    'POST /backoffice/WebAPI/SimulateSales/AddItem': async () => {
      await expectHiddenAsMissing(
        'simulate outlet',
        (x) => as('POST', `${WEB}/SimulateSales/AddItem`, { outlet: x }),
        outletB,
      );
      await expectHiddenAsMissing(
        'simulate member',
        (x) => as('POST', `${WEB}/SimulateSales/AddItem`, { outlet: outletA, memberId: x }),
        hiddenIds.get('membership')!,
      );
    },
    'POST /backoffice/core/api/pricing/WhatIf': async () => {
      const draft = await t.builder.row(findEntity('promotion')!);
      await expectHiddenAsMissing(
        'what-if outlet',
        (x) => as('POST', `${API}/pricing/WhatIf`, { entity: 'promotion', draft, outlets: [x] }),
        outletB,
      );
      const promotion = hiddenIds.get('promotion');
      if (promotion)
        await expectHiddenAsMissing(
          'what-if promotion',
          (x) => as('POST', `${API}/pricing/WhatIf`, { entity: 'promotion', id: x, outlets: [outletA] }),
          promotion,
        );
    },
    'POST /backoffice/core/api/OutletVirtualStockBalance/adjust': () =>
      expectHiddenAsMissing(
        'adjust',
        (x) =>
          as('POST', `${API}/OutletVirtualStockBalance/adjust`, {
            product: 1,
            location: x,
            quantity: '1',
            stockOutReason: 1,
          }),
        location(),
      ),
    'POST /backoffice/core/api/OutletVirtualStockBalance/approve': () =>
      expectHiddenAsMissing(
        'approve',
        (x) => as('POST', `${API}/OutletVirtualStockBalance/approve`, { id: x, version: 1 }),
        hiddenIds.get('stockadjustment')!,
      ),
    'POST /backoffice/core/api/OutletVirtualStockBalance/reject': () =>
      expectHiddenAsMissing(
        'reject',
        (x) => as('POST', `${API}/OutletVirtualStockBalance/reject`, { id: x, version: 1 }),
        hiddenIds.get('stockadjustment')!,
      ),
    'POST /backoffice/core/api/lowstock/Propose': () =>
      expectHiddenAsMissing(
        'lowstock/Propose',
        (x) => as('POST', `${API}/lowstock/Propose`, { location: x, from: x }),
        location(),
      ),
    'POST /backoffice/core/api/stockcount/Export': () =>
      expectHiddenAsMissing(
        'stockcount/Export',
        (x) => asFile('POST', `${API}/stockcount/Export`, { id: x }),
        hiddenIds.get('stockcount')!,
      ),
    'POST /backoffice/core/api/stockvaluation/Fetch': () =>
      expectHiddenAsMissing(
        'stockvaluation/Fetch',
        (x) => as('POST', `${API}/stockvaluation/Fetch`, { locations: [x] }),
        location(),
      ),
    'GET /backoffice/core/api/stockvaluation/Export': () =>
      expectHiddenAsMissing(
        'stockvaluation/Export',
        (x) => asFile('GET', `${API}/stockvaluation/Export?locations=${x}`),
        location(),
      ),
    'POST /backoffice/core/api/reorder/Suggest': () =>
      expectHiddenAsMissing(
        'reorder/Suggest',
        (x) => as('POST', `${API}/reorder/Suggest`, { locations: [x], all: true }),
        location(),
      ),
    'POST /backoffice/core/api/reorder/Create': async () => {
      const supplier = (await t.builder.insert(findEntity('supplier')!, { code: 'REORDER' })).id as number;
      const product = (await t.builder.insert(findEntity('product')!, { code: 'REORDER' })).id as number;
      await expectHiddenAsMissing(
        'reorder/Create',
        (x) => as('POST', `${API}/reorder/Create`, { lines: [{ product, supplier, location: x, quantity: '1' }] }),
        location(),
      );
    },
    'GET /backoffice/WebAPI/deliveryorder/:id': legacy('GET'),
    'PUT /backoffice/WebAPI/deliveryorder/:id': legacy('PUT'),
    'DELETE /backoffice/WebAPI/deliveryorder/:id': legacy('DELETE'),
    'POST /backoffice/WebAPI/deliveryorder/:id': legacy('POST'),
    'POST /backoffice/WebAPI/deliveryorder': () =>
      expectHiddenAsMissing(
        'create deliveryorder',
        (x) => as('POST', `${WEB}/deliveryorder`, { fromLocation: x, toLocation: x, date: '2025-03-01', lines: [] }),
        location(),
      ),
    'POST /backoffice/print/request.aspx': async () => {
      await expectHiddenAsMissing('print deliveryorder', (x) => print({ document: 'deliveryorder', id: x }), order());
      for (const document of Object.keys(t.server.app.printDocuments).filter((d) => d !== 'deliveryorder')) {
        // A document of one row (a purchase order, a stock count) is asked for by the row's id.
        const row = hiddenIds.get(document);
        if (row) await expectHiddenAsMissing(`print ${document}`, (x) => print({ document, id: x }), row);
        else
          await expectHiddenAsMissing(
            `print ${document}`,
            (x) => print({ document, products: [1], outlet: x }),
            outletB,
          );
      }
    },
    ...Object.fromEntries(
      ['GET', 'POST'].flatMap((m) => [
        [
          `${m} /backoffice/core/api/ActivePayment/Outlet/:id`,
          () =>
            expectHiddenAsMissing(
              `${m} ActivePayment/Outlet`,
              (x) => as(m, `${API}/ActivePayment/Outlet/${x}`, m === 'GET' ? undefined : {}),
              outletB,
            ),
        ],
        [
          `${m} /backoffice/core/api/ActivePayment/Terminal/:id`,
          () =>
            expectHiddenAsMissing(
              `${m} ActivePayment/Terminal`,
              (x) => as(m, `${API}/ActivePayment/Terminal/${x}`, m === 'GET' ? undefined : {}),
              hiddenIds.get('pointofsale')!,
            ),
        ],
      ]),
    ),
    'POST /backoffice/core/api/pointofsale/Commands/:id/Ack': async () => {
      const mine = await pairedTerminal(t, outletA);
      await expectHiddenAsMissing(
        'Ack',
        (x) =>
          asTerminal(t, mine.token, 'POST', `/pointofsale/Commands/${x}/Ack`, { status: 'done' }) as Promise<Answer>,
        hiddenIds.get('appcommand')!,
      );
    },
  };
}

describe('every route of the app, for a user limited to one outlet', () => {
  it('is proven here or listed as taking no outlet row, with the reason', () => {
    const proven = Object.keys(proofs());
    const unclassified = [...new Set(routes)].filter((r) => !proven.includes(r) && !(r in NO_OUTLET_ROW));
    expect(unclassified).toEqual([]);
    const stale = [...proven, ...Object.keys(NO_OUTLET_ROW)].filter((r) => !routes.includes(r));
    expect(stale).toEqual([]);
    expect(proven.filter((r) => r in NO_OUTLET_ROW)).toEqual([]);
  });

  it('has a row of the other outlet for every entity tied to outlets', () => {
    expect(tied.filter((e) => e.name !== 'outlet' && !hiddenIds.has(e.name)).map((e) => e.name)).toEqual([]);
  });

  it(
    'answers another outlet’s row exactly as a missing one, on every route that takes one',
    { timeout: 600_000 },
    async () => {
      for (const [route, prove] of Object.entries(proofs())) {
        try {
          await prove();
        } catch (error) {
          throw new Error(`${route}: ${(error as Error).message}`, { cause: error });
        }
      }
    },
  );

  it(
    'answers a written row naming another outlet’s row as one naming a missing row',
    { timeout: 300_000 },
    async () => {
      for (const entity of tied.filter((e) => creatable(e) && e.name !== 'outlet')) {
        const row = await t.builder.row(entity);
        for (const path of outletPaths(entity)) {
          const field = path[0]!;
          const target = targetOf(field)!;
          const id = target.name === 'outlet' ? outletB : hiddenIds.get(target.name)!;
          await expectHiddenAsMissing(
            `Insert ${entity.name}.${field.name}`,
            (x) =>
              as('POST', `${API}/DataRepository/Insert/${entity.name}`, {
                ...row,
                [field.name]: field.kind === 'multireference' ? [x] : x,
              }),
            id,
          );
        }
      }
    },
  );
});
