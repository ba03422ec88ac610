import { CHILD_ORDER_COLUMN, CHILD_PARENT_COLUMN, getEntity } from '@backroom/schema';
import type { EntityHook } from '../../data/hooks';
import type { AnyDb } from '../../data/store';
import { ApiError } from '../../http/envelope';
import { columnOf, fieldOf } from '../columns';

const product = getEntity('product');
const alternates = fieldOf(product, 'alternateBarcodes', 'children');
const BARCODE = columnOf(product, 'barcode');
const ALTERNATE = columnOf(alternates, 'barcode');

const taken = (field: string, value: string) => {
  const message = `Barcode "${value}" is already used`;
  return new ApiError(409, message, [{ field, message }]);
};

async function storedBarcodes(trx: AnyDb, id: number): Promise<{ main: string | null; alternates: string[] }> {
  const row = await trx.selectFrom(product.table).select(BARCODE).where('id', '=', id).executeTakeFirst();
  const rows = await trx.selectFrom(alternates.table).select(ALTERNATE).where(CHILD_PARENT_COLUMN, '=', id).orderBy(CHILD_ORDER_COLUMN).execute();
  return { main: (row?.[BARCODE] as string | null) ?? null, alternates: rows.map((r) => r[ALTERNATE] as string) };
}

/** Who holds a barcode: a product, as its main barcode or as one of its alternates. */
export interface BarcodeHolder {
  product: number;
  main: boolean;
}

/** The stored holders of each of `codes` (main barcodes and alternate barcodes of every product). */
export async function barcodeHolders(trx: AnyDb, codes: readonly string[]): Promise<Map<string, BarcodeHolder[]>> {
  const out = new Map<string, BarcodeHolder[]>();
  const add = (code: string, holder: BarcodeHolder) => out.set(code, [...(out.get(code) ?? []), holder]);
  for (let i = 0; i < codes.length; i += 500) {
    const some = codes.slice(i, i + 500);
    for (const r of await trx.selectFrom(product.table).select(['id', BARCODE]).where(BARCODE, 'in', some).execute()) add(r[BARCODE] as string, { product: Number(r.id), main: true });
    for (const r of await trx.selectFrom(alternates.table).select([CHILD_PARENT_COLUMN, ALTERNATE]).where(ALTERNATE, 'in', some).execute())
      add(r[ALTERNATE] as string, { product: Number(r[CHILD_PARENT_COLUMN]), main: false });
  }
  return out;
}

/**
 * A barcode scans to one product: the main barcode and the alternate barcodes share one namespace
 * across every product (the generic unique checks cover main vs main and alternate vs alternate).
 */
export const productBarcodes: EntityHook = {
  async beforeWrite({ trx, action, id, row }) {
    const sentMain = 'barcode' in row;
    const sentAlternates = 'alternateBarcodes' in row;
    if (action === 'delete' || (!sentMain && !sentAlternates)) return;
    const stored = id === null ? { main: null, alternates: [] } : await storedBarcodes(trx, id);
    const main = sentMain ? (row.barcode as string | null) : stored.main;
    const codes = sentAlternates ? ((row.alternateBarcodes as { barcode: string }[] | null) ?? []).map((a) => a.barcode) : stored.alternates;

    const own = main ? codes.indexOf(main) : -1;
    if (main && own >= 0) throw taken(sentAlternates ? `alternateBarcodes.${own}.barcode` : 'barcode', main);

    const holders = await barcodeHolders(trx, [...(sentMain && main ? [main] : []), ...(sentAlternates ? codes : [])]);
    const heldElsewhere = (code: string, asMain: boolean) => (holders.get(code) ?? []).some((h) => h.main === asMain && h.product !== id);
    if (sentMain && main && heldElsewhere(main, false)) throw taken('barcode', main);
    const i = sentAlternates ? codes.findIndex((code) => heldElsewhere(code, true)) : -1;
    if (i >= 0) throw taken(`alternateBarcodes.${i}.barcode`, codes[i]!);
  },
};
