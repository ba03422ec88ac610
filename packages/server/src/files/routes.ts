import { join } from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authenticate } from '../http/auth-guard';
import { ApiError, ok } from '../http/envelope';
import { DEFAULT_FOLDER, FOLDER_PATTERN, UPLOAD_LIMIT_BYTES, acceptedType, storeFile } from './store';

/** Busboy fails on a cut-short or garbled multipart body with a plain Error: the body's fault, a 400. */
const malformedMultipart = (error: unknown): never => {
  if (error instanceof ApiError || typeof (error as { statusCode?: unknown }).statusCode === 'number') throw error;
  throw new ApiError(400, 'Malformed multipart body');
};

const STORED_NAME = /^[a-z0-9][a-z0-9_-]{0,39}\/[0-9a-f-]{36}\.[a-z]{3,4}$/i;

/**
 * `POST /upload/{base path}[/{folder}]` (SPEC §7; multipart, field `file`) stores one file and
 * answers its name and address; `GET {base}/files/{folder}/{name}` serves it. Stored names are
 * random UUIDs, so the address itself is the capability: images can be shown by `<img>` tags,
 * which send no bearer.
 */
export async function registerFileRoutes(app: FastifyInstance): Promise<void> {
  const { basePath, dataDir } = app.ctx.config;
  const filesDir = join(dataDir, 'files');
  const uploadPath = `/upload${basePath}`;

  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: { fileSize: UPLOAD_LIMIT_BYTES, files: 1, fields: 10 } });

    const upload = async (request: FastifyRequest<{ Params: { folder?: string } }>) => {
      const folder = request.params.folder ?? DEFAULT_FOLDER;
      if (!FOLDER_PATTERN.test(folder)) {
        throw new ApiError(400, 'Invalid folder', [{ field: 'folder', message: 'Use letters, digits, - and _ (at most 40)' }]);
      }
      if (!request.isMultipart()) throw new ApiError(415, 'Send the file as multipart/form-data');
      const part = await request.file().catch(malformedMultipart);
      if (!part || part.fieldname !== 'file') throw new ApiError(400, 'No file', [{ field: 'file', message: 'Choose a file to upload' }]);
      const content = await part.toBuffer().catch(malformedMultipart);
      // The plugin stops reading at the limit but does not always throw; a cut file must not be kept.
      if (part.file.truncated) throw new ApiError(413, `The file is larger than ${UPLOAD_LIMIT_BYTES / 1024 / 1024} MB`);
      if (content.length === 0) throw new ApiError(400, 'Empty file', [{ field: 'file', message: 'The file is empty' }]);
      const contentType = await acceptedType(content);
      if (!contentType) {
        throw new ApiError(415, 'Unsupported file type', [{ field: 'file', message: 'Upload an image (PNG, JPEG, GIF, WebP), a PDF, a spreadsheet (xlsx) or a zip' }]);
      }
      const stored = await storeFile(filesDir, folder, content, contentType);
      return ok({ ...stored, originalName: part.filename, url: `${basePath}/files/${stored.fileName}` }, 'Uploaded');
    };

    scope.post<{ Params: { folder?: string } }>(uploadPath, { preHandler: authenticate }, upload);
    scope.post<{ Params: { folder?: string } }>(`${uploadPath}/:folder`, { preHandler: authenticate }, upload);
  });

  app.get<{ Params: { folder: string; name: string } }>(`${basePath}/files/:folder/:name`, async (request, reply) => {
    const fileName = `${request.params.folder}/${request.params.name}`;
    if (!STORED_NAME.test(fileName)) throw new ApiError(404, 'Not found');
    reply.header('X-Content-Type-Options', 'nosniff').header('Content-Security-Policy', "default-src 'none'; sandbox; frame-ancestors 'none'");
    return reply.sendFile(fileName, filesDir, { maxAge: '365d', immutable: true });
  });
}
