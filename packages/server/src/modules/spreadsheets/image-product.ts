import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import { Transform, Writable, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { IMAGE_FILE_PROBLEMS, MAX_IMAGES, findEntity } from '@backroom/schema';
import { fileTypeFromBuffer } from 'file-type';
import type { AppContext } from '../../context';
import { apiRow } from '../../data/read';
import { anyDb, type Row } from '../../data/store';
import { updateRow, type Writer } from '../../data/write';
import { IMAGE_TYPES, removeStored, storedNameOf, storedUrl, streamToFile } from '../../files/store';
import type { ScalarField } from './columns';
import type { ImportFile, Importer, RowIssue } from './importer';
import { withEntries, zipEntries } from './zip-entries';

const product = findEntity('product')!;
const relabel = (name: string, as: string, label: string) =>
  ({ ...product.fields.find((f) => f.name === name), name: as, label, required: true }) as ScalarField;

const EXTENSION = /\.(png|jpe?g|gif|webp)$/i;
/** The bytes `file-type` needs to recognise an image. */
const SNIFF_BYTES = 4100;
/** Where product forms upload their images, under `{DATA_DIR}/files`. */
const FOLDER = 'product';

const filesDir = (ctx: AppContext) => join(ctx.config.dataDir, 'files');

async function headOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    chunks.push(chunk as Buffer);
    size += (chunk as Buffer).length;
    if (size >= SNIFF_BYTES) break;
  }
  stream.destroy();
  return Buffer.concat(chunks);
}

/** A stream that passes its content on while hashing it. */
function hashing() {
  const hash = createHash('sha256');
  const through = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
  return { through, digest: () => hash.digest('hex') };
}

const discard = () => new Writable({ write: (_chunk, _encoding, done) => done() });

/** The hash of a kept image, or undefined when it is not a stored file (an address elsewhere). */
async function hashOfStored(ctx: AppContext, url: string): Promise<string | undefined> {
  const fileName = storedNameOf(ctx.config.basePath, url);
  if (!fileName) return undefined;
  const { through, digest } = hashing();
  try {
    await pipeline(createReadStream(join(filesDir(ctx), fileName)), through, discard());
    return digest();
  } catch {
    return undefined;
  }
}

const imagesOf = (row: Row | undefined) => (row?.images as string[] | null) ?? [];

/** Each file's size and content (an image of an accepted type), and room for one more image on its product. */
async function verify(
  ctx: AppContext,
  rows: readonly { number: number; input: Row }[],
  file: ImportFile,
): Promise<RowIssue[]> {
  const issues: RowIssue[] = [];
  const byName = new Map(rows.map((r) => [String(r.input.image), r]));
  const limit = ctx.config.uploads.limitBytes;
  for (const entry of await zipEntries(file.path)) {
    const row = byName.get(entry.name);
    if (row && entry.size > limit)
      issues.push({
        row: row.number,
        field: 'image',
        message: IMAGE_FILE_PROBLEMS.tooLarge({ name: entry.name, mb: Math.round(limit / 1024 / 1024) }),
      });
  }
  await withEntries(file.path, new Set(byName.keys()), async (name, content) => {
    const type = await fileTypeFromBuffer(await headOf(content));
    if (!type || !IMAGE_TYPES.has(type.mime))
      issues.push({
        row: byName.get(name)!.number,
        field: 'image',
        message: IMAGE_FILE_PROBLEMS.notImage({ name }),
      });
  });
  const db = anyDb(ctx);
  for (const { number, input } of rows) {
    if (imagesOf(await apiRow(ctx, db, product, input.product as number, { labels: false })).length >= MAX_IMAGES)
      issues.push({
        row: number,
        field: 'product',
        message: IMAGE_FILE_PROBLEMS.full({ count: MAX_IMAGES }),
      });
  }
  return issues;
}

/**
 * Each file becomes its product's main (first) image, stored and kept as the product form keeps an
 * upload (`files/store.ts`, folder `product`, its address); the product's other images stay after it. A file whose
 * content is already the product's main image is unchanged. Files are stored only by a commit, and
 * removed again when the write fails.
 */
async function write(w: Writer, rows: Row[], run: { file: ImportFile; commit: boolean }) {
  const counts = { inserted: 0, updated: 0, unchanged: 0 };
  const byName = new Map(rows.map((r) => [String(r.image), r]));
  const stored: string[] = [];
  try {
    await withEntries(run.file.path, new Set(byName.keys()), async (name, content) => {
      const row = byName.get(name)!;
      const current = await apiRow(w.ctx, w.trx, w.entity, row.product as number, { labels: false });
      const images = imagesOf(current);
      const { through, digest } = hashing();
      let fileName: string | undefined;
      if (run.commit) {
        const piping = pipeline(content, through);
        fileName = (await streamToFile(filesDir(w.ctx), FOLDER, through, w.ctx.config.uploads.limitBytes)).fileName;
        stored.push(fileName);
        await piping;
      } else await pipeline(content, through, discard());
      if (images.length > 0 && (await hashOfStored(w.ctx, images[0]!)) === digest()) {
        counts.unchanged++;
        if (fileName) await removeStored(filesDir(w.ctx), fileName);
        return;
      }
      if (images.length === 0) counts.inserted++;
      else counts.updated++;
      if (fileName)
        await updateRow(w, w.entity, {
          id: current!.id,
          version: current!.version ?? 0,
          images: [storedUrl(w.ctx.config.basePath, fileName), ...images],
        });
    });
  } catch (error) {
    for (const fileName of stored) await removeStored(filesDir(w.ctx), fileName);
    throw error;
  }
  return counts;
}

/** The image product importer: a zip of images, each named by its product's SKU (`ACC-001.jpg`). */
export const imageProductImporter = (): Importer => {
  const productColumn = relabel('parent', 'product', 'Product');
  const image = relabel('description', 'image', 'Image file');
  return {
    type: 'imageproduct',
    label: 'Product images',
    entity: product,
    key: [productColumn],
    columns: [productColumn, image],
    screen: 'importer/imageproduct',
    options: [{ text: 'Main images (a zip of images)', value: 'images' }],
    meaning:
      'Upload a zip of images, each named by the SKU of its product: ACC-001.jpg is the image of product ACC-001 (folders in the zip do not matter; PNG, JPEG, GIF or WebP). Each image becomes its product’s main image; the product’s other images stay after it, and an image identical to the main image already there is unchanged. A file whose name is no product’s SKU, two files for one product, or a file that is not an image is reported on its row (the file’s place in the zip, the first file being row 2). Every file is checked first; then every image is stored, or none. This sheet only lists the columns of the result file: upload the zip, not a spreadsheet.',
    custom: {
      privilege: { screen: product.permission, action: 'edit' },
      check: (input) =>
        typeof input.image === 'string' && !EXTENSION.test(input.image)
          ? [{ field: 'image', message: IMAGE_FILE_PROBLEMS.notImage({ name: input.image }) }]
          : [],
      verify,
      write,
    },
  };
};
