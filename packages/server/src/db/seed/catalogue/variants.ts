import type { Row } from '../../types';
import { CATEGORIES } from './assortment';
import { idOf } from './insert';
import { productRow, supplierMapping, type ProductContext } from './product-rows';

/** Variant parents: apparel by size and colour, café drinks by size. Prices in sen; `upcharge` for the big sizes. */
const PARENTS: {
  code: string;
  name: string;
  category: string;
  cents: number;
  sizes: string[];
  colours: string[];
  upcharge: Record<string, number>;
}[] = [
  {
    code: 'APP-TEE',
    name: 'Logo T-Shirt',
    category: 'APPAREL',
    cents: 4990,
    sizes: ['S', 'M', 'L', 'XL'],
    colours: ['BLACK', 'WHITE'],
    upcharge: { XL: 500 },
  },
  {
    code: 'APP-POLO',
    name: 'Polo Shirt',
    category: 'APPAREL',
    cents: 6990,
    sizes: ['S', 'M', 'L', 'XL'],
    colours: ['NAVY', 'WHITE'],
    upcharge: { XL: 500 },
  },
  {
    code: 'APP-HOOD',
    name: 'Hoodie',
    category: 'APPAREL',
    cents: 11900,
    sizes: ['M', 'L', 'XL'],
    colours: ['GREY', 'BLACK'],
    upcharge: { XL: 800 },
  },
  {
    code: 'APP-APRON',
    name: 'Barista Apron',
    category: 'APPAREL',
    cents: 5900,
    sizes: ['M', 'L'],
    colours: ['BLACK', 'BEIGE'],
    upcharge: {},
  },
  {
    code: 'APP-CAP',
    name: 'Baseball Cap',
    category: 'APPAREL',
    cents: 3500,
    sizes: [],
    colours: ['BLACK', 'NAVY', 'BEIGE'],
    upcharge: {},
  },
  {
    code: 'COF-LAT',
    name: 'Caffè Latte',
    category: 'COFFEE',
    cents: 1100,
    sizes: ['REG', 'L'],
    colours: [],
    upcharge: { L: 200 },
  },
  {
    code: 'COF-CAP',
    name: 'Cappuccino',
    category: 'COFFEE',
    cents: 1050,
    sizes: ['REG', 'L'],
    colours: [],
    upcharge: { L: 200 },
  },
  {
    code: 'TEA-TTK',
    name: 'Teh Tarik',
    category: 'TEA',
    cents: 450,
    sizes: ['REG', 'L'],
    colours: [],
    upcharge: { L: 150 },
  },
  {
    code: 'TEA-MAT',
    name: 'Matcha Latte',
    category: 'TEA',
    cents: 1250,
    sizes: ['REG', 'L'],
    colours: [],
    upcharge: { L: 200 },
  },
  {
    code: 'CLD-ILT',
    name: 'Iced Lemon Tea',
    category: 'COLD',
    cents: 690,
    sizes: ['REG', 'L'],
    colours: [],
    upcharge: { L: 150 },
  },
];

const SIZE_NAMES: Record<string, string> = { S: 'S', M: 'M', L: 'L', XL: 'XL', REG: 'Regular' };
const DRINK_SIZE_NAMES: Record<string, string> = { REG: 'Regular', L: 'Large' };
const title = (code: string) => code.charAt(0) + code.slice(1).toLowerCase();

/** The parents and their children (each child names its parent's code, resolved once the parents exist). */
export function variantProducts(c: ProductContext): { parents: Row[]; children: (Row & { parentCode: string })[] } {
  const sizeAttribute = idOf(c.ref.attributes, 'SIZE');
  const colourAttribute = idOf(c.ref.attributes, 'COLOUR');
  const parents: Row[] = [];
  const children: (Row & { parentCode: string })[] = [];
  for (const p of PARENTS) {
    const category = CATEGORIES.find((k) => k.code === p.category)!;
    const drink = category.department === 'CAFE';
    const brand = category.brands[0];
    parents.push(
      productRow(c, category, {
        code: p.code,
        name: p.name,
        cents: p.cents,
        brand,
        extra: { type: 'variantParent', trackStock: false },
      }),
    );
    const sizes = p.sizes.length > 0 ? p.sizes : [null];
    const colours = p.colours.length > 0 ? p.colours : [null];
    for (const size of sizes)
      for (const colour of colours) {
        const code = [p.code, size, colour].filter(Boolean).join('-');
        const label = [size && (drink ? DRINK_SIZE_NAMES : SIZE_NAMES)[size], colour && title(colour)]
          .filter(Boolean)
          .join(' ');
        const row = productRow(c, category, {
          code,
          name: `${p.name} ${label}`,
          cents: p.cents + (size ? (p.upcharge[size] ?? 0) : 0),
          brand,
          extra: {
            trackStock: !drink,
            variantAttributeValues: [
              ...(size ? [{ attribute: sizeAttribute, value: size }] : []),
              ...(colour ? [{ attribute: colourAttribute, value: colour }] : []),
            ],
          },
        });
        row.supplierMapping = supplierMapping(c, category, code, row.costPrice as string);
        children.push({ ...row, parentCode: p.code });
      }
  }
  return { parents, children };
}
