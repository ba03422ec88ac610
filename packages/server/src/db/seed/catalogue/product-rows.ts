import type { Row } from '../../types';
import type { CategoryDef } from './assortment';
import { idOf, type Ids } from './insert';
import { ean13, money } from './numbers';
import type { Reference } from './reference';

const shortName = (name: string) => (name.length <= 24 ? name : name.slice(0, 24).trimEnd());

/** What product rows are built from; `nextItem` numbers the barcodes. */
export interface ProductContext {
  ref: Reference;
  categories: Ids;
  departments: Ids;
  suppliers: Ids;
  random: () => number;
  nextItem: () => number;
}

export function productRow(
  c: ProductContext,
  category: CategoryDef,
  p: { code: string; name: string; cents: number; uom?: string; brand?: string; extra?: Row },
): Row {
  const [low, high] = category.margin;
  const cost = Math.round(p.cents * (low + (high - low) * c.random()));
  return {
    code: p.code,
    name: p.name,
    shortName: shortName(p.name),
    barcode: ean13(c.nextItem()),
    category: idOf(c.categories, category.code),
    department: idOf(c.departments, category.department),
    brand: p.brand ? idOf(c.ref.brands, p.brand) : null,
    uom: idOf(c.ref.uoms, p.uom ?? category.uom),
    costPrice: money(cost),
    sellingPrice: money(p.cents),
    taxCode: idOf(c.ref.taxCodes, category.tax),
    taxInclusive: true,
    ...p.extra,
  };
}

/** One preferred supplier; now and then a dearer second one. */
export function supplierMapping(c: ProductContext, category: CategoryDef, code: string, costPrice: string): Row[] {
  const cost = Math.round(Number(costPrice) * 100);
  const preferred = {
    supplier: idOf(c.suppliers, category.supplier),
    supplierItemCode: `${category.supplier}-${code}`,
    cost: money(cost),
    leadTimeDays: 2,
    preferred: true,
  };
  if (!category.alternateSupplier || c.random() > 0.4) return [preferred];
  return [
    preferred,
    {
      supplier: idOf(c.suppliers, category.alternateSupplier),
      supplierItemCode: `${category.alternateSupplier}-${code}`,
      cost: money(cost * 1.08),
      leadTimeDays: 5,
      preferred: false,
    },
  ];
}
