import { importer, single, type MenuGroupDef } from './types';

export const data: MenuGroupDef = {
  key: 'data',
  label: 'Data',
  icon: 'database',
  screens: [
    importer('product', 'Import products'),
    importer('recipe', 'Import recipes'),
    importer('supplierproduct', 'Import supplier products'),
    importer('membership', 'Import members'),
    importer('promotion', 'Import promotions'),
    importer('alternatebarcode', 'Import alternate barcodes'),
    importer('outletitembalance', 'Import outlet item balances'),
    importer('lowquantity', 'Import low quantity triggers'),
    importer('imageproduct', 'Import product images'),
    single('dataexporter', 'Data exporter', 'file-earmark-arrow-down'),
  ],
};
