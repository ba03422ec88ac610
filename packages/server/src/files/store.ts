import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileTypeFromBuffer } from 'file-type';

export const UPLOAD_LIMIT_BYTES = 20 * 1024 * 1024;

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

export const FOLDER_PATTERN = /^[a-z0-9][a-z0-9_-]{0,39}$/i;
export const DEFAULT_FOLDER = 'general';

export interface StoredFile {
  /** `{folder}/{generated name}`, the value a form keeps. */
  fileName: string;
  contentType: string;
  size: number;
}

/** The sniffed MIME type when it is one we accept, else null. */
export async function acceptedType(content: Buffer): Promise<string | null> {
  const sniffed = await fileTypeFromBuffer(content);
  return sniffed && ALLOWED.has(sniffed.mime) ? sniffed.mime : null;
}

/** Writes the content under `{filesDir}/{folder}/` with a generated, unguessable name. */
export async function storeFile(filesDir: string, folder: string, content: Buffer, contentType: string): Promise<StoredFile> {
  const name = `${randomUUID()}.${ALLOWED.get(contentType)}`;
  await mkdir(join(filesDir, folder), { recursive: true });
  await writeFile(join(filesDir, folder, name), content, { flag: 'wx' });
  return { fileName: `${folder}/${name}`, contentType, size: content.length };
}
