import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import { tracingProtocol } from './tracing/wanted';

/**
 * `npm start`: one server process per core on one port (WEB_CONCURRENCY, default the core count).
 * The primary first forks one process that prepares the database — migrations, seed, server
 * secret — and exits, then forks the serving workers, restarting any that dies; worker 0 alone runs
 * the job loop. The primary itself loads nothing of the app but its configuration and the answer it
 * gives while the database is prepared. With one process (a single core, or WEB_CONCURRENCY=1) the
 * server prepares and serves by itself.
 */
function webConcurrency(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return availableParallelism();
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`WEB_CONCURRENCY must be a positive whole number, got "${value}"`);
  return n;
}

/** What a forked process is for: `prepare`, or the index of a serving worker. */
const ROLE = 'BACKROOM_ROLE';

async function serve(options: { prepared: boolean; jobWorker?: boolean; announce: boolean }) {
  // Before the app's first import: the instrumentations patch fastify, http and pg as they load (tracing/start.ts).
  const protocol = tracingProtocol(process.env);
  const tracing = protocol ? await (await import('./tracing/start')).startTracing(protocol) : undefined;
  const { startServer } = await import('./app');
  const server = await startServer({
    prepared: options.prepared,
    jobWorker: options.jobWorker,
    announce: options.announce,
    metricsServedElsewhere: cluster.isWorker,
  });
  if (options.announce && server.metricsUrl) server.app.log.info(`Metrics at ${server.metricsUrl}`);
  if (options.announce) {
    if (server.app.ctx.config.demo) {
      const { DEMO_USERS } = await import('./modules/user');
      const users = DEMO_USERS.map((user) => `${user.userName} / ${user.password}`).join(', ');
      server.app.log.info(`Demo users (user / password): ${users}`);
    }
  }
  // A signal starts the graceful stop (shutdown.ts); a second one (the terminal's SIGINT and the primary's SIGTERM) changes nothing.
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    server
      .stop()
      .then(() => tracing?.shutdown())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          server.app.log.error({ err: error }, 'stopping failed');
          process.exit(1);
        },
      );
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, stop);
}

async function prepare() {
  const [{ loadConfig }, { prepareDatabase }, { installEventHandlers }, { MODULES }] = await Promise.all([
    import('./config'),
    import('./prepare'),
    import('./modules/events'),
    import('./module-list'),
  ]);
  installEventHandlers(MODULES);
  await prepareDatabase(loadConfig(), MODULES, (error) => console.error('database connection failed', error));
}

/**
 * The primary's own answer while the database is prepared (http/while-preparing.ts): a server of
 * the primary, not the preparing process's. A server a cluster worker opens is fed by the primary,
 * which hands it each connection and forgets one handed to a worker that exits before taking it —
 * the connection then hangs, unanswered and never closed (seen at every start of a cluster:
 * connections made as the preparing process ended). The primary's server closes before the workers
 * listen: a connection in between is refused, which a client or a balancer retries. Answers a
 * function that closes it; with a configuration the preparing process will refuse, nothing answers.
 */
async function answerWhilePreparingHere(): Promise<() => Promise<void>> {
  const [{ loadConfig, normaliseBasePath }, { answerWhilePreparing }] = await Promise.all([
    import('./config'),
    import('./http/while-preparing'),
  ]);
  let config;
  try {
    config = loadConfig();
  } catch {
    return async () => undefined;
  }
  if (config.port === 0) return async () => undefined;
  return answerWhilePreparing({ ...config, basePath: normaliseBasePath(config.basePath) });
}

/**
 * Under load V8 grows each worker's young generation to 16 MB semi-spaces; at 8 MB `bench/http`
 * measured the same CPU a request and 70–100 MB less resident memory across the workers (the RSS
 * budget is 400 MB). A size the operator gives (command line or NODE_OPTIONS) is kept.
 */
const WORKER_SEMI_SPACE = '--max-semi-space-size=8';
function workerExecArgv(): string[] {
  const given = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)].some((flag) =>
    flag.startsWith('--max-semi-space-size'),
  );
  return given ? process.execArgv : [...process.execArgv, WORKER_SEMI_SPACE];
}

/** Forks a process for `role`; resolves with its exit code. */
const forked = (role: string) =>
  new Promise<number>((resolve) => cluster.fork({ [ROLE]: role }).once('exit', (code) => resolve(code ?? 1)));

async function runPrimary(workers: number) {
  cluster.setupPrimary({ execArgv: workerExecArgv() });
  const stopAnswering = await answerWhilePreparingHere();
  const prepared = await forked('prepare').finally(stopAnswering);
  if (prepared !== 0) {
    console.error('Preparing the database failed; not starting.');
    process.exit(1);
  }
  let stopping = false;
  const start = (index: number) => {
    cluster.fork({ [ROLE]: String(index) }).once('exit', (code, signal) => {
      if (stopping) return;
      console.error(`worker ${index} exited (${signal ?? code}); starting it again`);
      setTimeout(() => start(index), 1000);
    });
  };
  for (let i = 0; i < workers; i++) start(i);
  // METRICS_PORT: the primary serves the sum of its workers' metrics (metrics/server.ts).
  const { loadConfig } = await import('./config');
  const { metrics } = loadConfig();
  if (metrics) {
    const { startMetricsServer } = await import('./metrics/server');
    console.log(`Metrics at ${(await startMetricsServer(metrics, { cluster: true })).url}`);
  }
  // Workers stop gracefully on SIGTERM; the primary waits for them (and a worker outlives its primary by nothing: it exits with it).
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      const running = Object.values(cluster.workers ?? {}).filter((w) => w !== undefined);
      let left = running.length;
      if (left === 0) process.exit(0);
      for (const worker of running) {
        worker.once('exit', () => --left === 0 && process.exit(0));
        worker.process.kill('SIGTERM');
      }
    });
  }
}

const role = process.env[ROLE];
if (cluster.isPrimary) {
  // A setting the workers would refuse stops the start once, not each worker as the primary restarts it.
  try {
    tracingProtocol(process.env);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  const workers = webConcurrency(process.env.WEB_CONCURRENCY);
  if (workers > 1) await runPrimary(workers);
  else await serve({ prepared: false, announce: true });
} else if (role === 'prepare') {
  await prepare();
  process.exit(0);
} else {
  const index = Number(role);
  // Worker 0 runs the job loop (unless JOB_WORKER turns it off); the others serve requests only.
  await serve({ prepared: true, jobWorker: index === 0 ? undefined : false, announce: index === 0 });
}
