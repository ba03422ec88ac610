import { describe, expect, it } from 'vitest';
import { useChildServers } from '../support/child-server';
import { postJson as post, signIn } from './support';

const WRITERS = 8;

describe('an acknowledged write and kill -9', () => {
  const children = useChildServers();

  it('every write the server acknowledged is there after the process is killed and started again', async () => {
    const place = await children.place('backroom-kill-');
    const running = await children.start(place);
    const token = await signIn(running.api);
    // Writers insert one category after another; the process is killed the moment the 40th answer arrives.
    const acknowledged: string[] = [];
    let killed = false;
    const writer = async (w: number) => {
      for (let i = 0; !killed; i++) {
        const code = `K${w}-${i}`;
        const answer = await post(
          running.api,
          '/DataRepository/Insert/category',
          { code, name: `Kill ${code}` },
          token,
        ).catch(() => null);
        if (killed || !answer) return;
        expect(answer.status).toBe(200);
        acknowledged.push(code);
        if (acknowledged.length === 40) {
          killed = true;
          running.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
    const [, signal] = await running.exited;
    expect(signal).toBe('SIGKILL');

    const server = await children.start(place);
    const stored = await post(
      server.api,
      '/DataRepository/fetch/category',
      { Take: 1000, filters: [{ ColumnName: 'code', ColumnValue: 'K', Operator: 'STARTSWITH' }] },
      await signIn(server.api),
    );
    const codes = (stored.body.data as { code: string }[]).map((row) => row.code);
    expect(acknowledged).toHaveLength(40);
    expect(codes).toEqual(expect.arrayContaining(acknowledged));
  }, 180_000);
});
