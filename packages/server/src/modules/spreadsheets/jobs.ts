import { SHEET_PREVIEW_ROWS, type SheetCounts, type SheetRowError, type SheetRowPreview } from '@backroom/schema';
import { z } from 'zod';
import { actingRequest, actingUser, requestWithin } from '../../jobs/acting-user';
import type { JobKind, JobRun } from '../../jobs/kinds';
import { recordEvent } from '../../data/audit';
import { readableEntity } from '../../data/field-groups';
import { anyDb, withCustom, withinTransaction } from '../../data/store';
import { exportEntityOf } from './procedures';
import { runExport } from './export';
import { runImport, type CommitRecord } from './import';
import { ApiError } from '../../http/envelope';
import { importerOf, withCustomColumns, type Importer } from './importers';
import type { ImportFile } from './importer';
import { headersOf, mappingFor, type MappedSheet } from './mapping';
import { readSheet } from './read';
import { resultPath } from './files';
import { writeWorkbook } from './write';
import { Gate } from '../../http/gate';
import type { AppContext } from '../../context';
import type { CellValue } from './cells';
import { SheetRefused, type SheetLimits } from './limits';
import { IMAGES_JOB, type ImagesPayload } from './image-urls';
import { withBundles } from './bundle-rows';
import { startJob } from '../../jobs/start';

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
  /** The `mapping` form field, checked at submit: header → field or null. */
  mapping: z.record(z.string(), z.string().nullable()).optional(),
  /** The `sourceMapping` form field: a known source's recognised mapping as the user edited it. */
  sourceMapping: z.record(z.string(), z.string().nullable()).optional(),
  /** Where a known source's tags go: the Tags field or the product's category. */
  tagsTo: z.enum(['tags', 'category']).default('tags'),
});
export type ImportPayload = z.infer<typeof importPayload>;

const query = z.object({
  filters: z.array(z.any()).optional(),
  sorts: z.array(z.any()).optional(),
  search: z.string().optional(),
});
/** `ip`: where the export was asked from, for its audit row. */
export const exportPayload = z.object({
  ...owner,
  procedure: z.string(),
  query,
  ip: z.string().nullable().default(null),
});
export type ExportPayload = z.infer<typeof exportPayload>;

/** A problem as one line of the result file: its column named once (most messages start with it already). */
const problemText = (e: SheetRowError) =>
  e.column && !e.message.startsWith(e.column) ? `${e.column}: ${e.message}` : e.message;

/** An update's changes as one cell: `Selling price: 10.00 → 12.00; Name: Tee → T-shirt`. */
const changesText = (preview: SheetRowPreview) =>
  preview.changes.map((c) => `${c.column}: ${c.old ?? '(blank)'} → ${c.new ?? '(blank)'}`).join('; ') || null;

/**
 * The preview a job's status keeps: the rows that change first (in sheet order), then unchanged
 * ones, up to `SHEET_PREVIEW_ROWS`; the result file has every row.
 */
export function statusPreview(rows: readonly SheetRowPreview[] | undefined): Pick<SheetCounts, 'rows' | 'rowsLeftOut'> {
  if (!rows) return {};
  const changing = rows.filter((r) => r.action !== 'unchanged').slice(0, SHEET_PREVIEW_ROWS);
  const unchanged = rows.filter((r) => r.action === 'unchanged').slice(0, SHEET_PREVIEW_ROWS - changing.length);
  const kept = [...changing, ...unchanged].sort((a, b) => a.row - b.row);
  return { rows: kept, rowsLeftOut: rows.length - kept.length };
}

/** The uploaded rows again, each with `Action` (insert | update | unchanged), `Changes`, `Result` (OK | Error) and `Message`. */
async function writeResult(
  path: string,
  payload: ImportPayload,
  errors: readonly SheetRowError[],
  previews: readonly SheetRowPreview[],
  limits: SheetLimits,
) {
  const byRow = new Map<number, string[]>();
  for (const e of errors) byRow.set(e.row, [...(byRow.get(e.row) ?? []), problemText(e)]);
  const previewOf = new Map(previews.map((p) => [p.row, p]));
  let header: CellValue[] | undefined;
  async function* rows(): AsyncGenerator<CellValue[]> {
    try {
      for await (const row of readSheet(payload.path, payload.format, limits)) {
        if (!header) {
          header = row.cells;
          continue;
        }
        const messages = byRow.get(row.number);
        const preview = messages ? undefined : previewOf.get(row.number);
        const cells = [...row.cells, ...Array<CellValue>(Math.max(0, header.length - row.cells.length)).fill(null)];
        yield [
          ...cells,
          preview?.action ?? null,
          preview ? changesText(preview) : null,
          messages ? 'Error' : 'OK',
          messages?.join('; ') ?? null,
        ];
      }
    } catch (error) {
      // A sheet refused past a limit: its result holds the rows before the refusal (the status names it).
      if (!(error instanceof SheetRefused)) throw error;
    }
  }
  // The header is the first row read: rows() is started before the columns are needed.
  const iterator = rows();
  const first = await iterator.next();
  const columns = [
    ...(header ?? []).map((c) => ({ header: c === null ? '' : String(c) })),
    { header: 'Action' },
    { header: 'Changes' },
    { header: 'Result' },
    { header: 'Message' },
  ];
  async function* all(): AsyncGenerator<CellValue[]> {
    if (!first.done) yield first.value;
    yield* iterator;
  }
  await writeWorkbook(path, [{ name: 'Result', columns, rows: all() }]);
}

/**
 * What an earlier try of this job committed, if one did and was lost before it finished (its
 * process killed between its commit and the job's end); and this try's record of its commit: the
 * job's status, written by the commit's last statement in its transaction and only while this run
 * holds the job (the holder it started with). A run that lost the job rolls its whole commit back;
 * a commit and its count are stored together or not at all, so a later try reports it once.
 */
async function commitRecord(
  job: JobRun,
  progress: JobRun['progress'],
): Promise<{ earlier?: SheetCounts; record: (status: (outcome: SheetCounts) => SheetCounts) => CommitRecord }> {
  const row = await anyDb(job.ctx)
    .selectFrom('job')
    .select(['result', 'lease_holder'])
    .where('id', '=', job.id)
    .executeTakeFirstOrThrow();
  const earlier = row.result ? (JSON.parse(row.result) as SheetCounts) : undefined;
  return {
    earlier: earlier?.committed ? earlier : undefined,
    record: (status) => async (trx, outcome) => {
      const updated = await trx
        .updateTable('job')
        .set({ result: JSON.stringify(status(outcome)) })
        .where('id', '=', job.id)
        .where('status', '=', 'running')
        .where('lease_holder', '=', row.lease_holder)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) > 0) return;
      await progress(99, trx);
      throw new Error(`Job ${job.id} is no longer held by this run`);
    },
  };
}

/**
 * At most `IMPORT_CONCURRENCY` imports run at once in a server; the others wait their turn in order
 * (their job `running` at 0 %, the lease renewed by the heartbeat). An import's memory is bounded by
 * the held limit (`limits.ts`), so a process's is bounded by this many, however many are sent.
 * One gate per server: tests run several in one process.
 */
const gates = new WeakMap<AppContext, Gate>();
const slotsOf = (ctx: AppContext) =>
  gates.get(ctx) ?? gates.set(ctx, new Gate(ctx.config.imports.concurrency, Number.POSITIVE_INFINITY)).get(ctx)!;

async function runner(job: JobRun, ownerName: string) {
  return actingRequest(job.server, await actingUser(anyDb(job.ctx), ownerName));
}

/**
 * Runs a spreadsheet job's work with its progress. The job's own stops (cancelled, taken over,
 * asked to stop) and refusals of the sheet pass as they are; any other error — a damaged payload
 * (zod's text), the database's — is logged with the job and named plainly on it.
 */
async function plainly<T>(job: JobRun, what: string, work: (progress: JobRun['progress']) => Promise<T>): Promise<T> {
  let stop: unknown;
  const progress: JobRun['progress'] = (percent, within) =>
    job.progress(percent, within).catch((error: unknown) => {
      stop = error;
      throw error;
    });
  try {
    return await work(progress);
  } catch (error) {
    if (error === stop || error instanceof ApiError) throw error;
    job.log.error({ err: error, job: job.id }, `${what} failed on an unexpected error`);
    throw new Error(
      `The ${what} stopped on an unexpected error (logged on the server with job ${job.id})${what === 'import' ? '; nothing of it is written' : ''}`,
      { cause: error },
    );
  }
}

export const importJob: JobKind = {
  privilege: { screen: 'dataexporter', action: 'edit' },
  run: (job) =>
    plainly(job, 'import', async (progress): Promise<SheetCounts> => {
      const payload = importPayload.parse(job.payload);
      const known = importerOf(payload.importType);
      if (!known) throw new Error(`Unknown import type ${payload.importType}`);
      const importer = await withCustomColumns(anyDb(job.ctx), known);
      const request = await runner(job, payload.ownerName);
      const limits = job.ctx.config.imports;
      const { earlier, record } = await commitRecord(job, progress);
      if (earlier) {
        // An earlier try committed the file and was lost before the job ended: its record is the outcome.
        await writeResult(await resultPath(job.ctx, job.id), payload, earlier.errors, earlier.rows ?? [], limits);
        return earlier;
      }
      return slotsOf(job.ctx).run(async () => {
        const mapped = await mappingFor(
          job.ctx,
          importer,
          payload,
          payload.mapping,
          payload.tagsTo,
          payload.sourceMapping,
        );
        const file = { ...payload, mapped };
        /** The job's status of an outcome: the mapping's report, the first errors and preview rows. */
        const status = (outcome: SheetCounts, imagesJob?: number): SheetCounts => ({
          ...outcome,
          ...mapped?.report(),
          errors: outcome.errors.slice(0, STATUS_ERRORS),
          ...statusPreview(outcome.rows),
          ...(imagesJob ? { imagesJob } : {}),
        });
        const outcome = await mappedImport(job, request, importer, file, payload.commit, progress, record(status));
        const imagesJob = await fetchImagesAfter(job, payload, outcome);
        await writeResult(await resultPath(job.ctx, job.id), payload, outcome.errors, outcome.rows ?? [], limits);
        return status(outcome, imagesJob);
      });
    }),
};

/**
 * After a committed product import, the job fetching the image URLs of its products that have
 * some (`image-urls.ts`), started at once; its id, or undefined when there is nothing to fetch or
 * the server does not fetch (`IMPORT_FETCH_IMAGES`). The import itself never waits for an image.
 */
async function fetchImagesAfter(job: JobRun, payload: ImportPayload, outcome: SheetCounts) {
  if (!payload.commit || !outcome.committed || payload.importType !== 'product') return undefined;
  if (!job.ctx.config.fetchImportImages) return undefined;
  const codes = [...new Set((outcome.rows ?? []).map((row) => row.key))];
  const db = anyDb(job.ctx);
  const products: number[] = [];
  for (let i = 0; i < codes.length; i += 500)
    for (const row of await db
      .selectFrom('product')
      .select('id')
      .where('code', 'in', codes.slice(i, i + 500))
      .where('image_urls', 'is not', null)
      .where('image_urls', '<>', '')
      .orderBy('id')
      .execute())
      products.push(Number(row.id));
  if (products.length === 0) return undefined;
  const images: ImagesPayload = { ownerId: payload.ownerId, ownerName: payload.ownerName, importJob: job.id, products };
  return startJob(job.server, { log: job.log }, IMAGES_JOB, images);
}

/**
 * An import after its mapping step. A file that writes more than products — a known source's (the
 * categories, brands, attributes and locations it needs created, its stock on hand) or one with
 * bundle rows — is checked in full first (a validation plans what it would create), and its commit
 * is one transaction: the creations, products and variants, bundles, locations and stock movements
 * are all written or none is. Other files are checked and committed by `runImport` alone, in one
 * transaction too. `record` is the commit's last statement, in its transaction.
 */
async function mappedImport(
  job: JobRun,
  request: Awaited<ReturnType<typeof runner>>,
  importer: Importer,
  file: ImportFile & { mapped?: MappedSheet },
  commit: boolean,
  progress: JobRun['progress'],
  record: CommitRecord,
): Promise<SheetCounts> {
  const { ctx } = job;
  const mapped = file.mapped;
  if (!mapped || (!mapped.source && mapped.bundleColumn(await headersOf(file, ctx.config.imports)) < 0))
    return runImport(ctx, request, importer, file, commit, progress, record);
  await mapped.prepare(ctx, request, file, ctx.config.imports, false);
  const checked = withBundles(
    await runImport(ctx, request, importer, file, false, progress),
    await mapped.bundles.run(ctx, request, false),
  );
  if (checked.errorCount === 0) await mapped.setStock(ctx, request, false);
  if (!commit || checked.errorCount > 0) return checked;
  // The movements name the job as their document; their user is the importing user (the writer's).
  const document = { type: 'import', id: job.id, reference: `Import ${job.id}` };
  let outcome = checked;
  try {
    await anyDb(ctx)
      .transaction()
      .execute(async (trx) => {
        const within = withinTransaction(ctx, trx);
        const writer = requestWithin(request, within);
        await mapped.prepare(within, writer, file, ctx.config.imports, true);
        const products = await runImport(within, writer, importer, file, true, progress);
        outcome = products;
        if (!products.committed) throw new RolledBack();
        // On hand is set once the products are written: the ledger's movements need them stored.
        await mapped.setStock(within, writer, true, document);
        outcome = withBundles(products, await mapped.bundles.run(within, writer, true));
        if (!outcome.committed) throw new RolledBack();
        await record(trx, outcome);
      });
  } catch (error) {
    if (!(error instanceof RolledBack)) throw error;
  }
  return outcome;
}

/** Ends a commit whose part was refused: its transaction rolls back, and its outcome says why. */
class RolledBack extends Error {}

export const exportJob: JobKind = {
  privilege: { screen: 'dataexporter', action: 'view' },
  run: (job) =>
    plainly(job, 'export', async (progress) => {
      const payload = exportPayload.parse(job.payload);
      const entity = exportEntityOf(payload.procedure);
      if (!entity) throw new Error(`Unknown export procedure ${payload.procedure}`);
      const request = await runner(job, payload.ownerName);
      const { rows } = await runExport(
        request,
        await readableEntity(request, await withCustom(anyDb(job.ctx), entity)),
        payload.query,
        await resultPath(job.ctx, job.id),
        progress,
      );
      await recordEvent(job.ctx, {
        action: 'export',
        entity: entity.name,
        rowId: null,
        actor: { userId: payload.ownerId, userName: payload.ownerName },
        ip: payload.ip,
        changes: { before: {}, after: { procedure: payload.procedure, ...payload.query, rows, job: job.id } },
      });
      return { total: rows, processed: rows, inserted: 0, updated: 0, unchanged: 0, errorCount: 0, errors: [] };
    }),
};
