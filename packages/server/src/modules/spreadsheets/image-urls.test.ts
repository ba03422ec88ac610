import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { IMAGE_FAILURES } from '@backroom/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkTarget } from '../membership/index';
import { checkedGet, FetchRefused } from './image-urls';

/** The images job's download: every redirect's address is checked again, not only the first. */
let inside: Server;
let outside: Server;
let insideUrl = '';
let outsideUrl = '';
let insideHits = 0;

beforeAll(async () => {
  inside = createServer((_req, res) => {
    insideHits++;
    res.writeHead(200, { 'content-type': 'image/png' }).end('png');
  });
  await new Promise<void>((resolve) => inside.listen(0, '127.0.0.1', resolve));
  insideUrl = `http://127.0.0.1:${(inside.address() as AddressInfo).port}/secret.png`;
  // Plays a public image host whose answer sends the server on to an address of its own network.
  outside = createServer((_req, res) => res.writeHead(302, { location: insideUrl }).end());
  await new Promise<void>((resolve) => outside.listen(0, '127.0.0.1', resolve));
  outsideUrl = `http://127.0.0.1:${(outside.address() as AddressInfo).port}/tee.png`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => inside.close(() => resolve()));
  await new Promise<void>((resolve) => outside.close(() => resolve()));
});

describe('a redirect to a private address', () => {
  // The first address stands for a public one (the test has no public host): it alone passes as if
  // private targets were allowed; every other address is checked as a server that allows none checks it.
  const publicFirst = (address: string) => checkTarget(address, address === outsideUrl, 'url');

  it('is refused when private targets are not allowed, and the private address is never called', async () => {
    const refused = await checkedGet(outsideUrl, publicFirst).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(FetchRefused);
    expect((refused as Error).message).toBe(IMAGE_FAILURES.notPublic({ address: '127.0.0.1' }));
    expect(insideHits).toBe(0);
  });

  it('is followed when they are (ALLOW_PRIVATE_TARGETS)', async () => {
    const answer = await checkedGet(outsideUrl, (address) => checkTarget(address, true, 'url'));
    expect(answer.statusCode).toBe(200);
    answer.resume();
    expect(insideHits).toBe(1);
  });
});
