import { screens } from '@backroom/schema';
import type { Kysely } from 'kysely';
import type { Database } from '../types';

/** Inserts the feature switches of the registry's screens that are missing; never overwrites a value. */
export async function syncFeatures(db: Kysely<Database>): Promise<void> {
  const features = [...new Set(screens.flatMap((s) => (s.feature ? [s.feature] : [])))];
  if (features.length > 0) {
    await db
      .insertInto('feature_switch')
      .values(features.map((key) => ({ key, enabled: true })))
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
  }
}
