import type { NormalisedEntity } from '@backroom/schema';
import type { AnyDb } from '../../data/store';
import { typedDb } from '../../db/types';
import { naturalKey, targetOf } from '../../data/references';
import type { ScalarField } from './columns';

/** The field a row of `entity` is known by in a spreadsheet: its unique code, else its code, else its first label field. */
export function codeField(entity: NormalisedEntity) {
  return (
    naturalKey(entity) ??
    entity.fields.find((f) => f.name === 'code') ??
    entity.fields.find((f) => f.name === entity.dropdown.label[0])!
  );
}

const nameField = (entity: NormalisedEntity) => entity.fields.find((f) => f.name === 'name' && f.kind === 'text');

const AMBIGUOUS = -1;

/** Rows of a referenced entity by code and by name (case-insensitive), and code by id. */
export interface Lookup {
  /** The row a cell names; `missing` when no row has that code or name (not when several have it). */
  idOf(text: string): { id: number } | { message: string; missing?: true };
  codeOf(id: number): string | undefined;
}

/**
 * Loads, once per import or export, every row of the entities its reference columns point at
 * (list values of the field's category only): reference tables are small next to the rows imported.
 */
export class Lookups {
  private readonly cache = new Map<string, Promise<Lookup>>();

  constructor(private readonly db: AnyDb) {}

  of(field: ScalarField): Promise<Lookup> {
    const target = targetOf(field)!;
    const category = field.kind === 'listvalue' ? field.category : undefined;
    const key = `${target.name}|${category ?? ''}`;
    let lookup = this.cache.get(key);
    if (!lookup) this.cache.set(key, (lookup = this.load(target, category)));
    return lookup;
  }

  private async load(target: NormalisedEntity, category: string | undefined): Promise<Lookup> {
    const code = codeField(target);
    const name = nameField(target);
    let query = this.db
      .selectFrom(target.table)
      .select(['id', `${code.column} as code`, ...(name ? [`${name.column} as name`] : [])]);
    if (category !== undefined)
      query = query.where(
        'category_id',
        'in',
        this.db.selectFrom('list_value_category').select('id').where('code', '=', category),
      );
    const rows = await query.execute();
    const byCode = new Map<string, number>();
    const byName = new Map<string, number>();
    const codes = new Map<number, string>();
    for (const row of rows) {
      const id = Number(row.id);
      if (row.code !== null) {
        const text = String(row.code);
        codes.set(id, text);
        const lower = text.toLowerCase();
        byCode.set(lower, byCode.has(lower) ? AMBIGUOUS : id);
      }
      if (row.name !== null && row.name !== undefined) {
        const lower = String(row.name).toLowerCase();
        byName.set(lower, byName.has(lower) && byName.get(lower) !== id ? AMBIGUOUS : id);
      }
    }
    // A product is named by its barcode too (its own or an alternate one): a scanned sheet reads as typed.
    const byBarcode = target.name === 'product' ? await productBarcodes(this.db) : new Map<string, number>();
    const label = target.label.toLowerCase();
    return {
      idOf(text) {
        const lower = text.trim().toLowerCase();
        const id = byCode.get(lower) ?? byName.get(lower) ?? byBarcode.get(lower);
        if (id === undefined)
          return { message: `"${text}" is not the code or name of any of the ${label}`, missing: true };
        if (id === AMBIGUOUS)
          return { message: `several of the ${label} have the code or name "${text}": use the code` };
        return { id };
      },
      codeOf: (id) => codes.get(id),
    };
  }
}

/** Every product barcode, own and alternate (lower case), to its product; a barcode of two products is ambiguous. */
async function productBarcodes(db: AnyDb): Promise<Map<string, number>> {
  const tdb = typedDb(db);
  const own = await tdb.selectFrom('product').select(['id', 'barcode']).where('barcode', 'is not', null).execute();
  const alternates = await tdb
    .selectFrom('product_alternate_barcodes')
    .select(['parent_id as id', 'barcode'])
    .where('barcode', 'is not', null)
    .execute();
  const out = new Map<string, number>();
  for (const r of [...own, ...alternates]) {
    const lower = String(r.barcode).toLowerCase();
    out.set(lower, out.has(lower) && out.get(lower) !== r.id ? AMBIGUOUS : r.id);
  }
  return out;
}
