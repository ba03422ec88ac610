import type { FetchRequest, NormalisedEntity } from '@backroom/schema';
import type { FastifyRequest } from 'fastify';
import { fetchRows } from '../../data/fetch';
import { anyDb } from '../../data/store';
import type { CellValue } from './cells';
import { cellFields, keyFields, sheetFields, toCell, type ScalarField } from './columns';
import { Lookups } from './lookups';
import { writeWorkbook } from './write';

const PAGE = 5000;

/**
 * The columns of an entity's export: the ones its import reads (key first), so an export imports
 * back unchanged. An entity no import reads (no key, or read-only: online orders, sales) has no
 * round trip to keep, so it exports every one-value field, the server's own (numbers, totals,
 * statuses) included.
 */
export function exportColumns(entity: NormalisedEntity): ScalarField[] {
  const key = keyFields(entity);
  if (!key || entity.readOnly) return cellFields(entity);
  const keyNames = new Set(key.map((f) => f.name));
  return [...key, ...sheetFields(entity).filter((f) => !keyNames.has(f.name))];
}

/**
 * Writes the rows a list shows (its filters, sorts and quick search, and the caller's row limits)
 * to an xlsx, a page at a time: references and list values as their codes.
 */
export async function runExport(request: FastifyRequest, entity: NormalisedEntity, query: Pick<FetchRequest, 'filters' | 'sorts' | 'search'>, output: string, progress: (percent: number) => Promise<void>): Promise<{ rows: number }> {
  const lookups = new Lookups(anyDb(request.server.ctx));
  const columns = exportColumns(entity);
  const coded = await Promise.all(columns.map((f) => (f.kind === 'reference' || f.kind === 'listvalue' ? lookups.of(f) : undefined)));
  async function* rows(): AsyncGenerator<CellValue[]> {
    for (let skip = 0; ; skip += PAGE) {
      const page = await fetchRows(request, entity, { ...query, Skip: skip, Take: PAGE });
      for (const row of page.rows) yield columns.map((f, i) => (coded[i] && row[f.name] != null ? (coded[i]!.codeOf(Number(row[f.name])) ?? null) : toCell(f, row[f.name])));
      if (page.rows.length < PAGE) return;
      if (!page.totalCountCapped) await progress(Math.min(99, Math.floor(((skip + PAGE) / Math.max(page.totalCount, 1)) * 100)));
    }
  }
  return writeWorkbook(output, [{ name: entity.label.slice(0, 31), columns: columns.map((f) => ({ header: f.label })), rows: rows() }]);
}
