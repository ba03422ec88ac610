import { findEntity, type NormalisedEntity } from '@backroom/schema';
import { exportEntity } from '../../data/export-parameters';

/** The entity an export procedure reads: a menu item's `exportProcedure` (`EXP_Product`), or `entity:{name}` for any list. */
export function exportEntityOf(procedure: string): NormalisedEntity | undefined {
  const match = /^entity:([a-z][a-zA-Z0-9]*)$/.exec(procedure);
  if (match) return findEntity(match[1]!);
  return exportEntity(procedure);
}
