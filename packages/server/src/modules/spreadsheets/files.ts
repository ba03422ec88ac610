import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppContext } from '../../context';

/** Uploaded sheets and job results live under `{DATA_DIR}/spreadsheets` (shared by servers that share the queue). */
export async function sheetsDir(ctx: AppContext): Promise<string> {
  const dir = join(ctx.config.dataDir, 'spreadsheets');
  await mkdir(dir, { recursive: true });
  return dir;
}

/** The xlsx a job leaves: the import's rows with their results, or the export. */
export const resultPath = async (ctx: AppContext, jobId: number) => join(await sheetsDir(ctx), `job-${jobId}.xlsx`);

const pad = (n: number) => String(n).padStart(2, '0');

/** `20260131_154500`: the timestamp of download file names. */
export function fileStamp(at = new Date()): string {
  return `${at.getUTCFullYear()}${pad(at.getUTCMonth() + 1)}${pad(at.getUTCDate())}_${pad(at.getUTCHours())}${pad(at.getUTCMinutes())}${pad(at.getUTCSeconds())}`;
}
