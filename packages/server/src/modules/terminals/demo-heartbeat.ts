import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { recordHeartbeat } from './terminal-api';

/** The demo terminals' devices (the demo catalogue's `DEMO-{outlet}-{nn}`): no real till is named so. */
const DEMO_DEVICE = 'DEMO-%';

/**
 * One heartbeat of every paired, active demo terminal, through the heartbeat's own path
 * (`recordHeartbeat`): what a till in the shop would send while it is switched on. Answers how
 * many reported.
 */
export async function beatDemoTerminals(db: Kysely<Database>, now = new Date().toISOString()): Promise<number> {
  const tills = await db
    .selectFrom('point_of_sale as t')
    .select('t.id')
    .where('t.device_id', 'like', DEMO_DEVICE)
    .where('t.is_active', '=', true)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('terminal_token as k')
          .select('k.id')
          .whereRef('k.terminal_id', '=', 't.id')
          .where('k.revoked_at', 'is', null),
      ),
    )
    .orderBy('t.id')
    .execute();
  for (const till of tills) await recordHeartbeat(db, till.id, { lastSyncAt: now }, now);
  return tills.length;
}

/**
 * In demo mode (`DEMO`, `DEMO_HEARTBEAT_SECONDS` > 0) the demo terminals keep reporting in while
 * the server runs: once when it is ready, then every `demoHeartbeatSeconds`; the timer stops when
 * the server closes and never holds the process open. Off in test servers unless a test asks.
 */
export function startDemoHeartbeat(app: FastifyInstance): void {
  const { demo, demoHeartbeatSeconds } = app.ctx.config;
  if (!demo || demoHeartbeatSeconds <= 0) return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const beat = () => {
    running ??= beatDemoTerminals(app.ctx.db)
      .then(() => undefined)
      // A database that is away now is noticed by the requests; the next beat tries again.
      .catch((error: unknown) => app.log.warn({ err: error }, 'demo terminals could not report in'))
      .finally(() => (running = undefined));
    return running;
  };
  app.addHook('onReady', async () => {
    await beat();
    timer = setInterval(() => void beat(), demoHeartbeatSeconds * 1000);
    timer.unref();
  });
  // Before the database closes: no new beat, and the one under way finished.
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await running;
  });
}
