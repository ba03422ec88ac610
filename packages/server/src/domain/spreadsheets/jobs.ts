import { z } from 'zod';
import { actingRequest, actingUser } from '../../jobs/acting-user';
import type { JobKind, JobRun } from '../../jobs/kinds';
import { recordEvent } from '../../data/audit';
import { anyDb } from '../../data/store';
import { exportEntityOf } from './procedures';
import { runExport } from './export';
import { runImport, type ImportOutcome, type RowError } from './import';
import { importerOf } from './importers';
import { readSheet } from './read';
import { resultPath } from './files';
import { writeWorkbook } from './write';
import type { CellValue } from './cells';

export const IMPORT_JOB = 'spreadsheet.import';
export const EXPORT_JOB = 'spreadsheet.export';
/** Errors kept on the job (its status); the result sheet has every one. */
export const STATUS_ERRORS = 1000;

const owner = { ownerId: z.number().int(), ownerName: z.string() };

export const importPayload = z.object({
  ...owner,
  importType: z.string(),
  commit: z.boolean(),
  path: z.string(),
  format: z.enum(['xlsx', 'csv', 'zip']),
  fileName: z.string(),
});
export type ImportPayload = z.infer<typeof importPayload>;

const query = z.object({ filters: z.array(z.any()).optional(), sorts: z.array(z.any()).optional(), search: z.string().optional() });
/** `ip`: where the export was asked from, for its audit row. */
export const exportPayload = z.object({ ...owner, procedure: z.string(), query, ip: z.string().nullable().default(null) });
export type ExportPayload = z.infer<typeof exportPayload>;

/** The uploaded rows again, each with `Result` (OK | Error) and `Message`. */
async function writeResult(path: string, payload: ImportPayload, errors: readonly RowError[]) {
  const byRow = new Map<number, string[]>();
  for (const e of errors) byRow.set(e.row, [...(byRow.get(e.row) ?? []), e.column ? `${e.column}: ${e.message}` : e.message]);
  let header: CellValue[] | undefined;
  async function* rows(): AsyncGenerator<CellValue[]> {
    for await (const row of readSheet(payload.path, payload.format)) {
      if (!header) {
        header = row.cells;
        continue;
      }
      const messages = byRow.get(row.number);
      const cells = [...row.cells, ...Array<CellValue>(Math.max(0, header.length - row.cells.length)).fill(null)];
      yield [...cells, messages ? 'Error' : 'OK', messages?.join('; ') ?? null];
    }
  }
  // The header is the first row read: rows() is started before the columns are needed.
  const iterator = rows();
  const first = await iterator.next();
  const columns = [...(header ?? []).map((c) => ({ header: c === null ? '' : String(c) })), { header: 'Result' }, { header: 'Message' }];
  async function* all(): AsyncGenerator<CellValue[]> {
    if (!first.done) yield first.value;
    yield* iterator;
  }
  await writeWorkbook(path, [{ name: 'Result', columns, rows: all() }]);
}

async function runner(job: JobRun, ownerName: string) {
  return actingRequest(job.server, await actingUser(anyDb(job.ctx), ownerName));
}

export const importJob: JobKind = {
  privilege: { screen: 'dataexporter', action: 'edit' },
  async run(job): Promise<ImportOutcome> {
    const payload = importPayload.parse(job.payload);
    const importer = importerOf(payload.importType);
    if (!importer) throw new Error(`Unknown import type ${payload.importType}`);
    const request = await runner(job, payload.ownerName);
    const outcome = await runImport(job.ctx, request, importer, payload, payload.commit, job.progress);
    await writeResult(await resultPath(job.ctx, job.id), payload, outcome.errors);
    return { ...outcome, errors: outcome.errors.slice(0, STATUS_ERRORS) };
  },
};

export const exportJob: JobKind = {
  privilege: { screen: 'dataexporter', action: 'view' },
  async run(job) {
    const payload = exportPayload.parse(job.payload);
    const entity = exportEntityOf(payload.procedure);
    if (!entity) throw new Error(`Unknown export procedure ${payload.procedure}`);
    const request = await runner(job, payload.ownerName);
    const { rows } = await runExport(request, entity, payload.query, await resultPath(job.ctx, job.id), job.progress);
    await recordEvent(job.ctx, {
      action: 'export',
      entity: entity.name,
      rowId: null,
      actor: { userId: payload.ownerId, userName: payload.ownerName },
      ip: payload.ip,
      changes: { before: {}, after: { procedure: payload.procedure, ...payload.query, rows, job: job.id } },
    });
    return { total: rows, processed: rows, inserted: 0, updated: 0, unchanged: 0, errorCount: 0, errors: [] };
  },
};
