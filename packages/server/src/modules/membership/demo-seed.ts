import { insertValid } from '../../db/seed/catalogue/insert';
import type { ModuleSeed } from '../../db/seed/index';

/**
 * The demo's membership provider connection, filled in and switched off: the screen shows what a
 * chain connects to, and the demo calls nobody (no key is stored; the address does not exist).
 */
export const membershipDemoSeed: ModuleSeed = {
  demo: async ({ catalogue }) => {
    if (!catalogue) return;
    await insertValid(catalogue.seeder, 'membershipintegrationsettings', [
      { provider: 'Loyalty Cloud', endpoint: 'https://api.loyalty.example/v2', syncDirection: 'both', enabled: false },
    ]);
  },
};
