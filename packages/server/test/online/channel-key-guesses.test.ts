import { describe, expect, it } from 'vitest';
import { callFrom } from '../support/from-address';
import { useOnlineWorld } from './support';

const LIMIT = 10;
const w = useOnlineWorld({ config: { rateLimit: { windowSeconds: 60, perAddress: LIMIT, perUser: LIMIT } } });

const placeFrom = (from: string, key: string) =>
  callFrom(w, from, 'POST', '/onlinesalesorder/Place', {}, { 'x-channel-key': key });

describe('guessing online channel keys', () => {
  it('checks at most the limit of 60 parallel wrong keys from one address; then even the right key gets 429 there', async () => {
    const { key } = await w.newChannel();
    const guesses = await Promise.all(
      Array.from({ length: 60 }, (_, i) => placeFrom('127.0.4.1', `wrong-key-guess-number-${i}`)),
    );
    const statuses = guesses.map((g) => g.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(60 - LIMIT);
    expect(Number(guesses.find((g) => g.status === 429)!.headers['retry-after'])).toBeGreaterThan(0);
    expect((await placeFrom('127.0.4.1', key)).status).toBe(429);
    // The storefront, at its own address, gets past the key (to the order's own checks).
    const storefront = await placeFrom('127.0.4.2', key);
    expect(storefront.status).toBe(400);
    expect(storefront.body?.errors?.length).toBeGreaterThan(0);
  });

  it('does not count a storefront’s calls with the right key, however many', async () => {
    const { key } = await w.newChannel();
    // One after another: each call's hit is counted while its key is checked, then taken back.
    const statuses = [];
    for (let i = 0; i < LIMIT * 3; i++) statuses.push((await placeFrom('127.0.4.3', key)).status);
    expect(statuses).toEqual(Array(LIMIT * 3).fill(400));
  });
});
