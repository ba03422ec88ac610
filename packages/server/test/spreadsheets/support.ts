import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { CellValue } from '../../src/domain/spreadsheets/cells';
import { readSheet } from '../../src/domain/spreadsheets/read';
import { writeWorkbook } from '../../src/domain/spreadsheets/write';
import type { SignedInServer } from '../support/harness';

export interface JobStatus {
  status: string;
  progress: number;
  total: number;
  inserted: number;
  updated: number;
  unchanged: number;
  errorCount: number;
  errors: { row: number; column: string; message: string }[];
  committed: boolean;
  message: string | null;
}

let dir: string | undefined;
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
  for await (const row of readSheet(path, 'xlsx')) out.push(row.cells);
  return out;
}

export const legacyOf = (t: SignedInServer) => t.api.replace(/\/core\/api$/, '/WebAPI');

export async function submit(t: SignedInServer, content: Uint8Array, importType: string, mode: 'validate' | 'commit', options: { name?: string; token?: string } = {}) {
  const form = new FormData();
  form.append('importType', importType);
  form.append('mode', mode);
  form.append('file', new Blob([content]), options.name ?? 'sheet.xlsx');
  const response = await fetch(`${legacyOf(t)}/DataImporter/SubmitDataImport`, { method: 'POST', body: form, headers: { authorization: `Bearer ${options.token ?? t.tokens.admin}` } });
  return { status: response.status, body: (await response.json()) as { data: { jobId: number } | null; message: string; errors?: { field: string; message: string }[] } };
}

export async function waitFor(t: SignedInServer, jobId: number, token = t.tokens.admin): Promise<JobStatus> {
  for (let i = 0; i < 600; i++) {
    const response = await fetch(`${legacyOf(t)}/DataExporter/status/${jobId}`, { headers: { authorization: `Bearer ${token}` } });
    const body = (await response.json()) as { data: JobStatus };
    expect(response.status, JSON.stringify(body)).toBe(200);
    if (!['queued', 'running'].includes(body.data.status)) return body.data;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`job ${jobId} did not finish`);
}

/** Submits a sheet and waits for its job. */
export async function importSheet(t: SignedInServer, content: Uint8Array, importType: string, mode: 'validate' | 'commit', name?: string): Promise<JobStatus & { jobId: number }> {
  const submitted = await submit(t, content, importType, mode, { name });
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
  const jobId = submitted.body.data!.jobId;
  return { ...(await waitFor(t, jobId)), jobId };
}
