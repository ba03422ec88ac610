import type { DomainModule } from '../module';
import { productBarcodes } from './barcodes';
import { priceHistory } from './price-history';
import { recipeComponents } from './recipe-components';
import { registerSupplierMapDropdown } from './supplier-map-dropdown';
import { supplierMapping } from './supplier-mapping';
import { productVariants } from './variants';
export { barcodeHolders } from './barcodes';
export { recipeCycle } from './recipe-components';

/** Products: price history, barcodes unique across both barcode lists, recipes, supplier mapping, variants. */
export const productModule: DomainModule = {
  name: 'product',
  entities: { product: [priceHistory, productBarcodes, recipeComponents, supplierMapping, productVariants] },
  routes: (app, at) => registerSupplierMapDropdown(app, at.api),
};
