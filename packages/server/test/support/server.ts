import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ApiEnvelope, LoginResponse, TokenPair } from '@backroom/schema';
import nodemailer from 'nodemailer';
import { inject } from 'vitest';
import { startServer, type BuildOptions, type RunningServer } from '../../src/app';
import { claimNext, newLease } from '../../src/jobs/queue';
import { runJob } from '../../src/jobs/runner';
import { answerMismatch } from './openapi';
import { freshPostgres } from './postgres';
import { seededPostgres } from './postgres-template';
import { copySeededSqlite } from './sqlite-template';

export interface CapturedMail {
  to: string;
  subject: string;
  text: string;
}

export interface ApiResponse<T> {
  status: number;
  headers: Headers;
  body: ApiEnvelope<T>;
}

export interface CallOptions {
  body?: unknown;
  /** Sent as is (no JSON encoding), e.g. malformed JSON. */
  rawBody?: string | Uint8Array;
  /** A multipart form (a file upload); fetch sets its content type. */
  form?: FormData;
  token?: string;
  headers?: Record<string, string>;
}

export interface TestServer {
  server: RunningServer;
  /** `http://127.0.0.1:{port}` */
  origin: string;
  /** `{origin}{base}/core/api` */
  api: string;
  mails: CapturedMail[];
  call<T = unknown>(method: string, path: string, options?: CallOptions): Promise<ApiResponse<T>>;
  login(userName: string, password: string): Promise<TokenPair>;
  /** Runs every due queued job now, as the worker loop (off under test) would; answers how many ran. */
  runQueuedJobs(): Promise<number>;
  close(): Promise<void>;
}

/** Rate limits no test reaches unless it means to. */
export const UNLIMITED = { windowSeconds: 60, perAddress: 1_000_000, perUser: 1_000_000 };

export const database = process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'sqlite';

/**
 * Starts the real server on a free port with a fresh database (SQLite or PostgreSQL per TEST_DATABASE),
 * or on the database of `config.databaseUrl` when given. A fresh database in demo mode is a copy of
 * the run's seeded template (sqlite-template.ts, postgres-template.ts); with `demo: false` or a
 * `dataDir` of the test's own, the server seeds it itself (on SQLite it migrates it too).
 */
export async function startTestServer(options: Pick<BuildOptions, 'config' | 'onRoute'> = {}): Promise<TestServer> {
  if (process.env.TEST_DATABASE === 'none') {
    throw new Error(
      'a unit file (server-unit: src/**/*.test.ts) started a test server: tests that need a database belong in test/, which runs on each database',
    );
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'backroom-test-'));
  const { demo, demoCatalogue, databaseUrl, dataDir: ownDataDir } = options.config ?? {};
  const seeded = databaseUrl === undefined && ownDataDir === undefined && demo !== false;
  if (database === 'sqlite' && seeded) await copySeededSqlite(dataDir, { catalogue: demoCatalogue ?? false });
  const postgres =
    database !== 'postgres' || databaseUrl !== undefined
      ? null
      : seeded
        ? await seededPostgres(dataDir, { catalogue: demoCatalogue ?? false })
        : await freshPostgres({ template: inject('postgresTemplate') });
  const mails: CapturedMail[] = [];
  const mailTransport = nodemailer.createTransport({
    name: 'capture',
    version: '1',
    send(mail, callback) {
      mails.push({ to: String(mail.data.to), subject: String(mail.data.subject), text: String(mail.data.text) });
      callback(null, { envelope: mail.message.getEnvelope(), messageId: `<${mails.length}@test>` });
    },
  });
  const server = await startServer({
    config: {
      host: '127.0.0.1',
      port: 0,
      dataDir,
      databaseUrl: postgres?.url ?? null,
      demo: true,
      // The demo chain's catalogue only where a test asks for it: the generic API tests start from empty tables.
      demoCatalogue: false,
      // No demo terminal reports in by itself unless a test asks for it.
      demoHeartbeatSeconds: 0,
      jwtSecret: null,
      smtpUrl: null,
      // Tests sign in far more often than people do; rate-limit tests set their own limits.
      rateLimit: UNLIMITED,
      // No test reaches the internet: a committed import's image URLs are fetched only where a test asks.
      fetchImportImages: false,
      ...options.config,
    },
    mailTransport,
    logger: false,
    onRoute: options.onRoute,
  });
  const api = `${server.url}${server.app.ctx.config.basePath}/core/api`;

  const call = async <T>(method: string, path: string, callOptions: CallOptions = {}): Promise<ApiResponse<T>> => {
    const headers: Record<string, string> = { ...callOptions.headers };
    let body: string | Uint8Array | FormData | undefined = callOptions.form ?? callOptions.rawBody;
    if (callOptions.body !== undefined) {
      body = JSON.stringify(callOptions.body);
      headers['content-type'] ??= 'application/json';
    }
    if (callOptions.token) headers.authorization = `Bearer ${callOptions.token}`;
    const url = path.startsWith('http') ? path : `${api}${path}`;
    const response = await fetch(url, { method, headers, body });
    const text = await response.text();
    const answer = JSON.parse(text) as ApiEnvelope<T>;
    // Every answer a test gets is checked against the app's OpenAPI document (test/support/openapi.ts).
    const mismatch = answerMismatch(server.app.openapiDocument(), method, url, response.status, answer);
    if (mismatch) throw new Error(`${mismatch}\n${text.slice(0, 2000)}`);
    return { status: response.status, headers: response.headers, body: answer };
  };

  const login = async (userName: string, password: string) => {
    const res = await call<LoginResponse>('POST', '/Authentication/Login', { body: { userName, password } });
    if (res.status !== 200 || !res.body.data.token)
      throw new Error(`login ${userName} failed: ${res.status} ${res.body.message}`);
    return res.body.data.token;
  };

  const runQueuedJobs = async () => {
    const lease = newLease(60_000);
    let ran = 0;
    for (let job = await claimNext(server.app.ctx, lease); job; job = await claimNext(server.app.ctx, lease), ran++) {
      await runJob(server.app, server.app.log, job, lease);
    }
    return ran;
  };

  return {
    server,
    origin: server.url,
    api,
    mails,
    call,
    login,
    runQueuedJobs,
    close: async () => {
      await server.close();
      await postgres?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
