import type { FastifyInstance } from 'fastify';
import { registerJobRoutes } from './routes';
import { runsEnded } from './runner';
import { startWorker, workerSettings, type WorkerSettings } from './worker';

/**
 * The job API and, when enabled, the worker loop. Before the app closes its database the loop
 * stops and every run in progress ends: finished, or handed back once the grace period is over.
 */
export async function registerJobs(
  app: FastifyInstance,
  apiPrefix: string,
  settings: WorkerSettings = workerSettings(),
): Promise<void> {
  registerJobRoutes(app, apiPrefix, settings.leaseMs);
  const stop = settings.enabled ? await startWorker(app, settings) : undefined;
  app.addHook('preClose', async () => {
    await stop?.();
    await runsEnded(app);
  });
}
