import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileTypeFromFile } from 'file-type';
import { ApiError } from '../http/envelope';

/**
 * What may be uploaded, by the type sniffed from the content (never the name or the header the
 * client sends): images for products and banners, PDFs, spreadsheets and zips for the importers.
 * SVG and HTML are refused: served back from our origin they could carry script.
 */
const ALLOWED = new Map([
  ['image/png', 'png'],
  ['image/jpeg', 'jpg'],
  ['image/gif', 'gif'],
  ['image/webp', 'webp'],
  ['application/pdf', 'pdf'],
  ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'xlsx'],
  ['application/zip', 'zip'],
]);

/** The uploads an image field takes. */
export const IMAGE_TYPES: ReadonlySet<string> = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

export const FOLDER_PATTERN = /^[a-z0-9][a-z0-9_-]{0,39}$/i;
export const DEFAULT_FOLDER = 'general';

export interface StoredFile {
  /** `{folder}/{generated name}` under the files folder; a form keeps its address (`storedUrl`). */
  fileName: string;
  contentType: string;
  size: number;
}

/** The upload's file stream; `truncated` once it stopped at the size limit. */
export type UploadStream = Readable & { truncated?: boolean };

export const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

export const tooLarge = (limitBytes: number) =>
  new ApiError(413, `The file is larger than the limit of ${megabytes(limitBytes)}`, [
    { field: 'file', message: `At most ${megabytes(limitBytes)}` },
  ]);

/**
 * Streams the file to `{filesDir}/{folder}/` under a generated, unguessable name, never holding it
 * whole in memory: written first under a hidden partial name, then its type sniffed from the disk,
 * then renamed. Past the limit (413), empty (400) or of a type we do not accept (415), nothing stays.
 */
export async function streamToFile(
  filesDir: string,
  folder: string,
  source: UploadStream,
  limitBytes: number,
): Promise<StoredFile> {
  const dir = join(filesDir, folder);
  await mkdir(dir, { recursive: true });
  const id = randomUUID();
  const partial = join(dir, `.${id}.part`);
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      done(null, chunk);
    },
  });
  try {
    await pipeline(source, counter, createWriteStream(partial, { flags: 'wx' }));
    // The multipart reader stops at the limit and ends the stream short: a cut file is never kept.
    if (source.truncated || size > limitBytes) throw tooLarge(limitBytes);
    if (size === 0) throw new ApiError(400, 'Empty file', [{ field: 'file', message: 'The file is empty' }]);
    const sniffed = await fileTypeFromFile(partial);
    const extension = sniffed && ALLOWED.get(sniffed.mime);
    if (!extension) {
      throw new ApiError(415, 'Unsupported file type', [
        { field: 'file', message: 'Upload an image (PNG, JPEG, GIF, WebP), a PDF, a spreadsheet (xlsx) or a zip' },
      ]);
    }
    const name = `${id}.${extension}`;
    await rename(partial, join(dir, name));
    return { fileName: `${folder}/${name}`, contentType: sniffed.mime, size };
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

/** Removes a stored file (an upload refused after it was written: the quota). */
/** The address a stored file is served at: what the upload answers as `url` and an image field keeps. */
export const storedUrl = (basePath: string, fileName: string) => `${basePath}/files/${fileName}`;

/** The stored file an address of `storedUrl` names, or undefined for an address elsewhere. */
export function storedNameOf(basePath: string, url: string): string | undefined {
  const prefix = `${basePath}/files/`;
  return url.startsWith(prefix) ? url.slice(prefix.length) : undefined;
}

export const removeStored = (filesDir: string, fileName: string) => rm(join(filesDir, fileName), { force: true });
