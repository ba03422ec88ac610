import http from 'node:http';
import https from 'node:https';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { IMAGE_FAILURES, MAX_IMAGES, findEntity, type SheetImageFailure, type SheetImageFetch } from '@backroom/schema';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { apiRow } from '../../data/read';
import { anyDb } from '../../data/store';
import { updateRow } from '../../data/write';
import {
  IMAGE_TYPES,
  megabytes,
  removeStored,
  storedUrl,
  streamToFile,
  type StoredFile,
  type UploadStream,
} from '../../files/store';
import { ApiError } from '../../http/envelope';
import { actingRequest, actingUser, jobWriter } from '../../jobs/acting-user';
import type { JobKind } from '../../jobs/kinds';
import { assertQuotaLeft, chargeQuota } from '../../files/quota';
import { checkTarget, pinnedLookup, type Target } from '../membership/index';

export const IMAGES_JOB = 'spreadsheet.images';

/** Failures kept in the job's result; `failedCount` counts them all. */
const KEPT_FAILURES = 1000;
/** Redirects followed, each target checked again. */
const MAX_REDIRECTS = 3;
const TIMEOUT_MS = 15_000;
/** Downloads at once in one images job: a few, so that a slow host does not hold up the rest, nor the job flood one. */
export const FETCHES_AT_ONCE = 4;
/** Where product forms upload their images, under `{DATA_DIR}/files`. */
const FOLDER = 'product';

const product = findEntity('product')!;

export const imagesPayload = z.object({
  ownerId: z.number().int(),
  ownerName: z.string(),
  /** The import job whose committed products these are. */
  importJob: z.number().int(),
  products: z.array(z.number().int()),
});
export type ImagesPayload = z.infer<typeof imagesPayload>;

/** A product's image URLs: one a line (or parted by spaces), http(s) only, each once. */
export const urlsOf = (text: unknown): string[] =>
  typeof text === 'string'
    ? [
        ...new Set(
          text
            .split(/\s+/)
            .map((u) => u.trim())
            .filter(Boolean),
        ),
      ]
    : [];

export class FetchRefused extends Error {}

const refused = <K extends keyof typeof IMAGE_FAILURES>(
  reason: K,
  ...values: Parameters<(typeof IMAGE_FAILURES)[K]>
): FetchRefused => new FetchRefused((IMAGE_FAILURES[reason] as (...v: typeof values) => string)(...values));

/** The address check's refusal (the webhooks' guard) as the images job says it. */
function addressRefused(address: string, error: ApiError): FetchRefused {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return refused('notWebAddress');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return refused('notWebAddress');
  if (/does not resolve/.test(error.message)) return refused('noSuchHost', { host: url.hostname });
  return refused('notPublic', { address: /\(([^)]+)\)/.exec(error.message)?.[1] ?? url.hostname });
}

/** A connection's failure (Node's error code) in plain words. */
function connectionFailed(error: NodeJS.ErrnoException, host: string): FetchRefused {
  const code = error.code ?? '';
  if (code === 'ECONNREFUSED') return refused('refused');
  if (code === 'ECONNRESET' || code === 'EPIPE') return refused('cut');
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return refused('noSuchHost', { host });
  if (code === 'ETIMEDOUT') return refused('noAnswer', { seconds: TIMEOUT_MS / 1000 });
  if (/CERT|SELF_SIGNED|UNABLE_TO_|DEPTH_ZERO/.test(code)) return refused('certificate');
  return refused('unreachable');
}

/** Checks an address before it is connected to: the target to connect to, or an `ApiError` naming why not. */
export type TargetCheck = (address: string) => Promise<Target>;

/**
 * The answer of a GET to a checked address, or why there is none: each redirect's address is
 * checked again (a public address may send on to a private one), at most `MAX_REDIRECTS`.
 * `signal` ends it (the job's time).
 */
export async function checkedGet(url: string, check: TargetCheck, signal?: AbortSignal): Promise<http.IncomingMessage> {
  let address = url;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    let target;
    try {
      target = await check(address);
    } catch (error) {
      if (error instanceof ApiError) throw addressRefused(address, error);
      throw error;
    }
    const client = target.url.protocol === 'https:' ? https : http;
    const answer = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const req = client.get(
        target.url,
        {
          lookup: pinnedLookup(target),
          timeout: TIMEOUT_MS,
          signal,
          headers: { accept: 'image/*', 'user-agent': 'Backroom-Import/1' },
        },
        resolve,
      );
      req.on('timeout', () => req.destroy(refused('noAnswer', { seconds: TIMEOUT_MS / 1000 })));
      req.on('error', (error) =>
        reject(
          error instanceof FetchRefused
            ? error
            : signal?.aborted
              ? refused('outOfTime')
              : connectionFailed(error, target.url.hostname),
        ),
      );
    });
    const status = answer.statusCode ?? 0;
    if (status >= 300 && status < 400 && answer.headers.location) {
      answer.resume();
      address = new URL(answer.headers.location, target.url).toString();
      continue;
    }
    if (status !== 200) {
      answer.resume();
      throw refused('status', { status });
    }
    return answer;
  }
  throw refused('redirects', { count: MAX_REDIRECTS });
}

/**
 * Downloads one image into the product images' folder, as the form stores an upload: at most the
 * upload limit (stopped there, nothing kept), of an image type by its content (PNG, JPEG, GIF,
 * WebP). Answers the stored file's name; throws `FetchRefused` naming why not.
 */
async function fetchImage(ctx: AppContext, url: string, signal: AbortSignal): Promise<StoredFile> {
  const limit = ctx.config.uploads.limitBytes;
  const check = (address: string) => checkTarget(address, ctx.config.allowPrivateTargets, 'url');
  const answer = await checkedGet(url, check, signal);
  const tooLarge = () => refused('tooLarge', { size: megabytes(limit) });
  const declared = Number(answer.headers['content-length']);
  if (declared > limit) {
    answer.destroy();
    throw tooLarge();
  }
  let size = 0;
  const capped = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > limit) {
        answer.destroy();
        done(tooLarge());
        return;
      }
      done(null, chunk);
    },
  });
  answer.on('error', (error) => capped.destroy(error));
  const dir = join(ctx.config.dataDir, 'files');
  let stored;
  try {
    stored = await streamToFile(dir, FOLDER, answer.pipe(capped) as UploadStream, limit);
  } catch (error) {
    if (error instanceof FetchRefused) throw error;
    if (signal.aborted) throw refused('outOfTime');
    if (error instanceof ApiError) throw error.status === 413 ? tooLarge() : refused('notImage');
    throw refused('cut');
  }
  if (!IMAGE_TYPES.has(stored.contentType)) {
    await removeStored(dir, stored.fileName);
    throw refused('notImage');
  }
  return stored;
}

/**
 * One image fetched and counted against the importing user's daily upload quota, as the upload
 * route counts a form's upload: refused before the download once the quota is used up, and the
 * file removed when its size would pass it.
 */
async function fetchCounted(ctx: AppContext, userId: number, url: string, signal: AbortSignal): Promise<string> {
  if (signal.aborted) throw refused('outOfTime');
  const quota = (error: unknown) => {
    if (error instanceof ApiError && error.status === 429) throw new FetchRefused(error.message);
    throw error;
  };
  await assertQuotaLeft(ctx, userId).catch(quota);
  const stored = await fetchImage(ctx, url, signal);
  try {
    await chargeQuota(ctx, userId, stored.size);
  } catch (error) {
    await removeStored(join(ctx.config.dataDir, 'files'), stored.fileName);
    quota(error);
  }
  return stored.fileName;
}

/**
 * The job after a committed product import whose products have image URLs: each product that holds
 * no image yet gets its URLs downloaded into its images (in order, at most 20), written through the
 * generic write path as the importing user, `FETCHES_AT_ONCE` products at a time. Each image counts
 * against the importing user's daily upload quota; the whole job has `IMPORT_IMAGES_SECONDS`, after
 * which the URLs not fetched are listed as failed. An image never fails the import nor the job: each
 * URL not stored is listed with its reason in the result. A product that already holds images
 * (fetched before, or uploaded by hand) is left as it is, so a re-import does not download them again.
 */
export const imagesJob: JobKind = {
  privilege: { screen: 'dataexporter', action: 'edit' },
  async run(job) {
    const payload = imagesPayload.parse(job.payload);
    const { ctx } = job;
    const db = anyDb(ctx);
    const request = await actingRequest(job.server, await actingUser(db, payload.ownerName));
    const dir = join(ctx.config.dataDir, 'files');
    const deadline = AbortSignal.timeout(ctx.config.fetchImportImagesMs);
    const result: SheetImageFetch = { products: 0, fetched: 0, skipped: 0, failed: [], failedCount: 0 };
    const fail = (failure: SheetImageFailure) => {
      result.failedCount++;
      if (result.failed.length < KEPT_FAILURES) result.failed.push(failure);
    };
    let done = 0;
    const one = async (id: number) => {
      const row = await apiRow(ctx, db, product, id, { labels: false });
      if (!row) return;
      result.products++;
      const code = String(row.code);
      if (((row.images as string[] | null) ?? []).length > 0) {
        result.skipped++;
        return;
      }
      const stored: string[] = [];
      for (const url of urlsOf(row.imageUrls).slice(0, MAX_IMAGES))
        try {
          stored.push(await fetchCounted(ctx, payload.ownerId, url, deadline));
        } catch (error) {
          if (!(error instanceof FetchRefused)) throw error;
          fail({ product: code, url, message: error.message });
        }
      if (stored.length === 0) return;
      try {
        await db.transaction().execute(async (trx) => {
          const current = (await apiRow(ctx, trx, product, id, { labels: false }))!;
          const images = (current.images as string[] | null) ?? [];
          await updateRow(await jobWriter(ctx, trx, request, product), product, {
            id,
            version: current.version ?? 0,
            images: [...images, ...stored.map((fileName) => storedUrl(ctx.config.basePath, fileName))].slice(
              0,
              MAX_IMAGES,
            ),
          });
        });
        result.fetched += stored.length;
      } catch (error) {
        for (const fileName of stored) await removeStored(dir, fileName);
        if (!(error instanceof ApiError)) throw error;
        fail({ product: code, url: '', message: IMAGE_FAILURES.notSaved({ reason: error.message }) });
      }
    };
    const queue = [...payload.products];
    const worker = async () => {
      for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
        await one(id);
        await job.progress(Math.floor((++done / payload.products.length) * 100));
      }
    };
    await Promise.all(Array.from({ length: FETCHES_AT_ONCE }, worker));
    return result;
  },
};
