import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { versionInfo, type VersionInfo } from '@backroom/schema';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { migrationsCurrent } from '../db/migrate';
import { ok, sendError } from '../http/envelope';
import { SERVER_ROOT } from '../paths';
import { sendUnavailable } from '../http/errors';
import { documented } from '../http/openapi-contract';

/** How long the readiness check waits for the database (a pooled connection and two short reads). */
export const READINESS_TIMEOUT_MS = 3_000;

export const API_VERSION = (JSON.parse(readFileSync(join(SERVER_ROOT, 'package.json'), 'utf8')) as { version: string })
  .version;

/** What readiness answers when ready; a 503 is the error envelope. */
const readiness = z.object({ database: z.literal('ok'), migrations: z.literal('current') });

export function registerInfoRoutes(app: FastifyInstance, corePrefix: string, apiPrefix: string): void {
  const { db, config } = app.ctx;

  app.get(
    `${apiPrefix}/Info/Version`,
    documented({ summary: 'The API version and build number', auth: 'none', answer: versionInfo }),
    async () => {
      const data: VersionInfo = { apiVersion: API_VERSION, buildNumber: config.buildNumber };
      return ok(data);
    },
  );

  // Liveness: the process answers; never touches the database, so a saturated pool cannot stall it.
  app.get(
    `${corePrefix}/health/live`,
    documented({
      summary: 'Liveness: the process answers',
      auth: 'none',
      answer: z.object({ process: z.literal('ok') }),
    }),
    async () => ok({ process: 'ok' }),
  );

  // Readiness: the database answers within READINESS_TIMEOUT_MS and its migrations are current;
  // 503 otherwise. `/health` is its older name, kept for probes already pointed at it.
  const ready = async (request: FastifyRequest, reply: FastifyReply) => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), READINESS_TIMEOUT_MS)));
    try {
      const answer = await Promise.race([sql`select 1`.execute(db).then(() => migrationsCurrent(db)), late]);
      if (answer === 'late')
        return sendUnavailable(reply, `Database not answering within ${READINESS_TIMEOUT_MS / 1000} s`);
      if (!answer) return sendError(reply, 503, 'Migrations pending');
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable');
      return sendUnavailable(reply, 'Database unreachable');
    } finally {
      clearTimeout(timer);
    }
    return ok({ database: 'ok', migrations: 'current' });
  };
  app.get(
    `${corePrefix}/health/ready`,
    documented({
      summary: 'Readiness: the database answers and its migrations are current (503 otherwise)',
      auth: 'none',
      answer: readiness,
    }),
    ready,
  );
  app.get(
    `${corePrefix}/health`,
    documented({ summary: 'Readiness, by its older name', auth: 'none', answer: readiness }),
    ready,
  );
}
