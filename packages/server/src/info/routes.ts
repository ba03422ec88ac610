import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { VersionInfo } from '@backroom/schema';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { migrationsCurrent } from '../db/migrate';
import { ok, sendError } from '../http/envelope';
import { SERVER_ROOT } from '../paths';
import { sendUnavailable } from '../http/errors';

const API_VERSION = (JSON.parse(readFileSync(join(SERVER_ROOT, 'package.json'), 'utf8')) as { version: string }).version;

export function registerInfoRoutes(app: FastifyInstance, corePrefix: string, apiPrefix: string): void {
  const { db, config } = app.ctx;

  app.get(`${apiPrefix}/Info/Version`, async () => {
    const data: VersionInfo = { apiVersion: API_VERSION, buildNumber: config.buildNumber };
    return ok(data);
  });

  app.get(`${corePrefix}/health`, async (request, reply) => {
    try {
      await sql`select 1`.execute(db);
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable');
      return sendUnavailable(reply, 'Database unreachable');
    }
    if (!(await migrationsCurrent(db))) return sendError(reply, 503, 'Migrations pending');
    return ok({ database: 'ok', migrations: 'current' });
  });
}
