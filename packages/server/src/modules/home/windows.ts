import { sql, type Kysely, type RawBuilder } from 'kysely';
import { preparedQuery } from '../../db/compiled';
import type { Database } from '../../db/types';
import type { DayWindow } from './days';

/**
 * `with d(outlet_id, day, starts, ends) as (values …)`: day windows as a table, typed for
 * PostgreSQL's parameters. Read it first (`from d cross join …`): SQLite keeps that join order, so
 * each window is one index range on (outlet, time).
 */
export const windowsTable = (windows: readonly DayWindow[]): RawBuilder<unknown> =>
  sql`with d(outlet_id, day, starts, ends) as (values ${sql.join(windows.map((w) => sql`(cast(${w.outlet} as integer), cast(${w.day} as text), cast(${w.starts} as text), cast(${w.ends} as text))`))})`;

/**
 * A read on the windows table: `query` follows it, binding `values`. Built and compiled once per
 * number of windows (db/compiled.ts): Home's windows are 30 days of every outlet, four values each,
 * and building and compiling those hundreds of values on every call cost more than the statement's
 * own run. `query` receives stand-ins for its values, to be used as values only.
 */
export function windowsRead<R>(query: (values: readonly unknown[]) => RawBuilder<unknown>) {
  const prepared = preparedQuery<number, R>(
    (windows) => String(windows),
    (db, values, windows) => {
      const standIns = Array.from({ length: windows }, (_, i) => {
        const [outlet, day, starts, ends] = values.slice(4 * i, 4 * i + 4);
        return { outlet, day, starts, ends } as DayWindow;
      });
      const statement = sql`${windowsTable(standIns)} ${query(values.slice(4 * windows))}`;
      return { compile: () => statement.compile(db) };
    },
  );
  return async (db: Kysely<Database>, windows: readonly DayWindow[], values: readonly unknown[] = []): Promise<R[]> =>
    (await prepared(db, windows.length, [...windows.flatMap((w) => [w.outlet, w.day, w.starts, w.ends]), ...values]))
      .rows;
}
