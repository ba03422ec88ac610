import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The connection parameters a `postgres://` URL's query may carry, as libpq's environment names them. */
const QUERY_VARIABLES: Record<string, string> = {
  host: 'PGHOST',
  port: 'PGPORT',
  sslmode: 'PGSSLMODE',
  sslrootcert: 'PGSSLROOTCERT',
  sslcert: 'PGSSLCERT',
  sslkey: 'PGSSLKEY',
  connect_timeout: 'PGCONNECT_TIMEOUT',
  application_name: 'PGAPPNAME',
};

/**
 * A database URL as libpq's environment variables (PGHOST, PGPORT, PGUSER, PGPASSWORD, PGDATABASE,
 * and the query's SSL settings). A tool run with these instead of `--dbname=<url>` keeps the
 * password out of its command line, which any user of the machine can read in the process list.
 */
export function libpqEnv(databaseUrl: string): Record<string, string> {
  const url = new URL(databaseUrl);
  const env: Record<string, string> = {};
  const set = (name: string, value: string) => {
    if (value) env[name] = decodeURIComponent(value);
  };
  set('PGHOST', url.hostname.replace(/^\[(.*)\]$/, '$1'));
  set('PGPORT', url.port);
  set('PGUSER', url.username);
  set('PGPASSWORD', url.password);
  set('PGDATABASE', url.pathname.replace(/^\//, ''));
  for (const [key, value] of url.searchParams) {
    const name = QUERY_VARIABLES[key];
    if (name) env[name] = value;
  }
  return env;
}

/**
 * Runs `pg_dump` or `pg_restore`, on the database `databaseUrl` names when given (through libpq's
 * environment, never the command line). Answers what the tool printed; throws an error naming the
 * tool and what it said, or that it is not installed.
 */
export async function runPgTool(
  tool: 'pg_dump' | 'pg_restore',
  args: string[],
  options: { databaseUrl?: string; maxBuffer?: number } = {},
): Promise<string> {
  const connection = options.databaseUrl ? libpqEnv(options.databaseUrl) : undefined;
  // pg_restore writes into a database only when named one; the rest of the connection stays in the environment.
  const database = connection?.PGDATABASE ? [`--dbname=${connection.PGDATABASE}`] : [];
  try {
    const { stdout } = await run(tool, [...database, ...args], {
      maxBuffer: options.maxBuffer ?? 16 * 1024 * 1024,
      env: { ...process.env, ...connection },
    });
    return stdout;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error(
        `${tool} was not found on the PATH: install the PostgreSQL client tools of the server’s version`,
        {
          cause: error,
        },
      );
    }
    throw new Error(`${tool} failed: ${(error as { stderr?: string }).stderr?.trim() || String(error)}`, {
      cause: error,
    });
  }
}
