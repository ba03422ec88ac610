import type { Row } from '../../types';
import { CATEGORIES, DEPARTMENTS, SUPPLIERS } from './assortment';
import { idOf, insertValid, type Ids, type Seeder } from './insert';
import { ean13, seededRandom } from './numbers';
import { productRow, supplierMapping, type ProductContext } from './product-rows';
import type { Reference } from './reference';
import { variantProducts } from './variants';

export interface Catalogue {
  categories: Ids;
  products: Ids;
}

/** Sold in packs as well as singly: an alternate barcode per pack. */
const PACKS: Record<string, [uom: string, quantity: string][]> = {
  'Mineral Water 1.5L': [['PACK', '6']],
  'Cola 320ml Can': [
    ['PACK', '6'],
    ['BOX', '24'],
  ],
  'Fresh Milk 1L': [['PACK', '2']],
  'Isotonic Drink 500ml': [['BOX', '24']],
  'Chrysanthemum Tea 300ml': [['PACK', '6']],
  'Natural Yoghurt 130g': [['PACK', '4']],
  'Tuna Flakes in Oil 185g': [['PACK', '3']],
};

/** Café sets made from other products at the counter. */
const SETS: { code: string; name: string; price: number; components: [string, string][] }[] = [
  {
    code: 'SET-001',
    name: 'Breakfast Set',
    price: 1490,
    components: [
      ['PST-001', '1'],
      ['COF-CAP-REG', '1'],
    ],
  },
  {
    code: 'SET-002',
    name: 'Kaya Toast Set',
    price: 1190,
    components: [
      ['FOD-001', '1'],
      ['FOD-002', '1'],
      ['TEA-TTK-REG', '1'],
    ],
  },
  {
    code: 'SET-003',
    name: 'Sandwich Lunch Set',
    price: 1990,
    components: [
      ['FOD-004', '1'],
      ['FOD-008', '1'],
      ['CLD-ILT-REG', '1'],
    ],
  },
  {
    code: 'SET-004',
    name: 'Afternoon Tea for Two',
    price: 3990,
    components: [
      ['CKS-001', '1'],
      ['CKS-007', '1'],
      ['TEA-002', '2'],
    ],
  },
];

function standardProducts(c: ProductContext): Row[] {
  return CATEGORIES.flatMap((category) =>
    category.items.map((item, i) => {
      const [name, price] = item.split('|') as [string, string];
      const byWeight = price.endsWith('/kg');
      const code = `${category.prefix}-${String(i + 1).padStart(3, '0')}`;
      const row = productRow(c, category, {
        code,
        name,
        cents: Math.round(Number(price.replace('/kg', '')) * 100),
        uom: byWeight ? 'KG' : undefined,
        brand: category.brands[i % category.brands.length],
        extra: { allowOpenPrice: byWeight },
      });
      row.supplierMapping = supplierMapping(c, category, code, row.costPrice as string);
      row.alternateBarcodes = (PACKS[name] ?? []).map(([uom, quantityPerUnit]) => ({
        barcode: ean13(c.nextItem()),
        uom: idOf(c.ref.uoms, uom),
        quantityPerUnit,
      }));
      return row;
    }),
  );
}

function setProducts(c: ProductContext, products: Ids): Row[] {
  const category = CATEGORIES.find((k) => k.code === 'SETS')!;
  return SETS.map((set) => ({
    ...productRow(
      c,
      { ...category, margin: [0.3, 0.35] },
      {
        code: set.code,
        name: set.name,
        cents: set.price,
        extra: { type: 'composite', trackStock: false, allowDiscount: false },
      },
    ),
    recipeComponents: set.components.map(([code, quantity]) => ({
      product: idOf(products, code),
      quantity,
      uom: idOf(c.ref.uoms, 'EA'),
    })),
  }));
}

/** Departments, categories, suppliers and about 290 products: standard, variants and sets. */
export async function seedProducts(s: Seeder, ref: Reference): Promise<Catalogue> {
  const departments = await insertValid(
    s,
    'department',
    DEPARTMENTS.map(([code, name, description]) => ({ code, name, description })),
  );
  const categoryRow = (k: (typeof CATEGORIES)[number], parents: Ids) => ({
    code: k.code,
    name: k.name,
    department: idOf(departments, k.department),
    parent: k.parent ? idOf(parents, k.parent) : null,
    sortOrder: (CATEGORIES.indexOf(k) + 1) * 10,
  });
  const top = await insertValid(
    s,
    'category',
    CATEGORIES.filter((k) => !k.parent).map((k) => categoryRow(k, new Map())),
  );
  const nested = await insertValid(
    s,
    'category',
    CATEGORIES.filter((k) => k.parent).map((k) => categoryRow(k, top)),
  );
  const categories = new Map([...top, ...nested]);

  const suppliers = await insertValid(
    s,
    'supplier',
    SUPPLIERS.map((p) => ({
      code: p.code,
      name: p.name,
      contactName: p.contactName,
      phone: p.phone,
      email: `orders@${p.code.toLowerCase()}.supplier.example`,
      address: p.city,
      paymentTermsDays: p.terms,
    })),
  );

  let item = 0;
  const c: ProductContext = {
    ref,
    categories,
    departments,
    suppliers,
    random: seededRandom(20261121),
    nextItem: () => ++item,
  };
  const products = await insertValid(s, 'product', standardProducts(c));
  const { parents, children } = variantProducts(c);
  const parentIds = await insertValid(s, 'product', parents);
  const childIds = await insertValid(
    s,
    'product',
    children.map(({ parentCode, ...row }) => ({ ...row, parent: idOf(parentIds, parentCode) })),
  );
  const all = new Map([...products, ...parentIds, ...childIds]);
  const sets = await insertValid(s, 'product', setProducts(c, all));
  return { categories, products: new Map([...all, ...sets]) };
}
