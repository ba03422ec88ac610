import type { JobStatus } from '@backroom/schema';
import type { Generated, Kysely, Selectable } from 'kysely';
import type { RegistryTables } from './rows.generated';

/**
 * The generic data service works on tables known only from the registry at run time, so it talks to
 * Kysely untyped; every table and column name it uses comes from the registry, every value is a parameter.
 */
export type AnyDb = Kysely<any>;

/** A connection or transaction handed around untyped (hooks, the data service), as the typed database a module queries. */
export const typedDb = (db: AnyDb): Kysely<Database> => db;

export type Row = Record<string, unknown>;

/** A row of `table` as `toStorageRow` gives it (the registry's wire form stored): its own columns, values as stored. */
export type StoredRow<T extends keyof Database> = Partial<Record<keyof Database[T] & string, unknown>>;

/**
 * Tables outside the registry, and registry tables whose hand-written migrations hold more than the
 * registry declares (`app_user`'s password hash…), typed by hand here; every other table's row type
 * is generated from the registry into `rows.generated.ts`. Columns are snake_case; timestamps are ISO-8601 strings (`Date#toISOString`) on both
 * dialects; booleans are `boolean` in PostgreSQL and 0/1 in SQLite, mapped both ways by the SQLite
 * driver wrapper and `BOOLEAN_COLUMNS` (see connect.ts).
 */
interface Audited {
  version: Generated<number>;
  created_at: string;
  created_by: string | null;
  updated_at: string;
  updated_by: string | null;
}

export interface ServerSecretTable {
  name: string;
  value: string;
  created_at: string;
}

export interface CompanyTable extends Audited {
  id: Generated<number>;
  name: string;
  registration_no: string | null;
  tax_registration_no: string | null;
  address: string | null;
  logo: string | null;
  base_currency_id: number | null;
  timezone: string | null;
}

export interface RoleTable extends Audited {
  id: Generated<number>;
  code: string;
  name: string;
  description: string | null;
  is_active: Generated<boolean>;
}

export interface PrivilegeTable extends Audited {
  id: Generated<number>;
  /** The registry screen name: DataRepository name and permission key. */
  name: string;
  route: string;
  kind: string;
  group_key: string;
  group_text: string;
  group_icon: string;
  group_sort: number;
  menu_text: string;
  icon: string;
  sort_order: number;
  export_procedure: string | null;
  label_text: string | null;
  label_color: string | null;
  feature: string | null;
  in_menu: boolean;
}

export interface RolePrivilegeTable {
  id: Generated<number>;
  role_id: number;
  privilege_id: number;
  able_to_view: boolean;
  able_to_edit: boolean;
  able_to_delete: boolean;
  able_to_set_table: boolean;
}

export interface AppUserTable extends Audited {
  id: Generated<number>;
  user_name: string;
  display_name: string;
  email: string | null;
  phone: string | null;
  role_id: number;
  password_hash: string;
  is_active: boolean;
  must_change_password: boolean;
  /** AES-256-GCM ciphertext (see crypto/sealed.ts). */
  otp_secret: string | null;
  otp_enabled: boolean;
  /** The last TOTP time step accepted, so one code cannot be used twice. */
  otp_last_step: number | null;
  last_login_at: string | null;
  /** Mirror of the lockout of this user name, for the user list; login_failure decides. */
  locked_until: string | null;
}

export interface SessionTable {
  id: Generated<number>;
  user_id: number;
  created_at: string;
  last_refreshed_at: string | null;
  revoked_at: string | null;
  revoked_reason: string | null;
  user_agent: string | null;
  ip: string | null;
  /** The absolute end (SESSION_LIFETIME_DAYS after sign-in), whatever the refreshes. */
  expires_at: string | null;
}

export interface RefreshTokenTable {
  id: Generated<number>;
  session_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  /** Set when the token has been exchanged; presenting it again revokes the session. */
  used_at: string | null;
}

export interface LoginFailureTable {
  /** Lower-cased user name as typed, whether or not such a user exists. */
  user_key: string;
  /** Failures decided in the current window. */
  failure_count: number;
  /** Attempts reserved and still being checked (see auth/lockout.ts). */
  pending: Generated<number>;
  /** Start of the current window. */
  first_failure_at: string;
  locked_until: string | null;
  /** Locks in a row from this key, each twice as long as the one before; forgotten after a success or a quiet day. */
  strikes: Generated<number>;
}

/** One sign-in rate-limit counter (auth/rate-limit.ts): hits of `bucket` since `window_start`. */
export interface RateLimitTable {
  bucket: string;
  window_start: string;
  hits: number;
}

/** Bytes a user uploaded on one day (UTC, `YYYY-MM-DD`): the daily upload quota (files/quota.ts). */
export interface UploadUsageTable {
  user_id: number;
  day: string;
  bytes: number | string;
}

export interface PasswordResetTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  created_at: string;
  expires_at: string;
  attempts: number;
  used_at: string | null;
}

export interface FeatureSwitchTable {
  key: string;
  enabled: boolean;
}

export interface ListValueCategoryTable extends Audited {
  id: Generated<number>;
  code: string;
  name: string;
  description: string | null;
  is_active: Generated<boolean>;
}

export interface ListValueTable extends Audited {
  id: Generated<number>;
  category_id: number;
  code: string;
  name: string;
  sort_order: number;
  is_active: Generated<boolean>;
}

export interface AppSettingTable {
  id: Generated<number>;
  group_id: number;
  key: string;
  value: string;
  description: string | null;
  /** JSON object text or null. */
  attributes: string | null;
  updated_at: string;
  updated_by: string | null;
}

/** `033_cache_generations`: one counter per in-memory cache, raised by trigger on every write to what it covers. */
export interface CacheGenerationTable {
  name: string;
  generation: number | string;
}

/** One row (id 1) once the installer's set-up (or the demo seed) has run: the installer is closed for good. */
export interface InstallationTable {
  id: number;
  completed_at: string;
  completed_by: string;
}

/** `004_jobs`, `006_job_lease`: background jobs (`src/jobs`), one row per run. */
export interface JobTable {
  id: Generated<number>;
  kind: string;
  status: JobStatus;
  progress: Generated<number>;
  payload: string | null;
  result: string | null;
  error: string | null;
  run_after: string;
  attempts: Generated<number>;
  /** The run holding a running job (see `newLease`), and until when unless renewed. */
  lease_holder: string | null;
  lease_until: string | null;
  created_at: string;
  updated_at: string;
}

/** `021_stock_documents`: the last number given in each document series. */
export interface DocumentCounterTable {
  series: string;
  last_no: number;
}

/** `030_pricing_ledgers`: every promotion code in use, whichever kind of promotion holds it. */
export interface PromotionCodeTable {
  code: string;
  entity: string;
  row_id: number;
}

/** `030_pricing_ledgers`: how often a member has used a promotion rule. */
export interface PromotionMemberUsageTable {
  rule_id: number;
  member_id: number;
  times_used: number;
}

/** `030_pricing_ledgers`: each use of a voucher, promotion or points, with its amount. */
export interface PricingRedemptionTable {
  id: Generated<number>;
  reference: string;
  kind: string;
  ref_id: number;
  code: string | null;
  member_id: number | null;
  amount: number;
  at: string;
}

/** `061_terminal_pairing`: one-time pairing codes of a till. */
export interface TerminalPairingCodeTable {
  id: Generated<number>;
  terminal_id: number;
  code_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
  created_by: string | null;
}

/** `061_terminal_pairing`: the token a paired till signs its calls with. */
export interface TerminalTokenTable {
  id: Generated<number>;
  terminal_id: number;
  outlet_id: number;
  token_hash: string;
  device_id: string;
  created_at: string;
  revoked_at: string | null;
}

/** `071_online_menu`: each published version of a channel's online menu. */
export interface OnlineMenuVersionTable {
  id: Generated<number>;
  channel_id: number;
  version: number;
  etag: string;
  body: string;
  published_at: string;
  published_by: string;
}

/** `080_home_rollup`: quantities and amounts sold per outlet, day and product. */
export interface HomeProductDayTable {
  outlet_id: number;
  day: string;
  product_id: number;
  quantity: number;
  amount: number;
}

/** `080_home_rollup`: one row (id 1), the last sale the home rollups have counted. */
export interface HomeRollupTable {
  id: number;
  last_sale_id: number;
}

/** `081_home_sales_day`: sales totals per outlet and day. */
export interface HomeSalesDayTable {
  outlet_id: number;
  day: string;
  total: number;
  receipts: number;
}

/** `115_idempotency_keys`: the answer given to a request sent with an idempotency key. */
export interface IdempotencyKeyTable {
  scope: string;
  idem_key: string;
  body_hash: string;
  answer: string | null;
  created_at: string;
}

export interface OwnTables {
  server_secret: ServerSecretTable;
  company: CompanyTable;
  role: RoleTable;
  privilege: PrivilegeTable;
  role_privilege: RolePrivilegeTable;
  app_user: AppUserTable;
  session: SessionTable;
  refresh_token: RefreshTokenTable;
  login_failure: LoginFailureTable;
  rate_limit: RateLimitTable;
  upload_usage: UploadUsageTable;
  password_reset: PasswordResetTable;
  feature_switch: FeatureSwitchTable;
  list_value_category: ListValueCategoryTable;
  list_value: ListValueTable;
  app_setting: AppSettingTable;
  cache_generation: CacheGenerationTable;
  installation: InstallationTable;
  job: JobTable;
  document_counter: DocumentCounterTable;
  promotion_code: PromotionCodeTable;
  promotion_member_usage: PromotionMemberUsageTable;
  pricing_redemption: PricingRedemptionTable;
  terminal_pairing_code: TerminalPairingCodeTable;
  terminal_token: TerminalTokenTable;
  online_menu_version: OnlineMenuVersionTable;
  home_product_day: HomeProductDayTable;
  home_rollup: HomeRollupTable;
  home_sales_day: HomeSalesDayTable;
  idempotency_key: IdempotencyKeyTable;
}

/** Every table: the registry's generated row types, with the hand-typed tables above in place of theirs. */
export type Database = Omit<RegistryTables, keyof OwnTables> & OwnTables;

/** Every boolean column name; SQLite returns them as 0/1 and they are turned back into booleans. */
export const BOOLEAN_COLUMNS: ReadonlySet<string> = new Set([
  'is_active',
  'in_menu',
  'able_to_view',
  'able_to_edit',
  'able_to_delete',
  'able_to_set_table',
  'must_change_password',
  'otp_enabled',
  'enabled',
]);

export type AppSetting = Selectable<AppSettingTable>;
