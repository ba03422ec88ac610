import type { DomainModule } from '../module';
import type { PrintDocument } from '../../print/documents';
import { labelItems } from './catalogue';
import { labelSheets, priceTag, shelfLabel, type DrawLabel, type Grid } from './sheets';

/** Layouts by name ("columns x rows" on A4); the first is the default. */
const SHELF_LAYOUTS = {
  '3x8': { columns: 3, rows: 8 },
  '2x7': { columns: 2, rows: 7 },
  '4x10': { columns: 4, rows: 10 },
} satisfies Record<string, Grid>;
const TAG_LAYOUTS = {
  '2x4': { columns: 2, rows: 4 },
  '2x3': { columns: 2, rows: 3 },
  '3x4': { columns: 3, rows: 4 },
} satisfies Record<string, Grid>;

function labelDocument(title: string, layouts: Record<string, Grid>, draw: DrawLabel): PrintDocument {
  const names = Object.keys(layouts) as [string, ...string[]];
  return {
    privilege: { screen: 'product', action: 'view' },
    async render(request, body) {
      const run = await labelItems(request, body, names);
      const grid = layouts[run.layout ?? names[0]]!;
      const name = title.toLowerCase().replace(/\s+/g, '-');
      return {
        pdf: await labelSheets(run.outletName ? `${title} - ${run.outletName}` : title, run, grid, draw),
        fileName: `${name}.pdf`,
      };
    },
  };
}

/** Shelf labels and price tags of products, priced for an outlet, with their barcodes. */
export const labelsModule: DomainModule = {
  name: 'labels',
  documents: {
    shelflabels: labelDocument('Shelf labels', SHELF_LAYOUTS, shelfLabel),
    pricetags: labelDocument('Price tags', TAG_LAYOUTS, priceTag),
  },
};
