import { once } from 'node:events';
import { createServer } from 'node:http';
import { genReqId } from './request-id';

const PREPARING = 'Starting: database migrations running';

/**
 * While a start migrates and seeds, its port answers already: `{base}/core/health/live` 200 (the
 * process is alive), everything else — readiness first — 503 with the reason, so a balancer sees a
 * starting server as not ready rather than refused, and a liveness probe does not restart it in the
 * middle of a long migration. A plain `node:http` server (the app is not built yet); the returned
 * function closes it and its connections (every answer says `Connection: close`) so the app can
 * listen on the same port. Not for port 0: nobody could be probing an unknown port.
 */
export async function answerWhilePreparing(at: {
  host: string;
  port: number;
  basePath: string;
}): Promise<() => Promise<void>> {
  const live = `${at.basePath}/core/health/live`.toLowerCase();
  const server = createServer((request, response) => {
    const requestId = genReqId(request);
    const path = (request.url ?? '').split('?', 1)[0].toLowerCase();
    const alive = (request.method === 'GET' || request.method === 'HEAD') && path === live;
    const headers = {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      'x-request-id': requestId,
      connection: 'close',
    };
    if (alive) {
      response.writeHead(200, headers).end(JSON.stringify({ resultCode: 200, message: 'OK', data: { process: 'ok' } }));
    } else {
      response
        .writeHead(503, { ...headers, 'retry-after': '5' })
        .end(JSON.stringify({ resultCode: 503, message: PREPARING, data: null, requestId }));
    }
  });
  server.listen({ host: at.host, port: at.port });
  await once(server, 'listening');
  return async () => {
    const closed = new Promise((resolve) => server.close(resolve));
    server.closeAllConnections();
    await closed;
  };
}
