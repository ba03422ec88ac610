import type { FastifyInstance } from 'fastify';
import { registerJobRoutes } from './routes';
import { startWorker, workerSettings, type WorkerSettings } from './worker';

/** The job API and, when enabled, the worker loop, stopped before the app closes its database. */
export async function registerJobs(app: FastifyInstance, apiPrefix: string, settings: WorkerSettings = workerSettings()): Promise<void> {
  registerJobRoutes(app, apiPrefix, settings.leaseMs);
  if (!settings.enabled) return;
  const stop = await startWorker(app, settings);
  app.addHook('preClose', stop);
}
