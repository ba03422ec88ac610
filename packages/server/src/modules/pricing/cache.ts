import { getEntity } from '@backroom/schema';
import { entityTables } from '../../db/schema/tables';

/**
 * The entities the rule set kept by each process is read from (loader.ts reads only these for it,
 * with their child and link tables). Any write to their tables must raise the database's `pricing`
 * generation, by trigger, or other processes go on pricing with stale rules: a test compares the
 * tables below with those the database's triggers cover (test/modules/cache-tables.test.ts).
 */
export const RULE_SET_ENTITIES = [
  'currency',
  'posterminalsettings',
  'promotion',
  'newpromotion',
  'discount',
  'surcharge',
  'gstsetup',
  'bundle',
  'outlet',
  'onlinesaleschannel',
  'category',
] as const;

export type RuleSetEntity = (typeof RULE_SET_ENTITIES)[number];

/** Their tables: each entity's own, then its child and link tables. */
export const RULE_SET_TABLES: readonly string[] = RULE_SET_ENTITIES.flatMap((name) =>
  entityTables(getEntity(name)).map((table) => table.name),
);
