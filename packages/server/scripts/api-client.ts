/**
 * `npm run api:client`: writes client/backroom-api.d.ts, the typed API for integrators, from the
 * OpenAPI document exactly as the server builds it. The app is built in this process on a throwaway
 * SQLite database (no server to run, nothing listens); the base path is the default one, as the
 * committed types are (api-client.test.ts fails when they are out of date).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/app';
import { CLIENT_TYPES_FILE, clientTypes } from './api-client-types';

const dataDir = await mkdtemp(join(tmpdir(), 'backroom-api-client-'));
try {
  const app = await buildApp({
    config: { dataDir, databaseUrl: null, demo: false, basePath: '/backoffice', buildNumber: 'local', metrics: null },
    logger: false,
    jobWorker: false,
  });
  try {
    await writeFile(CLIENT_TYPES_FILE, await clientTypes(app.openapiDocument()));
  } finally {
    await app.close();
  }
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
console.log(`API client types written to ${CLIENT_TYPES_FILE}`);
