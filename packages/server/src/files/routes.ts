import { join } from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { authenticate } from '../http/auth-guard';
import { ApiError, ok } from '../http/envelope';
import { assertUploadPrivilege } from './privilege';
import { assertQuotaLeft, chargeQuota } from './quota';
import { DEFAULT_FOLDER, FOLDER_PATTERN, removeStored, storedUrl, streamToFile, tooLarge } from './store';
import { documented } from '../http/openapi-contract';

/** Busboy fails on a cut-short or garbled multipart body with a plain Error: the body's fault, a 400. */
const malformedMultipart = (error: unknown): never => {
  if (error instanceof ApiError || typeof (error as { statusCode?: unknown }).statusCode === 'number') throw error;
  throw new ApiError(400, 'Malformed multipart body');
};

/** Room for the multipart boundaries and part headers around the file. */
const MULTIPART_FRAME_BYTES = 64 * 1024;

const STORED_NAME = /^[a-z0-9][a-z0-9_-]{0,39}\/[0-9a-f-]{36}\.[a-z]{3,4}$/i;

/**
 * `POST /upload/{base path}[/{folder}]` (multipart, field `file`) stores one file and
 * answers its name and address: for users who may edit an entity with an image field, streamed to
 * disk, within the size limit and the user's daily quota (config `uploads`); `GET {base}/files/{folder}/{name}` serves it. Stored names are
 * random UUIDs, so the address itself is the capability: images can be shown by `<img>` tags,
 * which send no bearer.
 */
/** What an upload answers: where the file is stored and its address. */
const uploaded = z.object({
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  originalName: z.string(),
  url: z.string(),
});

export async function registerFileRoutes(app: FastifyInstance): Promise<void> {
  const { basePath, dataDir, uploads } = app.ctx.config;
  const filesDir = join(dataDir, 'files');
  const uploadPath = `/upload${basePath}`;

  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: { fileSize: uploads.limitBytes, files: 1, fields: 10 } });

    const upload = async (request: FastifyRequest<{ Params: { folder?: string } }>) => {
      const folder = request.params.folder ?? DEFAULT_FOLDER;
      if (!FOLDER_PATTERN.test(folder)) {
        throw new ApiError(400, 'Invalid folder', [
          { field: 'folder', message: 'Use letters, digits, - and _ (at most 40)' },
        ]);
      }
      await assertUploadPrivilege(request, folder);
      const { userId } = request.auth!;
      await assertQuotaLeft(app.ctx, userId);
      if (!request.isMultipart()) throw new ApiError(415, 'Send the file as multipart/form-data');
      // A body announced larger than the limit (and the few bytes of its multipart frame) is refused before it is read.
      if (Number(request.headers['content-length'] ?? 0) > uploads.limitBytes + MULTIPART_FRAME_BYTES)
        throw tooLarge(uploads.limitBytes);
      const part = await request.file().catch(malformedMultipart);
      if (!part || part.fieldname !== 'file')
        throw new ApiError(400, 'No file', [{ field: 'file', message: 'Choose a file to upload' }]);
      const stored = await streamToFile(filesDir, folder, part.file, uploads.limitBytes).catch(malformedMultipart);
      await chargeQuota(app.ctx, userId, stored.size).catch(async (error: unknown) => {
        await removeStored(filesDir, stored.fileName);
        throw error;
      });
      return ok({ ...stored, originalName: part.filename, url: storedUrl(basePath, stored.fileName) }, 'Uploaded');
    };

    scope.post<{ Params: { folder?: string } }>(
      uploadPath,
      {
        ...documented({
          summary: 'Upload a file (an image of a row) to the default folder',
          body: 'multipart',
          answer: uploaded,
        }),
        preHandler: authenticate,
      },
      upload,
    );
    scope.post<{ Params: { folder?: string } }>(
      `${uploadPath}/:folder`,
      {
        ...documented({
          summary: 'Upload a file (an image of a row) to a folder',
          body: 'multipart',
          answer: uploaded,
        }),
        preHandler: authenticate,
      },
      upload,
    );
  });

  app.get<{ Params: { folder: string; name: string } }>(
    `${basePath}/files/:folder/:name`,
    documented({ summary: 'An uploaded file (its random name is the capability)', auth: 'none', produces: 'file' }),
    async (request, reply) => {
      const fileName = `${request.params.folder}/${request.params.name}`;
      if (!STORED_NAME.test(fileName)) throw new ApiError(404, 'Not found');
      reply
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; sandbox; frame-ancestors 'none'");
      return reply.sendFile(fileName, filesDir, { maxAge: '365d', immutable: true });
    },
  );
}
