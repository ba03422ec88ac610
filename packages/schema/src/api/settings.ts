import { z } from 'zod';
import { PRODUCT_SHORT_NAME, SETTING_QUERY_TAKE } from '../constants';

/** App setting keys read by the console. */
export const SETTING_KEYS = {
  setupUrl: `${PRODUCT_SHORT_NAME}_SetupURL`,
  reportUrl: 'InventoryWeb_ReportURL',
  inventoryUrl: 'InventoryWeb_SetupURL',
  fileManagerUrl: 'FileManagerURL',
  takePerRow: 'default_TakePerRow',
  paymentProviderUrl: 'PAYMENTPROVIDER_URL',
} as const;

/** App setting groups (`FetchByGroupId/{id}`). */
export const SETTING_GROUP = { general: 1, topMenu: 2 } as const;

/** The response field of a key: its first letter lower-cased (`PAYMENTPROVIDER_URL` → `pAYMENTPROVIDER_URL`). */
export const settingField = (key: string) => key.charAt(0).toLowerCase() + key.slice(1);

export const SETTING_PROCEDURE = 'SP_Multiple_Appsetting';

/** The body of the `SP_Multiple_Appsetting` setting query: one `AppSettingKeys` filter, the keys comma-separated. */
export const settingQuery = (keys: readonly string[]) => ({
  Take: SETTING_QUERY_TAKE,
  filters: [{ ColumnName: 'AppSettingKeys', ColumnValue: keys.join(','), Operator: 'EQ' }],
});

export const appSettingDto = z.object({
  appSettingID: z.number().int(),
  groupId: z.number().int(),
  key: z.string(),
  value: z.string(),
  description: z.string().nullable(),
  attributes: z.record(z.string(), z.unknown()).nullable(),
});
export type AppSettingDto = z.infer<typeof appSettingDto>;

const ADDRESS = /^(https?:\/\/|\/)/i;
const addressProblem = (value: string) =>
  value === '' || ADDRESS.test(value) ? null : 'Enter an address starting with http://, https:// or /';
const rowsProblem = (value: string) =>
  /^\d{1,4}$/.test(value) && Number(value) >= 1 ? null : 'Enter a whole number from 1 to 9999';

/** How the value of each setting the console reads is written; other keys hold free text. */
export const SETTING_KINDS: Readonly<Record<string, 'address' | 'rows'>> = {
  [SETTING_KEYS.setupUrl]: 'address',
  [SETTING_KEYS.reportUrl]: 'address',
  [SETTING_KEYS.inventoryUrl]: 'address',
  [SETTING_KEYS.fileManagerUrl]: 'address',
  [SETTING_KEYS.takePerRow]: 'rows',
  [SETTING_KEYS.paymentProviderUrl]: 'address',
};

/**
 * What is wrong with a setting's value, checked alike by the server (every write) and the console:
 * a top-menu link's route starts with http(s):// or / (the top menu skips any other), an address setting
 * is blank or one, the rows per page a whole number. Null when it is fine.
 */
export function settingValueProblem(groupId: number, key: string, value: string): string | null {
  if (groupId === SETTING_GROUP.topMenu)
    return ADDRESS.test(value) ? null : 'A link starts with http://, https:// or /';
  const kind = SETTING_KINDS[key];
  return kind === 'address' ? addressProblem(value) : kind === 'rows' ? rowsProblem(value) : null;
}
