import { readFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { describe, expect, it } from 'vitest';
import { useChildServers } from '../support/child-server';
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
});
