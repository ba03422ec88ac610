import { SETTING_GROUP } from '@backroom/schema';
import type { ModuleSeed } from '../../db/seed/index';

/** The demo's top menu: the console's own screens a manager opens many times a day (routes under `/new`). */
export const DEMO_TOP_MENU = [
  { route: '/onlinesalesorder', menuText: 'Online orders' },
  { route: '/lowstock', menuText: 'Low stock' },
  { route: '/terminalstatus', menuText: 'Terminal status' },
];

/**
 * Coloured sidebar labels of the demo chain, by screen: what is new, in trial, or live. The colours
 * carry white text at 4.5:1 or more.
 */
export const DEMO_SIDEBAR_LABELS: Record<string, { text: string; colour: string }> = {
  newpromotion: { text: 'New', colour: '#146c43' },
  reorder: { text: 'Beta', colour: '#0a58ca' },
  onlinesalesorder: { text: 'Live', colour: '#b02a37' },
};

/** The demo's top menu links (settings of the top-menu group) and, with the demo catalogue, sidebar labels. */
export const menuDemoSeed: ModuleSeed = {
  demo: async ({ trx, now, catalogue }) => {
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
    if (!catalogue) return;
    for (const [name, label] of Object.entries(DEMO_SIDEBAR_LABELS))
      await trx
        .updateTable('privilege')
        .set({ label_text: label.text, label_color: label.colour })
        .where('name', '=', name)
        .execute();
  },
};
