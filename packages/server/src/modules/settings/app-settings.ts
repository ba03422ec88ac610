import type { AppSettingDto } from '@backroom/schema';
import type { Kysely } from 'kysely';
import type { AppSetting, Database } from '../../db/types';

export function toAppSettingDto(row: AppSetting): AppSettingDto {
  let attributes: Record<string, unknown> | null = null;
  if (row.attributes) {
    const parsed: unknown = JSON.parse(row.attributes);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) attributes = parsed as Record<string, unknown>;
  }
  return {
    appSettingID: row.id,
    groupId: row.group_id,
    key: row.key,
    value: row.value,
    description: row.description,
    attributes,
  };
}

export const settingsInGroup = (db: Kysely<Database>, groupId: number) =>
  db.selectFrom('app_setting').selectAll().where('group_id', '=', groupId).orderBy('id').execute();

export const settingByKey = (db: Kysely<Database>, key: string) =>
  db.selectFrom('app_setting').selectAll().where('key', '=', key).executeTakeFirst();

/** Values of the given keys, '' for keys that do not exist. */
export async function settingValues(db: Kysely<Database>, keys: readonly string[]): Promise<Map<string, string>> {
  const rows =
    keys.length === 0
      ? []
      : await db.selectFrom('app_setting').select(['key', 'value']).where('key', 'in', keys).execute();
  const found = new Map(rows.map((r) => [r.key, r.value]));
  return new Map(keys.map((k) => [k, found.get(k) ?? '']));
}
