import type { FastifyInstance, FastifyServerOptions } from 'fastify';

/**
 * How the server logs (docs/decisions/web-console.md, "A quiet start"): at LOG_LEVEL (default
 * `info`); for a person when stdout is a terminal — one line `hh:mm:ss LEVEL message` — and pino's
 * JSON lines when it is not (a service manager, a pipe, a file) or when LOG_FORMAT=json asks.
 * LOG_FORMAT=pretty asks for the readable form anywhere.
 */
export function loggerOptions(
  env: NodeJS.ProcessEnv = process.env,
  out: NodeJS.WriteStream = process.stdout,
): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  const level = env.LOG_LEVEL ?? 'info';
  const format = env.LOG_FORMAT ?? (out.isTTY ? 'pretty' : 'json');
  return format === 'pretty' ? { level, stream: readableLines(out) } : { level };
}

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
/** Fields pino adds to every line: said by the line's shape, not repeated after the message. */
const OWN = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'err']);

/** A destination for pino that turns each JSON line into `hh:mm:ss LEVEL message {other fields}` and the error's stack. */
function readableLines(out: NodeJS.WritableStream) {
  return {
    write(line: string) {
      let entry: Record<string, unknown>;
      try {
        entry = JSON.parse(line) as Record<string, unknown>;
      } catch {
        out.write(line);
        return;
      }
      const time = new Date(Number(entry.time)).toTimeString().slice(0, 8);
      const level = LEVELS[Number(entry.level)] ?? String(entry.level);
      const rest = Object.fromEntries(Object.entries(entry).filter(([key]) => !OWN.has(key)));
      const extra = Object.keys(rest).length > 0 ? ` ${JSON.stringify(rest)}` : '';
      const err = entry.err as { stack?: string; message?: string } | undefined;
      const stack = err ? `\n${err.stack ?? err.message ?? ''}` : '';
      // The request's id (its X-Request-Id, an error envelope's requestId) leads a request's lines.
      const reqId = entry.reqId === undefined ? '' : `[${String(entry.reqId)}] `;
      out.write(`${time} ${level.padEnd(5)} ${reqId}${String(entry.msg ?? '')}${extra}${stack}\n`);
    },
  };
}

/** One line per answered request, at debug (Fastify's own two lines a request are turned off). */
export function logRequestsAtDebug(app: FastifyInstance): void {
  if (app.log.level !== 'debug' && app.log.level !== 'trace') return;
  app.addHook('onResponse', async (request, reply) => {
    request.log.debug(`${request.method} ${request.url} ${reply.statusCode} ${reply.elapsedTime.toFixed(0)} ms`);
  });
}
