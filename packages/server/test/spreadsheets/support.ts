import type { SheetJob } from '@backroom/schema';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { crc32 } from 'node:zlib';
import { join } from 'node:path';
import { afterAll, expect } from 'vitest';
import type { CellValue } from '../../src/modules/spreadsheets/cells';
import { readSheet } from '../../src/modules/spreadsheets/read';
import { loadConfig } from '../../src/config';
import { writeWorkbook } from '../../src/modules/spreadsheets/write';
import type { SignedInServer } from '../support/harness';

let dir: string | undefined;
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

export async function tempFile(name: string): Promise<string> {
  dir ??= await mkdtemp(join(tmpdir(), 'sheets-test-'));
  return join(dir, name);
}

/** An xlsx of a header row and rows, as bytes. */
export async function xlsx(header: string[], rows: CellValue[][]): Promise<Buffer> {
  const path = await tempFile(`${Math.random().toString(36).slice(2)}.xlsx`);
  await writeWorkbook(path, [{ name: 'Data', columns: header.map((h) => ({ header: h })), rows }]);
  return readFile(path);
}

/** The rows of an xlsx (bytes), header first. */
export async function rowsOf(content: ArrayBuffer | Buffer): Promise<CellValue[][]> {
  const path = await tempFile(`${Math.random().toString(36).slice(2)}.xlsx`);
  const { writeFile } = await import('node:fs/promises');
  await writeFile(path, Buffer.from(content as ArrayBuffer));
  const out: CellValue[][] = [];
  for await (const row of readSheet(path, 'xlsx', loadConfig().imports)) out.push(row.cells);
  return out;
}

export const legacyOf = (t: SignedInServer) => t.api.replace(/\/core\/api$/, '/WebAPI');

export async function submit(
  t: SignedInServer,
  content: Uint8Array,
  importType: string,
  mode: 'validate' | 'commit',
  options: { name?: string; token?: string } = {},
) {
  const form = new FormData();
  form.append('importType', importType);
  form.append('mode', mode);
  form.append('file', new Blob([content]), options.name ?? 'sheet.xlsx');
  const response = await t.call<{ jobId: number } | null>('POST', `${legacyOf(t)}/DataImporter/SubmitDataImport`, {
    form,
    token: options.token ?? t.tokens.admin,
  });
  return { status: response.status, body: response.body };
}

export async function waitFor(t: SignedInServer, jobId: number, token = t.tokens.admin): Promise<SheetJob> {
  for (let i = 0; i < 600; i++) {
    const { status, body } = await t.call<SheetJob>('GET', `${legacyOf(t)}/DataExporter/status/${jobId}`, { token });
    expect(status, JSON.stringify(body)).toBe(200);
    const job = body.data;
    if (!['queued', 'running'].includes(job.status)) return job;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`job ${jobId} did not finish`);
}

/** Runs an export (`submitdataexport`) as the token's user, waits for it and downloads the file: its bytes and rows (header first). */
export async function exportList(
  t: SignedInServer,
  body: unknown,
  token = t.tokens.admin,
): Promise<{ rows: CellValue[][]; file: Buffer }> {
  const { status, body: answer } = await t.call<{ jobId: number }>(
    'POST',
    `${legacyOf(t)}/dataexporter/submitdataexport`,
    { token, body },
  );
  expect(status, JSON.stringify(answer)).toBe(200);
  const job = await waitFor(t, answer.data.jobId, token);
  expect(job.status, job.message ?? '').toBe('succeeded');
  const file = await fetch(`${legacyOf(t)}/DataExporter/download/${answer.data.jobId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(file.status).toBe(200);
  const bytes = Buffer.from(await file.arrayBuffer());
  return { rows: await rowsOf(bytes), file: bytes };
}

/** Submits a sheet and waits for its job. */
export async function importSheet(
  t: SignedInServer,
  content: Uint8Array,
  importType: string,
  mode: 'validate' | 'commit',
  name?: string,
): Promise<SheetJob> {
  const submitted = await submit(t, content, importType, mode, { name });
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
  const jobId = submitted.body.data!.jobId;
  return { ...(await waitFor(t, jobId)), jobId };
}

/** A zip archive of the given files, stored (not compressed). */
export function zipOf(files: { name: string; content: Buffer }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, content } of files) {
    const nameBytes = Buffer.from(name);
    const crc = crc32(content);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(content.length, 18);
    local.writeUInt32LE(content.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(content.length, 20);
    central.writeUInt32LE(content.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, content);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + content.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The product of a SKU as `Get` answers it (child lists included), or undefined. */
export async function productByCode(t: SignedInServer, code: string): Promise<Record<string, unknown> | undefined> {
  const found = await t.post<Record<string, unknown>[]>('/DataRepository/fetch/product', {
    filters: [{ ColumnName: 'code', ColumnValue: code, Operator: 'EQ' }],
  });
  const id = found.body.data[0]?.id;
  return id === undefined ? undefined : (await t.get(`/Product/Get/${String(id)}`)).body.data;
}

/** The status of a commit that inserted `rows` rows and nothing else, each counted once. */
export const insertedOnce = (rows: number) => ({
  status: 'succeeded',
  committed: true,
  inserted: rows,
  updated: 0,
  unchanged: 0,
  errorCount: 0,
});

/** The products whose SKU starts with `prefix`, and their insert audit rows: one per row written, whichever try wrote it. */
export async function storedAndAudited(
  t: SignedInServer,
  prefix: string,
): Promise<{ stored: number; audited: number }> {
  const db = t.server.app.ctx.db;
  const coded = db.selectFrom('product').select('id').where('code', 'like', `${prefix}%`);
  const stored = await db
    .selectFrom('product')
    .select((e) => e.fn.countAll().as('n'))
    .where('id', 'in', coded)
    .executeTakeFirstOrThrow();
  const audited = await db
    .selectFrom('audit_log')
    .select((e) => e.fn.countAll().as('n'))
    .where('entity', '=', 'product')
    .where('action', '=', 'insert')
    .where('row_id', 'in', coded)
    .executeTakeFirstOrThrow();
  return { stored: Number(stored.n), audited: Number(audited.n) };
}
