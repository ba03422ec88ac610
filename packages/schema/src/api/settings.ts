import { PRODUCT_SHORT_NAME, SETTING_QUERY_TAKE } from '../constants';

/** App setting keys read by the console (SPEC §3). */
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

/** The SPEC §7 setting query body. */
export const settingQuery = (keys: readonly string[]) => ({
  Take: SETTING_QUERY_TAKE,
  filters: [{ ColumnName: 'AppSettingKeys', ColumnValue: keys.join(','), Operator: 'EQ' }],
});

export interface AppSettingDto {
  appSettingID: number;
  groupId: number;
  key: string;
  value: string;
  description: string | null;
  attributes: Record<string, unknown> | null;
}
