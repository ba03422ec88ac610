import { SETTING_GROUP, SETTING_KEYS, DEFAULT_TAKE_PER_ROW } from '@backroom/schema';
import type { ModuleSeed } from '../../db/seed/index';

const GENERAL_SETTINGS: { key: string; value: string; description: string }[] = [
  { key: SETTING_KEYS.setupUrl, value: '', description: 'Address of the setup site' },
  { key: SETTING_KEYS.reportUrl, value: '', description: 'Report portal; the menu link is hidden while empty' },
  { key: SETTING_KEYS.inventoryUrl, value: '', description: 'Inventory portal; the menu link is hidden while empty' },
  { key: SETTING_KEYS.fileManagerUrl, value: '', description: 'File manager address' },
  { key: SETTING_KEYS.takePerRow, value: String(DEFAULT_TAKE_PER_ROW), description: 'Default rows per page of lists' },
  { key: SETTING_KEYS.paymentProviderUrl, value: '', description: 'Payment provider address' },
];

/** The general settings every database has: those missing are inserted at each start; a value is never overwritten. */
export const settingsSeed: ModuleSeed = {
  required: async (db, now) => {
    await db
      .insertInto('app_setting')
      .values(
        GENERAL_SETTINGS.map((s) => ({
          group_id: SETTING_GROUP.general,
          ...s,
          attributes: null,
          updated_at: now,
          updated_by: 'system',
        })),
      )
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
  },
};
