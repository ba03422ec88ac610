import { sql, type RawBuilder } from 'kysely';
import type { DayWindow } from './days';

/**
 * `with d(outlet_id, day, starts, ends) as (values …)`: day windows as a table, typed for
 * PostgreSQL's parameters. Read it first (`from d cross join …`): SQLite keeps that join order, so
 * each window is one index range on (outlet, time).
 */
export const windowsTable = (windows: readonly DayWindow[]): RawBuilder<unknown> =>
  sql`with d(outlet_id, day, starts, ends) as (values ${sql.join(windows.map((w) => sql`(cast(${w.outlet} as integer), cast(${w.day} as text), cast(${w.starts} as text), cast(${w.ends} as text))`))})`;
