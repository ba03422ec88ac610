import {
  fetchRequest,
  samlProvider,
  settingField,
  SETTING_PROCEDURE,
  type FetchRequest,
  type SamlProvider,
} from '@backroom/schema';
import { z } from 'zod';
import { validationError } from '../../http/envelope';
import { settingsInGroup, settingValues } from './app-settings';
import { defineProcedure } from '../../procedures/registry';

/** App settings group holding the SAML sign-in providers: key = provider name, value = its login URL. */
export const SAML_SETTING_GROUP = 3;

const KEYS_COLUMN = 'appsettingkeys';

/** The keys of the setting query: one `AppSettingKeys` filter, EQ or IN, comma-separated. */
function requestedKeys(input: FetchRequest): string[] {
  const filters = input.filters ?? [];
  const keys: string[] = [];
  let found = false;
  filters.forEach((filter, i) => {
    if (filter.ColumnName.toLowerCase() !== KEYS_COLUMN) {
      throw validationError([{ field: `filters.${i}.ColumnName`, message: `Unknown column: ${filter.ColumnName}` }]);
    }
    if (!['EQ', 'IN'].includes(filter.Operator.toUpperCase())) {
      throw validationError([{ field: `filters.${i}.Operator`, message: 'Use EQ or IN with AppSettingKeys' }]);
    }
    if (typeof filter.ColumnValue !== 'string') {
      throw validationError([{ field: `filters.${i}.ColumnValue`, message: 'Expected comma-separated setting keys' }]);
    }
    found = true;
    keys.push(
      ...filter.ColumnValue.split(',')
        .map((k) => k.trim())
        .filter((k) => k !== ''),
    );
  });
  if (!found)
    throw validationError([{ field: 'filters', message: 'Give the setting keys in an AppSettingKeys filter' }]);
  return [...new Set(keys)];
}

export const multipleAppSetting = defineProcedure({
  name: SETTING_PROCEDURE,
  public: false,
  input: fetchRequest,
  /** One row: a field per key asked for, and the first key's value as `appSettingValue`. */
  output: z.array(z.record(z.string(), z.string())).length(1),
  async run(ctx, input) {
    const keys = requestedKeys(input);
    const values = await settingValues(ctx.db, keys);
    const row: Record<string, string> = {};
    for (const [key, value] of values) row[settingField(key)] = value;
    row.appSettingValue = keys.length > 0 ? values.get(keys[0]!)! : '';
    return { data: [row], totalCount: 1 };
  },
});

export const getSaml = defineProcedure({
  name: 'getsaml',
  public: true,
  input: z.unknown(),
  output: z.array(samlProvider),
  async run(ctx) {
    const rows = await settingsInGroup(ctx.db, SAML_SETTING_GROUP);
    const data: SamlProvider[] = rows
      .filter((r) => /^https?:\/\//i.test(r.value))
      .map((r) => ({ name: r.key, loginUrl: r.value }));
    return { data, totalCount: data.length };
  },
});
