import type { Kysely } from 'kysely';
import { RowRefused, type EntityHook } from '../../data/hooks';
import { typedDb, type Database } from '../../db/types';
import { ApiError } from '../../http/envelope';

const taken = (field: string, value: string) => {
  const message = `Barcode "${value}" is already used`;
  return new ApiError(409, message, [{ field, message }]);
};

/** The stored main and alternate barcodes of products, by id. */
async function storedBarcodes(
  trx: Kysely<Database>,
  ids: readonly number[],
): Promise<Map<number, { main: string | null; alternates: string[] }>> {
  const out = new Map<number, { main: string | null; alternates: string[] }>();
  if (ids.length === 0) return out;
  for (const row of await trx
    .selectFrom('product')
    .select(['id', 'barcode'])
    .where('id', 'in', [...ids])
    .execute())
    out.set(row.id, { main: row.barcode, alternates: [] });
  const rows = await trx
    .selectFrom('product_alternate_barcodes')
    .select(['parent_id', 'barcode'])
    .where('parent_id', 'in', [...ids])
    .orderBy('parent_id')
    .orderBy('line_no')
    // An alternate barcode is required by the registry: every line written is validated.
    .$narrowType<{ barcode: string }>()
    .execute();
  for (const row of rows) out.get(row.parent_id)?.alternates.push(row.barcode);
  return out;
}

/** Who holds a barcode: a product, as its main barcode or as one of its alternates. */
export interface BarcodeHolder {
  product: number;
  main: boolean;
}

/** The stored holders of each of `codes` (main barcodes and alternate barcodes of every product). */
export async function barcodeHolders(
  trx: Kysely<Database>,
  codes: readonly string[],
): Promise<Map<string, BarcodeHolder[]>> {
  const out = new Map<string, BarcodeHolder[]>();
  const add = (code: string, holder: BarcodeHolder) => out.set(code, [...(out.get(code) ?? []), holder]);
  for (let i = 0; i < codes.length; i += 500) {
    const some = codes.slice(i, i + 500);
    // Found by barcode: never null.
    for (const r of await trx
      .selectFrom('product')
      .select(['id', 'barcode'])
      .where('barcode', 'in', some)
      .$narrowType<{ barcode: string }>()
      .execute())
      add(r.barcode, { product: r.id, main: true });
    for (const r of await trx
      .selectFrom('product_alternate_barcodes')
      .select(['parent_id', 'barcode'])
      .where('barcode', 'in', some)
      .$narrowType<{ barcode: string }>()
      .execute())
      add(r.barcode, { product: r.parent_id, main: false });
  }
  return out;
}

/**
 * A barcode scans to one product: the main barcode and the alternate barcodes share one namespace
 * across every product (the generic unique checks cover main vs main and alternate vs alternate).
 * Checked for a whole batch at once: against the stored products and between the batch's rows.
 */
export const productBarcodes: EntityHook = {
  async beforeWriteMany(events) {
    const sent = events.flatMap(({ action, id, row }, index) =>
      action !== 'delete' && ('barcode' in row || 'alternateBarcodes' in row) ? [{ index, id, row }] : [],
    );
    if (sent.length === 0) return;
    const trx = typedDb(events[0]!.trx);
    const stored = await storedBarcodes(
      trx,
      sent.flatMap((s) => (s.id === null ? [] : [s.id])),
    );
    const claims = sent.map(({ index, id, row }) => {
      const sentMain = 'barcode' in row;
      const sentAlternates = 'alternateBarcodes' in row;
      const current = (id !== null && stored.get(id)) || { main: null, alternates: [] };
      const main = sentMain ? (row.barcode as string | null) : current.main;
      const codes = sentAlternates
        ? ((row.alternateBarcodes as { barcode: string }[] | null) ?? []).map((a) => a.barcode)
        : current.alternates;
      const own = main ? codes.indexOf(main) : -1;
      if (main && own >= 0)
        throw new RowRefused(index, taken(sentAlternates ? `alternateBarcodes.${own}.barcode` : 'barcode', main));
      return { index, id, main: sentMain ? main : null, alternates: sentAlternates ? codes : [] };
    });
    const holders = await barcodeHolders(
      trx,
      claims.flatMap((c) => [...(c.main ? [c.main] : []), ...c.alternates]),
    );
    // The batch's own rows hold what they send, as if written one after the other.
    claims.forEach((c, n) => {
      if (c.main) holders.set(c.main, [...(holders.get(c.main) ?? []), { product: -1 - n, main: true }]);
      for (const code of c.alternates)
        holders.set(code, [...(holders.get(code) ?? []), { product: -1 - n, main: false }]);
    });
    claims.forEach((c, n) => {
      const heldElsewhere = (code: string, asMain: boolean) =>
        (holders.get(code) ?? []).some((h) => h.main === asMain && h.product !== c.id && h.product !== -1 - n);
      if (c.main && heldElsewhere(c.main, false)) throw new RowRefused(c.index, taken('barcode', c.main));
      const i = c.alternates.findIndex((code) => heldElsewhere(code, true));
      if (i >= 0) throw new RowRefused(c.index, taken(`alternateBarcodes.${i}.barcode`, c.alternates[i]!));
    });
  },
};
