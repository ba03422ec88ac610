import { startServer } from './app';

const server = await startServer();
const { basePath } = server.app.ctx.config;
server.app.log.info(`Backroom is running at ${server.url}${basePath}/new/ (API ${server.url}${basePath}/core/api)`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void server.close().then(() => process.exit(0));
  });
}
