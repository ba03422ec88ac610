/**
 * The load shape of a console in use (issue 27): several people at once on list pages, forms,
 * dropdown searches and the command palette, over the products `products.ts` seeds. Each request
 * is one of a fixed set of variants, so the statements Backroom runs for each can be recorded once
 * and replayed by the bare endpoint (`bare-server.ts`, `BARE_REPLAY`): the floor of the mix.
 */
import { fetchShapes, productName } from './products';

export interface MixRequest {
  kind: 'list page' | 'form' | 'dropdown search' | 'palette';
  method: 'GET' | 'POST';
  /** Under `/backoffice/core/api`. */
  path: string;
  body?: object;
}

/** How often each kind comes, out of 10: mostly lists, then forms, dropdowns and the palette. */
const WEIGHTS: Record<MixRequest['kind'], number> = { 'list page': 4, form: 2, 'dropdown search': 2, palette: 2 };
/** Variants of each weight unit: enough that pages, ids and texts differ. */
const SPREAD = 6;

/** Text someone types: the middle of a seeded product's name, as a dropdown or the palette gets it. */
const typed = (i: number, products: number) =>
  productName(i * 101, products)
    .split(' ')[1]!
    .slice(1, 5);

export function consoleMix(categoryIds: readonly number[], productIds: readonly number[], products: number) {
  const shapes = Object.values(fetchShapes(categoryIds));
  const of: Record<MixRequest['kind'], (i: number) => MixRequest> = {
    'list page': (i) => ({
      kind: 'list page',
      method: 'POST',
      path: '/DataRepository/fetch/product',
      body: { Skip: (i % 3) * 10, Take: 10, ...shapes[i % shapes.length]!(i) },
    }),
    form: (i) => ({
      kind: 'form',
      method: 'POST',
      path: '/DataRepository/fetch/product',
      body: {
        Skip: 0,
        Take: 1,
        filters: [{ ColumnName: 'id', ColumnValue: productIds[i % productIds.length], Operator: 'EQ' }],
      },
    }),
    'dropdown search': (i) => ({
      kind: 'dropdown search',
      method: 'GET',
      path: `/AppModule/GetDropDown/product?search=${encodeURIComponent(typed(i, products))}`,
    }),
    palette: (i) => ({
      kind: 'palette',
      method: 'GET',
      path: `/Search?q=${encodeURIComponent(typed(i + 7, products))}`,
    }),
  };
  const variants: MixRequest[] = [];
  for (let i = 0; i < SPREAD; i++)
    for (const [kind, weight] of Object.entries(WEIGHTS) as [MixRequest['kind'], number][])
      for (let w = 0; w < weight; w++) variants.push(of[kind](i * weight + w));
  return variants;
}
