import { readFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { useChildServers } from '../support/child-server';
import { database } from '../support/server';
import { send, signIn, STOPPING, type Answer } from './support';

const CLIENTS = 6;

const childrenOf = (pid: number) =>
  readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);

describe('SIGTERM under load', () => {
  const servers = useChildServers();

  for (const processes of [1, 2]) {
    it(`answers every request — written, or the API's 503 — and exits cleanly (${processes === 1 ? 'one process' : 'a cluster of two, every process signalled as systemd does'})`, async () => {
      const place = await servers.place('backroom-sigterm-');
      const running = await servers.start({ ...place, env: { WEB_CONCURRENCY: String(processes) } });
      const token = await signIn(running.api);
      let written = 0;
      let signalled = false;
      // Each client writes over its own kept-alive connections until the server answers that it is stopping.
      const client = async (c: number): Promise<Answer> => {
        const agent = new Agent({ keepAlive: true });
        try {
          for (let i = 0; ; i++) {
            const answer = await send(agent, `${running.api}/DataRepository/Insert/category`, {
              method: 'POST',
              token,
              body: { code: `S${c}-${i}`, name: `Sigterm ${c}-${i}` },
            });
            if (answer.status !== 200) return answer;
            if (++written === 30 && !signalled) {
              signalled = true;
              const pids =
                processes === 1 ? [running.child.pid!] : [running.child.pid!, ...childrenOf(running.child.pid!)];
              for (const pid of pids) process.kill(pid, 'SIGTERM');
            }
          }
        } finally {
          agent.destroy();
        }
      };
      const last = await Promise.all(Array.from({ length: CLIENTS }, (_, c) => client(c)));
      for (const answer of last) {
        expect(answer).toMatchObject(STOPPING);
        expect(answer.headers['retry-after']).toBe('5');
      }
      expect(await running.exited).toEqual([0, null]);
      // Nothing a request in flight ran met a closed database ("driver has already been destroyed").
      expect(running.output()).not.toMatch(/"level":(50|60)|destroyed/);
    }, 240_000);
  }

  // PostgreSQL: a lock held by another session stops the request at its first read, as long as needed.
  it.runIf(database === 'postgres')(
    'lets a request whose client gave up finish its reads before the database closes',
    async () => {
      const place = await servers.place('backroom-sigterm-');
      const running = await servers.start(place);
      const token = await signIn(running.api);
      // A row to read: the page is read after the count, on a connection of its own.
      const category = await send(new Agent(), `${running.api}/DataRepository/Insert/category`, {
        method: 'POST',
        token,
        body: { code: 'SIGTERM', name: 'Read while stopping' },
      });
      expect(category.status).toBe(200);
      const locker = new pg.Client({ connectionString: place.databaseUrl! });
      await locker.connect();
      try {
        await locker.query('begin');
        await locker.query('lock table category in access exclusive mode');
        const gaveUp = new AbortController();
        const request = fetch(`${running.api}/DataRepository/fetch/category`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: '{}',
          signal: gaveUp.signal,
        }).catch(() => 'gave up');
        await sleep(500);
        gaveUp.abort();
        expect(await request).toBe('gave up');
        running.child.kill('SIGTERM');
        // The server has begun to close (its drain is 1 s) before the request's first read can go on.
        await sleep(1_500);
        await locker.query('commit');
        expect(await running.exited).toEqual([0, null]);
        expect(running.output()).not.toMatch(/"level":(50|60)|destroyed/);
      } finally {
        await locker.end();
      }
    },
    60_000,
  );
});
