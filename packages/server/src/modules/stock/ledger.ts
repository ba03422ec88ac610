import type { StockMovementKind } from '@backroom/schema';
import { ITEMS_SEPARATOR, STOCK_REFUSALS } from '@backroom/schema';
import { PostgresAdapter, sql, type QueryCreator } from 'kysely';
import type { AnyDb } from '../../data/store';
import { preparedInsert, preparedQuery } from '../../db/compiled';
import { typedDb, type Database } from '../../db/types';
import { ApiError } from '../../http/envelope';
import { announce } from '../events';
import { expandRecipes, stockProducts, type StockProduct } from './products';
import { quantityText, type Thousandths } from './quantities';

/** Rows per INSERT: well under the bound-parameter limits of both databases (at most 17 columns a row). */
const CHUNK = 50;

/** What a move needs of its caller: the transaction, the time and who (a `Writer` is one). */
export interface StockWriter {
  trx: AnyDb;
  now: string;
  auth: { userName: string };
  /** The goods are already gone (a sale made at a till): balances may go below zero at any location. */
  mayGoNegative?: boolean;
}

/** The document a movement came from (a delivery order, a sale, an adjustment…). */
export interface StockDocument {
  type: string;
  id: number;
  /** What people call it: "DO-2025-000042". */
  reference: string | null;
}

export interface MovementInput {
  product: number;
  location: number;
  /** Signed change in thousandths: positive in, negative out. */
  quantity: Thousandths;
  kind: StockMovementKind;
  /** Minor units per unit; default: the product's cost price. */
  unitCost?: number | null;
  /** The stock-out reason of an adjustment. */
  reason?: number | null;
  document?: StockDocument;
  remarks?: string | null;
}

export interface Moved {
  id: number;
  /** Index of the input it came from (several for a composite's components). */
  index: number;
  product: number;
  location: number;
  quantity: Thousandths;
  balanceAfter: Thousandths;
}

export interface Shortage {
  /** Index of the first input that takes this product from this location. */
  index: number;
  product: StockProduct;
  location: number;
  onHand: Thousandths;
  wanted: Thousandths;
}

/** A move that would take a location below zero where it may not go there: nothing was written. */
export class StockShortage extends ApiError {
  constructor(readonly shortages: Shortage[]) {
    super(
      409,
      STOCK_REFUSALS.shortage({
        items: shortages
          .map((s) =>
            STOCK_REFUSALS.shortageOf({
              product: s.product.code,
              onHand: quantityText(s.onHand),
              wanted: quantityText(s.wanted),
            }),
          )
          .join(ITEMS_SEPARATOR),
      }),
    );
    this.name = 'StockShortage';
  }
}

interface Pair {
  location: number;
  product: number;
  delta: Thousandths;
  /** Indexes into the expanded lines, in input order. */
  lines: number[];
}

/** Locations whose stock may go below zero. */
async function negativeAllowed(db: AnyDb, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await typedDb(db)
    .selectFrom('inventory_location')
    .select(['id', 'allow_negative_stock'])
    .where('id', 'in', ids)
    .execute();
  return new Set(rows.filter((r) => Boolean(r.allow_negative_stock)).map((r) => r.id));
}

/** A balance as the statements that move it answer it: the pair and its new on-hand. */
interface MovedBalance {
  location_id: number;
  product_id: number;
  quantity: number;
}

const pairKey = (location: number, product: number) => `${location}:${product}`;
const onHandByPair = (rows: readonly MovedBalance[]) =>
  new Map(rows.map((r) => [pairKey(r.location_id, r.product_id), r.quantity]));
const isPostgres = (db: AnyDb) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * PostgreSQL: takes the row lock of every pair's balance, in (location, product) order, before any
 * of them changes — by one no-op upsert that also creates a missing row at zero (gone again if the
 * move is refused, as its transaction rolls back). The statements after it touch only rows this
 * transaction holds, so two moves never wait on each other in a circle.
 */
async function lockInOrder(w: StockWriter, pairs: readonly Pair[]): Promise<void> {
  for (let start = 0; start < pairs.length; start += CHUNK)
    await typedDb(w.trx)
      .insertInto('stock_balance')
      .values(
        pairs.slice(start, start + CHUNK).map((pair) => ({
          location_id: pair.location,
          product_id: pair.product,
          quantity: 0,
          last_movement_at: null,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['location_id', 'product_id']).doUpdateSet((eb) => ({ quantity: eb.ref('stock_balance.quantity') })),
      )
      .execute();
}

/** What the balances' upsert takes a pair as: location, product, delta, time (in this order). */
const additionValues = (w: StockWriter, pairs: readonly Pair[]) =>
  pairs.flatMap((pair) => [pair.location, pair.product, pair.delta, w.now]);

/**
 * The upsert that adds each pair's `delta` to its balance, creating missing rows, answering the new
 * on-hand. `values`: stand-ins (db/compiled.ts) for `additionValues`, four to a pair.
 */
const addition = (db: QueryCreator<Database>, values: readonly unknown[]) =>
  db
    .insertInto('stock_balance')
    .values(
      Array.from({ length: values.length / 4 }, (_, i) => ({
        location_id: values[4 * i] as number,
        product_id: values[4 * i + 1] as number,
        quantity: values[4 * i + 2] as number,
        last_movement_at: values[4 * i + 3] as string,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['location_id', 'product_id']).doUpdateSet((eb) => ({
        quantity: eb('stock_balance.quantity', '+', eb.ref('excluded.quantity')),
        last_movement_at: eb.ref('excluded.last_movement_at'),
      })),
    )
    .returning(['location_id', 'product_id', 'quantity'])
    // The registry requires a balance's pair and quantity (and the upsert has just given them).
    .$narrowType<MovedBalance>();

const preparedAddition = preparedQuery(
  (pairs: number) => String(pairs),
  (db, values) => addition(typedDb(db), values),
);

/** Adds each pair's `delta` to its balance in one statement per chunk; answers the new on-hand by pair. */
async function addToAll(w: StockWriter, pairs: readonly Pair[]): Promise<Map<string, Thousandths>> {
  const out = new Map<string, Thousandths>();
  for (let start = 0; start < pairs.length; start += CHUNK) {
    const chunk = pairs.slice(start, start + CHUNK);
    for (const [key, quantity] of onHandByPair(
      (await preparedAddition(w.trx, chunk.length, additionValues(w, chunk))).rows,
    ))
      out.set(key, quantity);
  }
  return out;
}

/** The name under which one statement's upsert answers the balances it moved (PostgreSQL). */
const MOVED_BALANCE = 'moved_balance';

/** A line's on-hand after it: known, or (PostgreSQL, one statement) the pair's balance the upsert answers less what later lines of the pair add. */
type After = Thousandths | { location: number; product: number; later: Thousandths };

/** A movement just written: its id and the on-hand after it (always written). */
interface Inserted {
  id: number;
  balance_after: number;
}

const movementInsert = preparedInsert<Inserted>('stock_movement', (insert) =>
  insert.returning(['id', 'balance_after']),
);

/**
 * PostgreSQL: the balances' upsert (a data-modifying WITH) and the movements in one statement.
 * Values: the upsert's (`additionValues`), then each row's columns, then its balance after: one
 * value, or the location, product and later quantity `shape.after` marks `q` for.
 */
const movementWithAddition = preparedQuery<{ pairs: number; columns: readonly string[]; after: string }, Inserted>(
  (shape) => `${shape.pairs}:${shape.after}:${shape.columns.join()}`,
  (db, values, { pairs, columns, after }) => {
    let at = 4 * pairs;
    const rows = [...after].map((kind) => {
      const row: Record<string, unknown> = Object.fromEntries(columns.map((c) => [c, values[at++]]));
      const [location, product, later] = kind === 'q' ? values.slice(at, (at += 3)) : [];
      row.balance_after =
        kind === 'q'
          ? sql<number>`(select quantity from ${sql.table(MOVED_BALANCE)} where location_id = ${location} and product_id = ${product}) - ${later}`
          : values[at++];
      return row;
    });
    // The movement's columns are the caller's (`move`'s rows): this insert names them as given.
    return db
      .with(MOVED_BALANCE, (q) => addition(q, values.slice(0, 4 * pairs)))
      .insertInto('stock_movement')
      .values(rows)
      .returning(['id', 'balance_after']);
  },
);

/**
 * Takes each pair's `-delta` out of its balance only where that leaves it at zero or above, in one
 * statement per chunk (`UPDATE … FROM` a list of changes): on PostgreSQL a concurrent take waits
 * for the row lock and then re-checks against what the first left; SQLite runs one writer at a
 * time. Answers the new on-hand of the pairs taken; a pair missing from the answer is short.
 */
async function takeFromAll(w: StockWriter, pairs: readonly Pair[]): Promise<Map<string, Thousandths>> {
  const out = new Map<string, Thousandths>();
  for (let start = 0; start < pairs.length; start += CHUNK) {
    const changes = sql.join(
      pairs
        .slice(start, start + CHUNK)
        .map((p) => sql`(cast(${p.location} as bigint), cast(${p.product} as bigint), cast(${p.delta} as bigint))`),
    );
    const { rows } = await sql<MovedBalance>`
      with change (location_id, product_id, delta) as (values ${changes})
      update stock_balance set quantity = stock_balance.quantity + change.delta, last_movement_at = ${w.now}
      from change
      where stock_balance.location_id = change.location_id and stock_balance.product_id = change.product_id and stock_balance.quantity + change.delta >= 0
      returning stock_balance.location_id, stock_balance.product_id, stock_balance.quantity`.execute(w.trx);
    for (const [key, quantity] of onHandByPair(rows)) out.set(key, quantity);
  }
  return out;
}

/** On-hand of one product at one location (0 without a balance row). */
export async function onHand(db: AnyDb, product: number, locationId: number): Promise<Thousandths> {
  const row = await typedDb(db)
    .selectFrom('stock_balance')
    .select('quantity')
    .where('location_id', '=', locationId)
    .where('product_id', '=', product)
    .executeTakeFirst();
  return row?.quantity ?? 0;
}

/**
 * Balance rows at zero for pairs that have none, so a location shows a product it expects
 * (incoming deliveries) before any movement; a zero row agrees with an empty ledger.
 */
export async function ensureBalances(
  w: StockWriter,
  pairs: readonly { product: number; location: number }[],
): Promise<void> {
  for (let start = 0; start < pairs.length; start += CHUNK)
    await typedDb(w.trx)
      .insertInto('stock_balance')
      .values(
        pairs.slice(start, start + CHUNK).map((pair) => ({
          location_id: pair.location,
          product_id: pair.product,
          quantity: 0,
          last_movement_at: null,
        })),
      )
      .onConflict((oc) => oc.columns(['location_id', 'product_id']).doNothing())
      .execute();
}

/**
 * The one way stock changes. Writes an immutable movement per input line and moves the balance of
 * its product × location by the same amount, in the caller's transaction: the ledger's sum for a
 * product × location always equals its balance.
 *
 * - Composite products move their recipe components instead (a sale of a café set takes its
 *   coffee and pastry); services, non-stock items and items not tracking stock are skipped.
 * - An outflow that would leave a location below zero throws `StockShortage` (naming every short
 *   product) unless the location allows negative stock; nothing is written then, as the caller's
 *   transaction rolls back.
 * - Balances move in a few multi-row statements (one per chunk of pairs: the checked takes, then
 *   the additions), in (location, product) order; on PostgreSQL a move with checked takes first
 *   takes the lock of all its balances in that order, so concurrent moves never deadlock on each
 *   other.
 */
export async function move(w: StockWriter, inputs: readonly MovementInput[]): Promise<Moved[]> {
  const products = await stockProducts(
    w.trx,
    inputs.map((i) => i.product),
  );
  const missing = inputs.find((i) => !products.has(i.product));
  if (missing) throw new Error(`Stock move: no product ${missing.product}`);
  const indexed = inputs.map((input, index) => ({ ...input, index }));
  const lines = (await expandRecipes(w.trx, indexed, products)).filter(
    (l) => l.quantity !== 0 && products.get(l.product)?.role === 'stock',
  );
  if (lines.length === 0) return [];

  const pairs = new Map<string, Pair>();
  for (const [i, line] of lines.entries()) {
    const key = `${line.location}:${line.product}`;
    const pair = pairs.get(key) ?? { location: line.location, product: line.product, delta: 0, lines: [] };
    pair.delta += line.quantity;
    pair.lines.push(i);
    pairs.set(key, pair);
  }
  const ordered = [...pairs.values()].sort((a, b) => a.location - b.location || a.product - b.product);
  // Read before the balances' row locks are taken: from there to the commit, as little as can be.
  const emitMoved = await announce(w, 'stock.moved');
  const free = w.mayGoNegative
    ? new Set<number>()
    : await negativeAllowed(w.trx, [...new Set(ordered.filter((p) => p.delta < 0).map((p) => p.location))]);
  const isChecked = (p: Pair) => p.delta < 0 && !w.mayGoNegative && !free.has(p.location);
  const checked = ordered.filter(isChecked);
  const unchecked = ordered.filter((p) => !isChecked(p));
  if (checked.length > 0 && isPostgres(w.trx)) await lockInOrder(w, ordered);
  const taken = await takeFromAll(w, checked);
  // PostgreSQL: a move of up to a chunk of lines adds to its balances in the statement that writes
  // its movements (a data-modifying WITH), so the row locks are held for one statement and the commit.
  const together = isPostgres(w.trx) && unchecked.length > 0 && lines.length <= CHUNK;
  const added = together ? new Map<string, Thousandths>() : await addToAll(w, unchecked);

  const shortages: Shortage[] = [];
  for (const pair of checked.filter((p) => !taken.has(pairKey(p.location, p.product))))
    shortages.push({
      index: lines[pair.lines[0]!]!.index,
      product: products.get(pair.product)!,
      location: pair.location,
      onHand: await onHand(w.trx, pair.product, pair.location),
      wanted: -pair.delta,
    });
  if (shortages.length > 0) throw new StockShortage(shortages.sort((a, b) => a.index - b.index));

  // Each line's balance after it: the pair's final on-hand less what later lines of the pair add
  // (read from the upsert's answer when the statement makes both).
  const balanceAfter = new Array<After>(lines.length);
  for (const pair of ordered) {
    const key = pairKey(pair.location, pair.product);
    const final = taken.get(key) ?? added.get(key);
    let later = pair.delta;
    for (const i of pair.lines) {
      later -= lines[i]!.quantity;
      balanceAfter[i] = final !== undefined ? final - later : { location: pair.location, product: pair.product, later };
    }
  }

  const rows = lines.map((line) => ({
    location_id: line.location,
    product_id: line.product,
    quantity: line.quantity,
    kind: line.kind,
    reason_id: line.reason ?? null,
    unit_cost: line.unitCost === undefined ? products.get(line.product)!.cost : line.unitCost,
    document_type: line.document?.type ?? null,
    document_id: line.document?.id ?? null,
    reference: line.document?.reference ?? null,
    remarks: line.remarks ?? null,
    at: w.now,
    version: 1,
    created_at: w.now,
    created_by: w.auth.userName,
    updated_at: w.now,
    updated_by: w.auth.userName,
  }));
  const moved: Moved[] = [];
  for (let start = 0; start < rows.length; start += CHUNK) {
    const chunk = rows.slice(start, start + CHUNK);
    const afters = balanceAfter.slice(start, start + CHUNK);
    const columns = Object.keys(chunk[0]!);
    const { rows: inserted } = together
      ? await movementWithAddition(
          w.trx,
          { pairs: unchecked.length, columns, after: afters.map((a) => (typeof a === 'number' ? 'n' : 'q')).join('') },
          [
            ...additionValues(w, unchecked),
            ...chunk.flatMap((row, k) => {
              const after = afters[k]!;
              return [
                ...Object.values(row),
                ...(typeof after === 'number' ? [after] : [after.location, after.product, after.later]),
              ];
            }),
          ],
        )
      : await movementInsert(
          w.trx,
          chunk.map((row, k) => ({ ...row, balance_after: afters[k] })),
        );
    // One statement's ids ascend in the order of its rows, whatever order RETURNING lists them in.
    inserted.sort((a, b) => a.id - b.id);
    inserted.forEach((r, k) => {
      const line = lines[start + k]!;
      moved.push({
        id: r.id,
        index: line.index,
        product: line.product,
        location: line.location,
        quantity: line.quantity,
        balanceAfter: r.balance_after,
      });
    });
  }
  await emitMoved({
    movements: moved.map((m, i) => ({
      product: m.product,
      location: m.location,
      quantity: quantityText(m.quantity),
      onHand: quantityText(m.balanceAfter),
      kind: lines[i]!.kind,
      reference: lines[i]!.document?.reference ?? null,
    })),
  });
  return moved;
}
