import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './ports';

const run = promisify(execFile);

/**
 * A PostgreSQL cluster of its own, in a temporary folder on a free port, that a test may stop and
 * start at will without disturbing the shared server. PostgreSQL refuses to run as root: under
 * root the cluster belongs to the `postgres` user and every command runs through `runuser`.
 */
export interface PrivatePostgres {
  /** `postgres://postgres@127.0.0.1:{port}/postgres` */
  url: string;
  /** Stops the server at once, as a crash would (`pg_ctl stop -m immediate`). */
  stop(): Promise<void>;
  /** Starts it again and waits until it accepts connections. */
  start(): Promise<void>;
  /** Stops it and deletes its folder; safe to call more than once. */
  destroy(): Promise<void>;
}

/** The newest installed server's binaries (`PG_BIN` overrides). */
function binDir(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'pg_ctl'))) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest) throw new Error('No PostgreSQL server binaries found under /usr/lib/postgresql (set PG_BIN)');
  return join(root, newest, 'bin');
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = binDir();
  const asRoot = process.getuid?.() === 0;
  const folder = mkdtempSync(join(tmpdir(), 'backroom-pg-'));
  const data = join(folder, 'data');
  const port = await freePort();
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
    chownSync(folder, uid, gid);
  }
  const command = (tool: string, args: string[]): [string, string[]] =>
    asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]] : [join(bin, tool), args];
  const pgCtl = async (...args: string[]) => {
    await run(...command('pg_ctl', ['-D', data, ...args]));
  };
  // The socket goes into the cluster's own folder; fsync off: the data is thrown away anyway.
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  const start = () => pgCtl('-l', join(folder, 'server.log'), '-o', options, '-w', '-t', '30', 'start');
  const stopNow = () =>
    execFileSync(...command('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']), { stdio: 'ignore' });

  let destroyed = false;
  // Also run when the test runner exits without running its hooks: the cluster never outlives it.
  const onExit = () => {
    try {
      stopNow();
    } catch {
      // Not running.
    }
    rmSync(folder, { recursive: true, force: true });
  };
  const destroy = async () => {
    if (destroyed) return;
    destroyed = true;
    process.off('exit', onExit);
    onExit();
  };

  try {
    await run(
      ...command('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']),
    );
    process.on('exit', onExit);
    await start();
  } catch (error) {
    await destroy();
    throw error;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => pgCtl('-m', 'immediate', '-w', 'stop'),
    start,
    destroy,
  };
}
