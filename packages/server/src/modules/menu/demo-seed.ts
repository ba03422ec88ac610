import { SETTING_GROUP } from '@backroom/schema';
import type { ModuleSeed } from '../../db/seed/index';

const DEMO_TOP_MENU = [
  { route: '/profil', menuText: 'My profile' },
  { route: 'https://backroom.example/help', menuText: 'Help centre' },
];

/** The demo's top menu links (settings of the top-menu group). */
export const menuDemoSeed: ModuleSeed = {
  demo: async ({ trx, now }) => {
    await trx
      .insertInto('app_setting')
      .values(
        DEMO_TOP_MENU.map((entry) => ({
          group_id: SETTING_GROUP.topMenu,
          key: entry.menuText,
          value: entry.route,
          description: 'Top menu link',
          attributes: null,
          updated_at: now,
          updated_by: 'system',
        })),
      )
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
  },
};
