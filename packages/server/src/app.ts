import { registerSessionCheckCache } from './http/session-check-cache';
import { join } from 'node:path';
import { loggerOptions, logRequestsAtDebug } from './http/log';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import type { Transporter } from 'nodemailer';
import { configurePasswordHashing, prepareDummyHash } from './crypto/passwords';
import { loadServerKeys } from './crypto/server-secret';
import { loadConfig, normaliseBasePath, type Config } from './config';
import type { AppContext } from './context';
import { openDatabase } from './db/connect';
import { prepareDatabase } from './prepare';
import { registerFileRoutes } from './files/routes';
import { frameworkErrors, registerErrorHandlers } from './http/errors';
import { registerInputGuard } from './http/input-guard';
import { genReqId, setRequestIdHeader } from './http/request-id';
import { securityHeaders } from './http/security-headers';
import { answerWhilePreparing } from './http/while-preparing';
import { registerSwitchedOffModules } from './http/switched-off-modules';
import { registerInfoRoutes } from './info/routes';
import { registerOpenApiRoutes, watchRoutes } from './openapi/routes';
import { createMailer } from './mail/mailer';
import { registerPrintRoutes } from './print/routes';
import { registerProcedureRoutes } from './procedures/routes';
import { registerSpaRoutes } from './spa/routes';
import { registerDataRoutes } from './data/routes';
import { registerJobs } from './jobs/index';
import { workerSettings } from './jobs/worker';
import { composeModules, registerModuleRoutes } from './modules/compose';
import { installEventHandlers } from './modules/events';
import { MODULES } from './module-list';
import { registerMetrics, startMetricsServer, type MetricsServer } from './metrics/index';
import { handlersAnswered, registerShutdown, stopGracefully } from './shutdown';

export { authenticate, requireAuth, requirePrivilege, assertPrivilege, privilegesOf } from './http/auth-guard';
export type { AuthContext, PrivilegeAction, PrivilegeFlags } from './http/auth-guard';
export type { Config } from './config';

const BODY_LIMIT_BYTES = 1024 * 1024;

const hopsTrusted = (hops: number) => (_address: string, hop: number) => hop < hops;

export interface BuildOptions {
  /** Overrides of the environment's configuration. */
  config?: Partial<Config>;
  /** Replaces the SMTP / log mail transport (tests capture reset codes with it). */
  mailTransport?: Transporter;
  logger?: FastifyServerOptions['logger'];
  /** Sees every route as it is registered (the fuzz test walks them all). */
  onRoute?: (route: RouteOptions) => void;
  /** The database was prepared by the process that started this one (a cluster worker): no migrations or seed here. */
  prepared?: boolean;
  /** Runs the background job loop in this process; default: JOB_WORKER (jobs/worker.ts). */
  jobWorker?: boolean;
  /** startServer: say where the console is once listening (one process of a cluster says it; the others listen quietly). */
  announce?: boolean;
  /** startServer: a cluster worker counts metrics but leaves serving them to its primary (main.ts). */
  metricsServedElsewhere?: boolean;
  /** While it migrates and builds, the configured port answers liveness 200 and all else 503 (http/while-preparing.ts); startServer's. */
  answerWhileStarting?: boolean;
}

/** A ready Fastify app: database migrated and seeded (unless `prepared`), every route registered. */
export async function buildApp(options: BuildOptions = {}): Promise<FastifyInstance> {
  const config: Config = { ...loadConfig(), ...options.config };
  // A data folder given in code (tests, benches) keeps its backups in it, unless BACKUP_DIR or the code says otherwise.
  if (
    options.config?.dataDir !== undefined &&
    options.config.backups === undefined &&
    !process.env.BACKUP_DIR?.trim()
  ) {
    config.backups = { ...config.backups, dir: join(config.dataDir, 'backups') };
  }
  config.basePath = normaliseBasePath(config.basePath);
  const setSecurityHeaders = securityHeaders(config.basePath);
  const app = Fastify({
    logger: options.logger ?? loggerOptions(),
    // Fastify's two lines a request are debug noise: logRequestsAtDebug writes one, at debug.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT_BYTES,
    routerOptions: { caseSensitive: false, maxParamLength: 500 },
    // A closing server answers with the API's envelope (shutdown.ts), not Fastify's bare 503.
    return503OnClosing: false,
    genReqId,
    frameworkErrors: (error, request, reply) => {
      setSecurityHeaders(request, reply);
      setRequestIdHeader(request, reply);
      return frameworkErrors(error, request, reply);
    },
    // A hop count trusts that many proxies nearest the server.
    trustProxy: typeof config.trustProxy === 'number' ? hopsTrusted(config.trustProxy) : config.trustProxy,
  });
  configurePasswordHashing(config.passwordHashing);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  const routes = watchRoutes(app);
  logRequestsAtDebug(app);

  const onConnectionError = (error: Error) => app.log.error({ err: error }, 'database connection failed');
  // Migrations and the seed on connections of their own, without the serving time limits.
  installEventHandlers(MODULES);
  const stopAnswering =
    options.answerWhileStarting && !options.prepared && config.port !== 0
      ? await answerWhilePreparing(config).catch(async (error: unknown) => {
          await app.close();
          throw error;
        })
      : undefined;
  try {
    if (!options.prepared) await prepareDatabase(config, MODULES, onConnectionError);
  } catch (error) {
    await stopAnswering?.();
    await app.close();
    throw error;
  }
  const { kysely: db, dialect } = openDatabase({ ...config, onConnectionError });
  app.addHook('onClose', async () => {
    await handlersAnswered(app);
    await db.destroy();
  });
  try {
    const keys = await loadServerKeys(db, config.jwtSecret);
    await prepareDummyHash();
    const ctx: AppContext = {
      config,
      db,
      dialect,
      ...keys,
      mailer: createMailer({ smtpUrl: config.smtpUrl, transport: options.mailTransport, logger: app.log }),
    };
    app.decorate('ctx', ctx);
    app.decorateRequest('auth', null);
    app.addHook('onRequest', async (request, reply) => {
      setSecurityHeaders(request, reply);
      setRequestIdHeader(request, reply);
    });
    registerShutdown(app);
    if (config.metrics) registerMetrics(app);
    registerErrorHandlers(app);
    registerInputGuard(app);
    registerSessionCheckCache(app);

    composeModules(app, MODULES);

    const core = `${config.basePath}/core`;
    const api = `${core}/api`;
    const at = { base: config.basePath, core, api, legacy: `${config.basePath}/WebAPI` };
    registerSwitchedOffModules(app, api);
    registerInfoRoutes(app, core, api);
    registerProcedureRoutes(app, api);
    registerPrintRoutes(app, at.base);
    await registerDataRoutes(app, api);
    await registerModuleRoutes(app, MODULES, at);
    const jobs = workerSettings();
    await registerJobs(app, api, { ...jobs, enabled: options.jobWorker ?? jobs.enabled });
    await registerSpaRoutes(app);
    await registerFileRoutes(app);
    registerOpenApiRoutes(app, api, routes);
    await app.ready();
  } catch (error) {
    await app.close();
    throw error;
  } finally {
    await stopAnswering?.();
  }
  return app;
}

export interface RunningServer {
  app: FastifyInstance;
  /** Origin the server answers on, e.g. `http://127.0.0.1:3000`. */
  url: string;
  /** Where Prometheus scrapes this process (METRICS_PORT), e.g. `http://127.0.0.1:9464/metrics`. */
  metricsUrl?: string;
  close(): Promise<void>;
  /** SIGTERM's stop: requests in flight and running jobs finish or are handed back (shutdown.ts). */
  stop(): Promise<void>;
}

export async function startServer(options: BuildOptions = {}): Promise<RunningServer> {
  const app = await buildApp({ answerWhileStarting: true, ...options });
  const { host, port } = app.ctx.config;
  let metricsServer: MetricsServer | undefined;
  const { level } = app.log;
  if (options.announce === false) app.log.level = 'warn';
  await app.listen({
    host,
    port,
    listenTextResolver: (address) => `Backroom is running at ${address}${app.ctx.config.basePath}/new/`,
  });
  app.log.level = level;
  const { metrics } = app.ctx.config;
  if (metrics && !options.metricsServedElsewhere) {
    metricsServer = await startMetricsServer(metrics);
  }
  const address = app.server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const shownHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return {
    app,
    url: `http://${shownHost}:${actualPort}`,
    metricsUrl: metricsServer?.url,
    close: () => app.close().finally(() => metricsServer?.close()),
    stop: () => stopGracefully(app, app.ctx.config.shutdownGraceMs).finally(() => metricsServer?.close()),
  };
}
