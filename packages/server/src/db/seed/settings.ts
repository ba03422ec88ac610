import { SETTING_GROUP, SETTING_KEYS, DEFAULT_TAKE_PER_ROW, screens } from '@backroom/schema';
import type { Kysely } from 'kysely';
import type { Database } from '../types';

const GENERAL_SETTINGS: { key: string; value: string; description: string }[] = [
  { key: SETTING_KEYS.setupUrl, value: '', description: 'Address of the setup site' },
  { key: SETTING_KEYS.reportUrl, value: '', description: 'Report portal; the menu link is hidden while empty' },
  { key: SETTING_KEYS.inventoryUrl, value: '', description: 'Inventory portal; the menu link is hidden while empty' },
  { key: SETTING_KEYS.fileManagerUrl, value: '', description: 'File manager address' },
  { key: SETTING_KEYS.takePerRow, value: String(DEFAULT_TAKE_PER_ROW), description: 'Default rows per page of lists' },
  { key: SETTING_KEYS.paymentProviderUrl, value: '', description: 'Payment provider address' },
];

export const DEMO_TOP_MENU = [
  { route: '/profil', menuText: 'My profile' },
  { route: 'https://backroom.example/help', menuText: 'Help centre' },
];

/** Inserts the settings and feature switches that are missing; never overwrites a value. */
export async function syncSettingsAndFeatures(db: Kysely<Database>, now: string): Promise<void> {
  await db
    .insertInto('app_setting')
    .values(
      GENERAL_SETTINGS.map((s) => ({ group_id: SETTING_GROUP.general, ...s, attributes: null, updated_at: now, updated_by: 'system' })),
    )
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();

  const features = [...new Set(screens.flatMap((s) => (s.feature ? [s.feature] : [])))];
  if (features.length > 0) {
    await db
      .insertInto('feature_switch')
      .values(features.map((key) => ({ key, enabled: true })))
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
  }
}

export async function seedTopMenu(db: Kysely<Database>, now: string): Promise<void> {
  await db
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
}
