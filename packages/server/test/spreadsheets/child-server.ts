import type { SheetJob } from '@backroom/schema';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { freePort } from '../support/ports';

const MAIN = fileURLToPath(new URL('../../src/main.ts', import.meta.url));

export interface ChildServer {
  process: ChildProcess;
  /** `http://127.0.0.1:{port}/backoffice` */
  base: string;
  /** The administrator's bearer header. */
  headers: { authorization: string };
  exited: Promise<unknown>;
}

/** `npm start` as one process (SQLite in `dataDir`), signed in as the demo administrator. */
export async function startChildServer(dataDir: string, env: Record<string, string> = {}): Promise<ChildServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      ...process.env,
      WEB_CONCURRENCY: '1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DEMO_CATALOGUE: '0',
      NODE_ENV: 'development',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = once(child, 'exit');
  const base = `http://127.0.0.1:${port}/backoffice`;
  await expect
    .poll(async () => (await fetch(`${base}/core/health`).catch(() => null))?.status, {
      timeout: 60_000,
      interval: 250,
    })
    .toBe(200);
  const login = (await (
    await fetch(`${base}/core/api/Authentication/Login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName: 'admin', password: 'Admin@123' }),
    })
  ).json()) as { data: { token: { accessToken: string } } };
  return { process: child, base, headers: { authorization: `Bearer ${login.data.token.accessToken}` }, exited };
}

/** Submits a sheet to a child server; answers the job id. */
export async function submitTo(
  server: ChildServer,
  content: Uint8Array,
  importType: string,
  mode: 'validate' | 'commit',
  name: string,
): Promise<number> {
  const form = new FormData();
  form.append('importType', importType);
  form.append('mode', mode);
  form.append('file', new Blob([content]), name);
  const response = await fetch(`${server.base}/WebAPI/DataImporter/SubmitDataImport`, {
    method: 'POST',
    body: form,
    headers: server.headers,
  });
  const body = (await response.json()) as { data: { jobId: number } };
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body.data.jobId;
}

export async function statusOn(server: ChildServer, jobId: number): Promise<SheetJob> {
  const response = await fetch(`${server.base}/WebAPI/DataExporter/status/${jobId}`, { headers: server.headers });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: SheetJob }).data;
}
