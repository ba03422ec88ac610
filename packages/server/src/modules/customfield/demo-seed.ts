import { insertValid } from '../../db/seed/catalogue/insert';
import type { ModuleSeed } from '../../db/seed/index';

/** The demo chain's custom fields: what a café and grocery chain keeps on suppliers and departments beyond the registry. */
export const customFieldDemoSeed: ModuleSeed = {
  demo: async ({ catalogue }) => {
    if (!catalogue) return;
    await insertValid(catalogue.seeder, 'customfield', [
      { entity: 'supplier', key: 'paymentTerms', label: 'Payment terms', kind: 'text', sortOrder: 10 },
      { entity: 'supplier', key: 'halalCertified', label: 'Halal certified', kind: 'boolean', sortOrder: 20 },
      { entity: 'department', key: 'costCentre', label: 'Cost centre', kind: 'text', sortOrder: 10 },
    ]);
  },
};
