import type { WebModule } from '../screens/webModule';

/** The catalogue: how its lists read on a phone (a product as Shopify's mobile list shows one: name, SKU, price, stock). */
export const catalogueModule: WebModule = {
  name: 'catalogue',
  phoneRows: {
    product: { title: ['name'], code: ['code'], end: ['sellingPrice', 'onHand'] },
  },
};
