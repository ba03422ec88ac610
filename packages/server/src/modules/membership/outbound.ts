import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { ApiError } from '../../http/envelope';

/**
 * Calls to addresses a user typed (an integration's endpoint) reach only public addresses unless
 * the server allows private ones (`ALLOW_PRIVATE_TARGETS`): the name is resolved once, every
 * address it has is checked, and the connection goes to a checked address — a DNS answer that
 * changes between the check and the call cannot redirect it. Redirects are not followed.
 */
export interface Target {
  url: URL;
  address: string;
  family: 4 | 6;
}

const TIMEOUT_MS = 5000;

const http400 = (field: string) => (message: string) => new ApiError(400, message, [{ field, message }]);

/**
 * The address as typed, checked without resolving it: a web address, and when its host is an IP
 * address or `localhost`, a public one unless allowed. For checks at save time, which must not
 * depend on DNS; `checkTarget` checks every resolved address before each call.
 */
export function checkAddress(endpoint: string, allowPrivate: boolean, field = 'endpoint'): URL {
  const bad = http400(field);
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw bad('Endpoint must be a web address starting with http:// or https://');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw bad('Endpoint must be a web address starting with http:// or https://');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate && /^localhost\.?$/i.test(host))
    throw bad('Endpoint reaches this server itself (localhost); only public addresses are allowed');
  if (ipaddr.isValid(host)) assertPublic(host, allowPrivate, bad);
  return url;
}

/** IPv6's global unicast block: every public IPv6 address is in it, and no IPv4 address is embedded in it but by a named range (6to4, Teredo). */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/**
 * Public: an IPv4 address of no special range, or an IPv6 one of no special range inside
 * 2000::/3. An allow-list, not a deny-list: IPv4-compatible (`::127.0.0.1`), NAT64
 * (`64:ff9b::…`), unspecified and any range ipaddr.js does not name all fall outside it.
 * IPv4-mapped addresses (`::ffff:127.0.0.1`) are judged as the IPv4 address they carry.
 */
function publicRange(address: string): string | null {
  const parsed = ipaddr.process(address);
  const range = parsed.range();
  if (range !== 'unicast') return range;
  if (parsed.kind() === 'ipv6' && !parsed.match(GLOBAL_UNICAST_V6)) return 'non-global IPv6';
  return null;
}

function assertPublic(address: string, allowPrivate: boolean, bad: (message: string) => ApiError): void {
  const range = publicRange(address);
  if (range !== null && !allowPrivate)
    throw bad(`Endpoint reaches a ${range} address (${address}); only public addresses are allowed`);
}

/** `field`: the input the address came from, as errors name it. */
export async function checkTarget(endpoint: string, allowPrivate: boolean, field = 'endpoint'): Promise<Target> {
  const bad = http400(field);
  const url = checkAddress(endpoint, allowPrivate, field);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  if (ipaddr.isValid(host)) addresses = [{ address: host, family: host.includes(':') ? 6 : 4 }];
  else {
    try {
      addresses = await lookup(host, { all: true });
    } catch {
      throw bad(`Endpoint: ${host} does not resolve`);
    }
  }
  for (const { address } of addresses) assertPublic(address, allowPrivate, bad);
  const [first] = addresses;
  if (!first) throw bad(`Endpoint: ${host} does not resolve`);
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}

export const connectionResult = z.object({
  ok: z.boolean(),
  status: z.number().int().nullable(),
  latencyMs: z.number(),
  message: z.string(),
});
export type ConnectionResult = z.infer<typeof connectionResult>;

export interface Answer {
  /** null when no answer came (no connection, timeout). */
  status: number | null;
  /** The answer's first `keep` bytes as text, or why there was no answer. */
  text: string;
  latencyMs: number;
}

/** A DNS lookup that answers the checked address only: a request with it connects where `checkTarget` looked. */
export function pinnedLookup(target: Target): LookupFunction {
  return (_host, lookupOptions, callback) => {
    if ((lookupOptions as { all?: boolean }).all)
      (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [
        { address: target.address, family: target.family },
      ]);
    else callback(null, target.address, target.family);
  };
}

/**
 * One request to the checked target, connecting to the checked address only; whatever happens
 * becomes the answer, never an exception. Keeps the first `keep` bytes of the answer.
 */
export function send(
  target: Target,
  options: {
    method: 'GET' | 'POST';
    headers: Record<string, string>;
    body?: string;
    keep?: number;
    timeoutMs?: number;
  },
): Promise<Answer> {
  const started = performance.now();
  const timeout = options.timeoutMs ?? TIMEOUT_MS;
  const keep = options.keep ?? 0;
  const pinned = pinnedLookup(target);
  const client = target.url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const done = (status: number | null, text: string) => {
      if (settled) return;
      settled = true;
      resolve({ status, text, latencyMs: Math.round(performance.now() - started) });
    };
    const req = client.request(
      target.url,
      { method: options.method, lookup: pinned, timeout, headers: options.headers },
      (res) => {
        const chunks: Buffer[] = [];
        let length = 0;
        res.on('data', (chunk: Buffer) => {
          if (length < keep) chunks.push(chunk.subarray(0, keep - length));
          length += chunk.length;
        });
        res.on('end', () => done(res.statusCode ?? 0, Buffer.concat(chunks).toString('utf8')));
        res.on('error', () => done(res.statusCode ?? 0, Buffer.concat(chunks).toString('utf8')));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`No answer within ${timeout / 1000} s`)));
    req.on('error', (error) =>
      done(null, `Could not connect: ${(error as NodeJS.ErrnoException).code ?? error.message}`),
    );
    req.end(options.body);
  });
}

/** A GET to the checked target with the API key as a bearer token; whatever happens becomes the answer, never an exception. */
export async function probe(target: Target, apiKey: string | null): Promise<ConnectionResult> {
  const answer = await send(target, {
    method: 'GET',
    headers: { accept: 'application/json', ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
  });
  const { status, latencyMs } = answer;
  if (status === null) return { ok: false, status, latencyMs, message: answer.text };
  if (status >= 200 && status < 300)
    return { ok: true, status, latencyMs, message: `Connected: the provider answered ${status}` };
  if (status === 401 || status === 403)
    return { ok: false, status, latencyMs, message: `The provider refused the API key (${status})` };
  return { ok: false, status, latencyMs, message: `The provider answered ${status}` };
}
