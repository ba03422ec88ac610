import { bundleItemsColumn } from './bundle-rows';
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { open, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import fastifyMultipart from '@fastify/multipart';
import {
  blankTemplateOption,
  rowId,
  sheetJob,
  sheetJobStarted,
  sheetMappingOffer,
  type BlankTemplateOption,
  type JobStatus,
  type SheetCounts,
  type SheetJob,
  type SheetJobStatus,
  type SheetImageFetch,
  type SheetMapping,
} from '@backroom/schema';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { authorize } from '../../data/access';
import { assertColumnsReadable, deniedFieldGroups } from '../../data/field-groups';
import { anyDb } from '../../data/store';
import { ADMIN_ROLE_CODE } from '../../db/seed/privileges';
import { assertPrivilege, authenticate, requireAuth } from '../../http/auth-guard';
import { ApiError, ok, validationError } from '../../http/envelope';
import { parseBody } from '../../http/validate';
import { cancelJob, type JobRow } from '../../jobs/queue';
import { startJob } from '../../jobs/start';
import type { Addresses } from '../module';
import { EXPORT_JOB, IMPORT_JOB, exportPayload, importPayload } from './jobs';
import { IMAGES_JOB } from './image-urls';
import { fileStamp, resultPath, sheetsDir } from './files';
import { importerOf, optionColumns, withCustomColumns } from './importers';
import { exportEntityOf } from './procedures';
import { writeTemplate } from './template';
import { assertHeldParts, assertRowCount, sizeLimit } from './limits';
import type { SheetFormat } from './read';
import { inspectZip } from './zip-guard';
import { headersOf, offerMapping, parseMapping, saveMapping, signatureOf, sourceOf } from './mapping';
import { documented } from '../../http/openapi-contract';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const unknownImport = (type: string) =>
  validationError([{ field: 'importType', message: `Unknown import type: ${type}` }], `Unknown import type: ${type}`);

function importerFor(type: string) {
  const importer = importerOf(type);
  if (!importer) throw unknownImport(type);
  return importer;
}

/** View on the importer's menu item and edit on the entity it writes. */
async function assertMayImport(request: FastifyRequest, type: string) {
  const importer = importerFor(type);
  await assertPrivilege(request, importer.screen, 'view');
  if (importer.custom)
    await assertPrivilege(request, importer.custom.privilege.screen, importer.custom.privilege.action);
  else await authorize(request, importer.entity, 'insert');
  return importer;
}

function sendXlsx(reply: FastifyReply, fileName: string, body: NodeJS.ReadableStream) {
  return reply
    .header('content-type', XLSX)
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .send(body);
}

const jobIdParam = z.object({ jobId: rowId });

/** A spreadsheet job the caller may read: their own, or any when they are an administrator. */
async function ownJob(request: FastifyRequest, jobId: number): Promise<JobRow> {
  const auth = requireAuth(request);
  const db = anyDb(request.server.ctx);
  const job = (await db.selectFrom('job').selectAll().where('id', '=', jobId).executeTakeFirst()) as JobRow | undefined;
  if (!job || (job.kind !== IMPORT_JOB && job.kind !== EXPORT_JOB && job.kind !== IMAGES_JOB))
    throw new ApiError(404, `No job ${jobId}`);
  const payload = JSON.parse(job.payload ?? '{}') as { ownerId?: number };
  if (payload.ownerId === auth.userId) return job;
  const role = await db.selectFrom('role').select('code').where('id', '=', auth.roleId).executeTakeFirst();
  if (role?.code !== ADMIN_ROLE_CODE) throw new ApiError(404, `No job ${jobId}`);
  return job;
}

const STATUS: Record<JobStatus, SheetJobStatus> = {
  queued: 'queued',
  running: 'running',
  done: 'succeeded',
  failed: 'failed',
  cancelled: 'cancelled',
};

/** What an import's or export's run left in the job's result. */
type SheetResult = Partial<SheetCounts> & Partial<SheetMapping> & { imagesJob?: number };

function statusOf(job: JobRow): SheetJob {
  const result = (job.result ? JSON.parse(job.result) : {}) as SheetResult;
  const failedMessage =
    job.status === 'failed' || job.status === 'queued' || job.status === 'cancelled' ? job.error : null;
  return {
    jobId: Number(job.id),
    kind: job.kind === IMPORT_JOB ? 'import' : job.kind === IMAGES_JOB ? 'images' : 'export',
    status: STATUS[job.status],
    progress: Number(job.progress),
    processed: result.processed ?? 0,
    total: result.total ?? 0,
    inserted: result.inserted ?? 0,
    updated: result.updated ?? 0,
    unchanged: result.unchanged ?? 0,
    errorCount: result.errorCount ?? 0,
    errors: result.errors ?? [],
    committed: result.committed ?? false,
    ...(result.rows ? { rows: result.rows, rowsLeftOut: result.rowsLeftOut ?? 0 } : {}),
    message: failedMessage ?? (job.status === 'done' ? 'Finished' : null),
    ...(job.kind === IMPORT_JOB && 'mapping' in result
      ? {
          source: result.source ?? null,
          mapping: result.mapping,
          ignoredColumns: result.ignoredColumns,
          warnings: result.warnings,
          creates: result.creates,
          stock: result.stock ?? [],
        }
      : {}),
    ...(result.imagesJob ? { imagesJob: result.imagesJob } : {}),
    ...(job.kind === IMAGES_JOB && job.result ? { images: result as unknown as SheetImageFetch } : {}),
    createdAt: job.created_at,
  };
}

const exportBody = z.object({
  procedure: z.string().trim().min(1).max(100),
  parameters: z.record(z.string(), z.unknown()).optional(),
  filters: z
    .array(
      z.object({ ColumnName: z.string().max(100), ColumnValue: z.unknown().optional(), Operator: z.string().max(20) }),
    )
    .max(50)
    .optional(),
  sorts: z
    .array(z.object({ ColumnName: z.string().max(100), Direction: z.string().max(4) }))
    .max(10)
    .optional(),
  search: z.string().max(200).optional(),
});

/** Export parameters `{field: value}` (or `{field: {value, operator}}`) as list filters. */
const parameterFilters = (parameters: Record<string, unknown> = {}) =>
  Object.entries(parameters)
    .filter(([, v]) => v !== null && v !== undefined && v !== '' && v !== 'ALL')
    .map(([name, v]) =>
      typeof v === 'object' && !Array.isArray(v)
        ? {
            ColumnName: name,
            ColumnValue: (v as { value?: unknown }).value,
            Operator: String((v as { operator?: unknown }).operator ?? 'EQ'),
          }
        : { ColumnName: name, ColumnValue: v, Operator: Array.isArray(v) ? 'IN' : 'EQ' },
    );

export async function spreadsheetRoutes(app: FastifyInstance, at: Addresses): Promise<void> {
  app.get<{ Params: { importType: string } }>(
    `${at.api}/AppModule/GetBlankTemplateOption/:importType`,
    {
      ...documented({ summary: 'The blank template options of an import type', answer: z.array(blankTemplateOption) }),
      preHandler: authenticate,
    },
    async (request) => {
      const importer = await assertMayImport(request, request.params.importType);
      return ok(importer.options.map(({ text, value }): BlankTemplateOption => ({ text, value })));
    },
  );

  app.get<{ Params: { importType: string; option: string } }>(
    `${at.legacy}/DataExporter/ExportBlankTemplate/:importType/:option`,
    { ...documented({ summary: 'A blank import template', produces: 'file' }), preHandler: authenticate },
    async (request, reply) => {
      const importer = await withCustomColumns(
        anyDb(app.ctx),
        await assertMayImport(request, request.params.importType),
      );
      const denied = await deniedFieldGroups(request, 'edit');
      const columns = optionColumns(importer, request.params.option)?.filter((f) => !(f.group && denied.has(f.group)));
      if (!columns)
        throw validationError([{ field: 'option', message: `Unknown template option: ${request.params.option}` }]);
      const body = new PassThrough();
      const requireAll = !importer.options.find((o) => o.value === request.params.option.toLowerCase())?.columns;
      // The product template's every-column option has the bundle rows' column too.
      const withBundles = importer.type === 'product' && requireAll ? [...columns, bundleItemsColumn] : columns;
      writeTemplate(anyDb(app.ctx), body, importer, withBundles, requireAll).catch((error: unknown) =>
        body.destroy(error as Error),
      );
      return sendXlsx(reply, `Template_Export_Result_${fileStamp()}.xlsx`, body);
    },
  );

  app.get<{ Params: { jobId: string } }>(
    `${at.legacy}/DataExporter/status/:jobId`,
    { ...documented({ summary: 'An import’s or export’s progress', answer: sheetJob }), preHandler: authenticate },
    async (request) => {
      const { jobId } = parseBody(jobIdParam, request.params);
      return ok(statusOf(await ownJob(request, jobId)));
    },
  );

  /** Cancels a queued or running job of the caller's (an administrator: anyone's); 409 once it has finished. */
  app.post<{ Params: { jobId: string } }>(
    `${at.legacy}/DataExporter/cancel/:jobId`,
    { ...documented({ summary: 'Cancel an import or export', answer: sheetJob }), preHandler: authenticate },
    async (request) => {
      const { jobId } = parseBody(jobIdParam, request.params);
      await ownJob(request, jobId);
      const cancelled = await cancelJob(anyDb(app.ctx), jobId, requireAuth(request).userName);
      if (!cancelled) throw new ApiError(409, 'The job has already finished');
      return ok(statusOf(cancelled), 'Cancelled');
    },
  );

  /** The caller's own recent spreadsheet jobs, newest first. */
  app.get(
    `${at.legacy}/DataExporter/jobs`,
    {
      ...documented({
        summary: 'The caller’s imports and exports',
        answer: z.array(sheetJob.omit({ errors: true, rows: true })),
      }),
      preHandler: authenticate,
    },
    async (request) => {
      const auth = requireAuth(request);
      const rows = (await anyDb(app.ctx)
        .selectFrom('job')
        .selectAll()
        .where('kind', 'in', [IMPORT_JOB, EXPORT_JOB])
        .orderBy('id', 'desc')
        .limit(200)
        .execute()) as JobRow[];
      const mine = rows
        .filter((job) => (JSON.parse(job.payload ?? '{}') as { ownerId?: number }).ownerId === auth.userId)
        .slice(0, 20);
      return ok(
        mine.map((job) => ({
          ...statusOf(job),
          errors: undefined,
          rows: undefined,
          name:
            (JSON.parse(job.payload!) as { procedure?: string; importType?: string }).procedure ??
            (JSON.parse(job.payload!) as { importType?: string }).importType,
        })),
      );
    },
  );

  const download = async (request: FastifyRequest, reply: FastifyReply, jobId: number, prefix: string) => {
    const job = await ownJob(request, jobId);
    if (job.kind === IMAGES_JOB) throw new ApiError(404, `Job ${jobId} fetches images: it has no file`);
    if (job.status !== 'done') throw new ApiError(409, 'The job has not finished');
    const path = await resultPath(app.ctx, jobId);
    await stat(path).catch(() => {
      throw new ApiError(404, 'The file of this job is no longer kept');
    });
    return sendXlsx(reply, `${prefix}_${fileStamp()}.xlsx`, createReadStream(path));
  };

  app.post(
    `${at.legacy}/DataImporter/DownloadResult`,
    {
      ...documented({ summary: 'An import’s result file', body: jobIdParam, produces: 'file' }),
      preHandler: authenticate,
    },
    async (request, reply) => {
      const { jobId } = parseBody(jobIdParam, request.body);
      return download(request, reply, jobId, 'Export_Result');
    },
  );

  app.get<{ Params: { jobId: string } }>(
    `${at.legacy}/DataExporter/download/:jobId`,
    { ...documented({ summary: 'An export’s file', produces: 'file' }), preHandler: authenticate },
    async (request, reply) => {
      const { jobId } = parseBody(jobIdParam, request.params);
      return download(request, reply, jobId, 'Export');
    },
  );

  app.post(
    `${at.legacy}/dataexporter/submitdataexport`,
    {
      ...documented({ summary: 'Start an export', body: exportBody, answer: sheetJobStarted }),
      preHandler: authenticate,
    },
    async (request) => {
      const body = parseBody(exportBody, request.body);
      const entity = exportEntityOf(body.procedure);
      if (!entity)
        throw validationError(
          [{ field: 'procedure', message: `Unknown export procedure: ${body.procedure}` }],
          `Unknown export procedure: ${body.procedure}`,
        );
      const filters = [...parameterFilters(body.parameters), ...(body.filters ?? [])];
      await authorize(request, entity, 'fetch', filters);
      await assertColumnsReadable(request, entity, filters, body.sorts ?? []);
      const auth = requireAuth(request);
      const payload = exportPayload.parse({
        ownerId: auth.userId,
        ownerName: auth.userName,
        procedure: body.procedure,
        query: { filters, sorts: body.sorts, search: body.search },
        ip: request.ip ?? null,
      });
      return ok({ jobId: await startJob(app, request, EXPORT_JOB, payload) });
    },
  );

  await app.register(async (scope) => {
    const limits = app.ctx.config.imports;
    await scope.register(fastifyMultipart, { limits: { fileSize: limits.limitBytes, files: 1, fields: 10 } });
    /** Reads a multipart upload: its form fields and its `file` part, stored under the sheets folder and checked against the limits. */
    const receive = async (request: FastifyRequest) => {
      if (!request.isMultipart()) throw new ApiError(415, 'Send the file as multipart/form-data');
      const fields: Record<string, string> = {};
      const dir = await sheetsDir(app.ctx);
      let upload: { path: string; fileName: string } | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'field') {
            fields[part.fieldname] = String(part.value);
            continue;
          }
          if (part.fieldname !== 'file' || upload) {
            part.file.resume();
            continue;
          }
          upload = { path: join(dir, `upload-${randomUUID()}`), fileName: part.filename };
          await pipeline(part.file, createWriteStream(upload.path));
          if (part.file.truncated) throw sizeLimit(limits.limitBytes);
        }
        if (!upload)
          throw validationError(
            [{ field: 'file', message: 'Choose a spreadsheet (xlsx or csv) to import' }],
            'No file',
          );
        const importType = fields.importType ?? '';
        // Custom fields are columns too: a mapping may name them.
        const importer = await withCustomColumns(anyDb(app.ctx), await assertMayImport(request, importType));
        const format = await formatOf(upload.path, importType);
        if (format !== 'csv') {
          const entries = await inspectZip(upload.path);
          if (format === 'xlsx') assertHeldParts(entries, limits);
        }
        return { fields, upload, importer, importType, format };
      } catch (error) {
        if (upload) await rm(upload.path, { force: true });
        throw plainError(error);
      }
    };

    scope.post(
      `${at.legacy}/DataImporter/SubmitDataImport`,
      {
        ...documented({
          summary: 'Start an import of a spreadsheet (validate, or import)',
          body: 'multipart',
          answer: sheetJobStarted,
        }),
        preHandler: authenticate,
      },
      async (request) => {
        const { fields, upload, importer, importType, format } = await receive(request);
        try {
          const mode = (fields.mode ?? 'validate').toLowerCase();
          if (mode !== 'validate' && mode !== 'commit')
            throw validationError([{ field: 'mode', message: 'mode is validate or commit' }]);
          const mapping = parseMapping(importer, fields.mapping);
          const sourceMapping = parseMapping(importer, fields.sourceMapping, 'sourceMapping');
          const tagsTo = fields.tagsTo ?? 'tags';
          if (tagsTo !== 'tags' && tagsTo !== 'category')
            throw validationError([{ field: 'tagsTo', message: 'tagsTo is tags or category' }]);
          await assertRowCount(upload.path, format, limits.maxRows);
          const auth = requireAuth(request);
          if (format !== 'zip' && (mapping || sourceMapping || fields.tagsTo)) {
            // The mapping the user confirmed is kept for this kind of file and offered next time; for a
            // known source, the edit of its recognised mapping with where its tags go.
            const headers = await headersOf({ path: upload.path, format }, limits);
            const source = mapping ? undefined : sourceOf(importer, headers);
            await saveMapping(
              anyDb(app.ctx),
              importType,
              source?.name ?? signatureOf(headers),
              mapping ?? { ...sourceMapping, Tags: tagsTo === 'category' ? 'category' : 'tags' },
              auth.userName,
            );
          }
          const payload = importPayload.parse({
            ownerId: auth.userId,
            ownerName: auth.userName,
            importType,
            commit: mode === 'commit',
            path: upload.path,
            format,
            fileName: upload.fileName,
            mapping,
            sourceMapping,
            tagsTo,
          });
          return ok({ jobId: await startJob(app, request, IMPORT_JOB, payload) });
        } catch (error) {
          await rm(upload.path, { force: true });
          throw plainError(error);
        }
      },
    );

    /** The mapping offered for a file before it is validated: its headers, the source it is, each header's field. */
    scope.post(
      `${at.legacy}/DataImporter/InspectImport`,
      {
        ...documented({
          summary: 'A spreadsheet’s headers and the mapping offered for them (null for a zip of images)',
          body: 'multipart',
          answer: sheetMappingOffer.nullable(),
        }),
        preHandler: authenticate,
      },
      async (request) => {
        const { upload, importer, format } = await receive(request);
        try {
          if (format === 'zip') return ok(null);
          const headers = await headersOf({ path: upload.path, format }, limits);
          return ok(await offerMapping(anyDb(app.ctx), importer, headers));
        } finally {
          await rm(upload.path, { force: true });
        }
      },
    );
  });
}

/** A refusal as it is; anything else a multipart body could throw is a malformed body. */
const plainError = (error: unknown) =>
  error instanceof ApiError || typeof (error as { statusCode?: unknown }).statusCode === 'number'
    ? error
    : new ApiError(400, 'Malformed multipart body');

/** An archive starts with `PK`: an xlsx, or for `imageproduct` a zip of images; anything else is read as CSV text. */
async function formatOf(path: string, importType: string): Promise<SheetFormat> {
  const file = await open(path, 'r');
  try {
    const head = Buffer.alloc(4);
    const { bytesRead } = await file.read(head, 0, 4, 0);
    if (bytesRead === 0) throw validationError([{ field: 'file', message: 'The file is empty' }], 'Empty file');
    const archive = head.readUInt32LE(0) === 0x04034b50;
    if (importType === 'imageproduct') {
      if (!archive)
        throw validationError([{ field: 'file', message: 'Send a zip of images named by product SKU' }], 'Not a zip');
      return 'zip';
    }
    return archive ? 'xlsx' : 'csv';
  } finally {
    await file.close();
  }
}
