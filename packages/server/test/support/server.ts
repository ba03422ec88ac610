import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ApiEnvelope, LoginResponse, TokenPair } from '@backroom/schema';
import nodemailer from 'nodemailer';
import pg from 'pg';
import { startServer, type BuildOptions, type RunningServer } from '../../src/app';

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
  close(): Promise<void>;
}

export const database = process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'sqlite';

/** A fresh PostgreSQL database beside DATABASE_URL's, dropped by the returned function. */
async function freshPostgres(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE=postgres needs DATABASE_URL');
  const name = `br_test_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** Starts the real server on a free port with a fresh database (SQLite or PostgreSQL per TEST_DATABASE). */
export async function startTestServer(options: { config?: BuildOptions['config'] } = {}): Promise<TestServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'backroom-test-'));
  const postgres = database === 'postgres' ? await freshPostgres() : null;
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
      jwtSecret: null,
      smtpUrl: null,
      ...options.config,
    },
    mailTransport,
    logger: false,
  });
  const api = `${server.url}${server.app.ctx.config.basePath}/core/api`;

  const call = async <T>(method: string, path: string, callOptions: CallOptions = {}): Promise<ApiResponse<T>> => {
    const headers: Record<string, string> = { ...callOptions.headers };
    let body: string | Uint8Array | undefined = callOptions.rawBody;
    if (callOptions.body !== undefined) {
      body = JSON.stringify(callOptions.body);
      headers['content-type'] ??= 'application/json';
    }
    if (callOptions.token) headers.authorization = `Bearer ${callOptions.token}`;
    const url = path.startsWith('http') ? path : `${api}${path}`;
    const response = await fetch(url, { method, headers, body });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: JSON.parse(text) as ApiEnvelope<T> };
  };

  const login = async (userName: string, password: string) => {
    const res = await call<LoginResponse>('POST', '/Authentication/Login', { body: { userName, password } });
    if (res.status !== 200 || !res.body.data.token) throw new Error(`login ${userName} failed: ${res.status} ${res.body.message}`);
    return res.body.data.token;
  };

  return {
    server,
    origin: server.url,
    api,
    mails,
    call,
    login,
    close: async () => {
      await server.close();
      await postgres?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
