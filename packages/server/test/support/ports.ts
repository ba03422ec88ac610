import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/**
 * Where the kernel's own port numbers begin (`ip_local_port_range`): it hands out ports from there
 * up for `listen(0)` and for the local end of every outgoing connection. A port it gave a moment
 * ago and took back (the old `listen(0)` then close) could be given again to a connection before a
 * child server bound it — and another server then answered that child's health check (a SQLite
 * backup test found no database file; a cluster's scrape lost a worker, in a full CI run).
 */
const KERNEL_FIRST = (() => {
  try {
    return Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || 32_768;
  } catch {
    return 32_768;
  }
})();
const SPAN = 12_000;

/** Whether nothing listens on `port` of 127.0.0.1 right now. */
const isFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

/** A TCP port on 127.0.0.1 that nothing listens on right now, below the kernel's own (see KERNEL_FIRST). */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = KERNEL_FIRST - 1 - Math.floor(Math.random() * SPAN);
    if (await isFree(port)) return port;
  }
}
