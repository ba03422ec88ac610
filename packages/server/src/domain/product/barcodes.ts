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

    if (sentMain && main) {
      let query = trx.selectFrom(alternates.table).select('id').where(ALTERNATE, '=', main);
      if (id !== null) query = query.where(CHILD_PARENT_COLUMN, '<>', id);
      if (await query.limit(1).executeTakeFirst()) throw taken('barcode', main);
    }
    if (sentAlternates && codes.length > 0) {
      let query = trx.selectFrom(product.table).select(BARCODE).where(BARCODE, 'in', codes);
      if (id !== null) query = query.where('id', '<>', id);
      const used = new Set((await query.execute()).map((r) => r[BARCODE] as string));
      const i = codes.findIndex((code) => used.has(code));
      if (i >= 0) throw taken(`alternateBarcodes.${i}.barcode`, codes[i]!);
    }
  },
};
