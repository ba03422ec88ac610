import { beforeAll, describe, expect, it } from 'vitest';
import { callFrom } from '../support/from-address';
import { useTestServer } from '../support/harness';
import { insert } from '../pricing/shop';
import { openTills, pairingCode, type TillWorld } from './support';

const LIMIT = 10;
const t = useTestServer({
  users: ['admin'],
  config: { rateLimit: { windowSeconds: 60, perAddress: LIMIT, perUser: LIMIT } },
});
let world: TillWorld;

beforeAll(async () => {
  world = await openTills(t);
});

const pairFrom = (from: string, code: string, deviceId: string) =>
  callFrom(t, from, 'POST', '/pointofsale/Pair', { code, deviceId });

describe('guessing pairing codes', () => {
  it('checks at most the limit of 60 parallel wrong codes from one address; the rest, and then the right code, get 429 with Retry-After', async () => {
    const terminal = await insert(t, 'pointofsale', { code: 'GUESS1', name: 'Till', outlet: world.outlet.id });
    const code = await pairingCode(t, terminal.id);
    const guesses = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        pairFrom('127.0.3.1', `AAAA-${String(i).padStart(4, 'A').replace(/\d/g, 'B')}`, `guess-${i}`),
      ),
    );
    const statuses = guesses.map((g) => g.status);
    expect(statuses.filter((s) => s === 400)).toHaveLength(LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(60 - LIMIT);
    const refused = guesses.find((g) => g.status === 429)!;
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((await pairFrom('127.0.3.1', code, 'till-1')).status).toBe(429);
    // The real till, elsewhere, pairs.
    expect((await pairFrom('127.0.3.2', code, 'till-1')).status).toBe(200);
  });

  it('does not count right codes: one address pairs more tills than the limit', async () => {
    for (let i = 0; i < LIMIT + 3; i++) {
      const terminal = await insert(t, 'pointofsale', { code: `MANY${i}`, name: 'Till', outlet: world.outlet.id });
      const res = await pairFrom('127.0.3.3', await pairingCode(t, terminal.id), `many-${i}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
  });
});
