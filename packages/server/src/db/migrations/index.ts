import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Migration } from 'kysely';
import { initial } from './001_initial';
import { jobs } from './004_jobs';
import { jobLease } from './006_job_lease';
import { sessions } from './008_sessions';
import { systemAuthor } from './009_system_author';
import { stockDocuments } from './021_stock_documents';
import { pricingLedgers } from './030_pricing_ledgers';
import { cacheGenerations } from './033_cache_generations';
import { installation } from './040_installation';
import { uploadUsage } from './045_upload_usage';
import { oneFlagHolder } from './046_one_flag_holder';
import { terminalPairing } from './061_terminal_pairing';
import { onlineMenu } from './071_online_menu';
import { homeRollup } from './080_home_rollup';
import { homeSalesDay } from './081_home_sales_day';
import { idempotencyKeys } from './115_idempotency_keys';
import { costPrivileges } from './116_cost_privileges';
import { lockoutStrikes } from './117_lockout_strikes';
import { voucherCodeAnyCase } from './118_voucher_code_any_case';
import { ruleCountersKeepCache } from './121_rule_counters_keep_cache';
import { saleTillFigures } from './123_sale_till_figures';
import { deliveryGoodsInTransit } from './126_delivery_goods_in_transit';
import { SERVER_ROOT } from '../../paths';
import { operationsMigration, type Operation } from './operations';

/** Migrations written by hand (tables the registry does not describe). */
const written: Record<string, Migration> = {
  '001_initial': initial,
  '004_jobs': jobs,
  '006_job_lease': jobLease,
  '008_sessions': sessions,
  '009_system_author': systemAuthor,
  '021_stock_documents': stockDocuments,
  '030_pricing_ledgers': pricingLedgers,
  '033_cache_generations': cacheGenerations,
  '040_installation': installation,
  '045_upload_usage': uploadUsage,
  '046_one_flag_holder': oneFlagHolder,
  '061_terminal_pairing': terminalPairing,
  '071_online_menu': onlineMenu,
  '080_home_rollup': homeRollup,
  '081_home_sales_day': homeSalesDay,
  '115_idempotency_keys': idempotencyKeys,
  '116_cost_privileges': costPrivileges,
  '117_lockout_strikes': lockoutStrikes,
  '118_voucher_code_any_case': voucherCodeAnyCase,
  '121_rule_counters_keep_cache': ruleCountersKeepCache,
  '123_sale_till_figures': saleTillFigures,
  '126_delivery_goods_in_transit': deliveryGoodsInTransit,
};

/** This folder in the sources, also when the server runs from its bundle. */
const folder = join(SERVER_ROOT, 'src', 'db', 'migrations');

/** Migrations generated from the registry by `npm run migration:new`: `NNN_name.json`, each a list of steps. */
export function generatedMigrations(): Record<string, Migration> {
  const out: Record<string, Migration> = {};
  for (const file of readdirSync(folder).filter((name) => /^\d{3}_[\w-]+\.json$/.test(name))) {
    const { operations } = JSON.parse(readFileSync(join(folder, file), 'utf8')) as { operations: Operation[] };
    out[file.replace(/\.json$/, '')] = operationsMigration(operations);
  }
  return out;
}

/** Every migration, by name; names sort in the order they run. Never edit one that has shipped: add the next. */
export const migrations: Record<string, Migration> = Object.fromEntries(
  Object.entries({ ...written, ...generatedMigrations() }).sort(([a], [b]) => a.localeCompare(b)),
);
