import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { SERVER_FIELD_GROUPS } from '../../data/field-groups';
import { allowedOutlets } from '../../data/access';
import { EntityHooks, type ActionCall } from '../../data/hooks';
import { insertRow } from '../../data/write';
import { seededRandom } from '../../db/seed/catalogue/numbers';
import type { CommittedDemo, ModuleSeed } from '../../db/seed/index';
import { actingUser } from '../../jobs/acting-user';
import { countLines, post } from './actions';
import { count, readCount } from './count';
import { stockCountRules } from './rules';

interface DemoCount {
  location: string;
  categories: string[];
  daysAgo: number;
  /** The share of the lines counted so far. */
  counted: number;
  post: boolean;
  remarks: string;
}

const COUNTS: DemoCount[] = [
  { location: 'ST-MVM', categories: ['DAIRY'], daysAgo: 6, counted: 1, post: true, remarks: 'Monthly chiller count' },
  {
    location: 'ST-BGR',
    categories: ['BREAD', 'PASTRY'],
    daysAgo: 0,
    counted: 0.6,
    post: false,
    remarks: 'Bakery shelf count, evening shift',
  },
];

/**
 * The demo's stock counts, through the stock-count module's own path: started by the generic
 * insert with this module's hooks (lines of the scope, expected quantities frozen), figures entered
 * by the `count` action (a few short or over), one posted (`post`: its variances become `COUNT`
 * adjustments under the approval rules) and one still open on the floor.
 */
export async function seedDemoCounts({ db, dialect, now }: CommittedDemo): Promise<void> {
  const ctx = { db, dialect } as AppContext;
  const auth = await actingUser(db, 'manager');
  const server = { ctx, entityHooks: new EntityHooks([['stockcount', stockCountRules]]) };
  const request = { server, auth } as unknown as FastifyRequest;
  // Read before any transaction: SQLite's one connection is the transaction's.
  await allowedOutlets(request);
  const codes = async (table: 'inventory_location' | 'category') =>
    new Map((await db.selectFrom(table).select(['id', 'code']).execute()).map((r) => [String(r.code), r.id]));
  const locations = await codes('inventory_location');
  const categories = await codes('category');
  const random = seededRandom(20_241_030);
  for (const demo of COUNTS) {
    const location = locations.get(demo.location);
    const scope = demo.categories.flatMap((c) => (categories.has(c) ? [categories.get(c)!] : []));
    if (location === undefined || scope.length === 0) continue;
    const at = new Date(Date.parse(now) - demo.daysAgo * 86_400_000).toISOString();
    await db.transaction().execute(async (trx) => {
      const call: ActionCall = {
        ctx,
        trx,
        auth,
        entity: count,
        now: at,
        request,
        ids: [],
        body: {},
        fieldGroups: SERVER_FIELD_GROUPS,
      };
      const made = await insertRow(call, count, {
        location,
        scope: 'categories',
        categories: scope,
        remarks: demo.remarks,
      });
      const id = Number(made.id);
      const started = (await readCount(ctx, trx, id))!;
      const lines = started.lines.slice(0, Math.ceil(started.lines.length * demo.counted)).map((line) => {
        const expected = Math.max(0, Math.round(Number(line.expectedQty ?? 0)));
        // Most shelves hold what the books say; now and then one or two are missing, or one more turns up.
        const roll = random();
        const off = roll < 0.15 ? -Math.min(expected, 2) : roll < 0.25 ? -1 : roll > 0.93 ? 1 : 0;
        return { product: line.product, countedQty: String(Math.max(0, expected + off)) };
      });
      if (lines.length > 0) await countLines.run({ ...call, ids: [id], body: { lines } });
      if (demo.post) await post.run({ ...call, ids: [id], body: {} });
    });
  }
}

/** Stock counts' demo, once the demo seed (its stock on hand) has committed. */
export const stockCountDemoSeed: ModuleSeed = {
  demoCommitted: async (demo) => {
    if (demo.catalogue) await seedDemoCounts(demo);
  },
};
