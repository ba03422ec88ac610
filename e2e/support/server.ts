import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type BuildOptions, type RunningServer } from '@backroom/server';
import { loadConfig } from '../../packages/server/src/config';
import { copySeededSqlite } from '../../packages/server/test/support/sqlite-template';

export const BASE_PATH = '/backoffice';

export interface ConsoleServer {
  server: RunningServer;
  /** `http://127.0.0.1:{port}` */
  origin: string;
  /** The console's address: `{origin}/backoffice/new` (no trailing slash). */
  app: string;
  close(): Promise<void>;
}

/**
 * The real server with the built console and demo data in a fresh SQLite database (a copy of the run's
 * seeded template unless `demo: false`); `options` as `startServer`'s (the job worker…).
 */
export async function startConsoleServer(
  config: BuildOptions['config'] = {},
  options: Omit<BuildOptions, 'config'> = {},
): Promise<ConsoleServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'backroom-e2e-'));
  if (config.demo !== false && config.dataDir === undefined && !config.databaseUrl) {
    await copySeededSqlite(dataDir, { catalogue: config.demoCatalogue ?? loadConfig().demoCatalogue });
  }
  const server = await startServer({
    config: {
      host: '127.0.0.1',
      port: 0,
      dataDir,
      databaseUrl: null,
      demo: true,
      basePath: BASE_PATH,
      // The demo terminals report in only where a test asks.
      demoHeartbeatSeconds: 0,
      // Browser tests sign in far more often than people do.
      rateLimit: { windowSeconds: 60, perAddress: 1_000_000, perUser: 1_000_000 },
      // No browser test reaches the internet: an import's image URLs are fetched only where a test asks.
      fetchImportImages: false,
      ...config,
    },
    logger: false,
    ...options,
  });
  return {
    server,
    origin: server.url,
    app: `${server.url}${config.basePath ?? BASE_PATH}/new`,
    close: async () => {
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
