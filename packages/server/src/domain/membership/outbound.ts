import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
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

const bad = (message: string) => new ApiError(400, message, [{ field: 'endpoint', message }]);

export async function checkTarget(endpoint: string, allowPrivate: boolean): Promise<Target> {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw bad('Endpoint must be a web address starting with http:// or https://');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw bad('Endpoint must be a web address starting with http:// or https://');
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
  for (const { address } of addresses) {
    const range = ipaddr.process(address).range();
    if (range !== 'unicast' && !allowPrivate) throw bad(`Endpoint reaches a ${range} address (${address}); only public addresses are allowed`);
  }
  const [first] = addresses;
  if (!first) throw bad(`Endpoint: ${host} does not resolve`);
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}

export interface ConnectionResult {
  ok: boolean;
  status: number | null;
  latencyMs: number;
  message: string;
}

/** A GET to the checked target with the API key as a bearer token; whatever happens becomes the answer, never an exception. */
export function probe(target: Target, apiKey: string | null): Promise<ConnectionResult> {
  const started = performance.now();
  const pinned: LookupFunction = (_host, options, callback) => {
    if ((options as { all?: boolean }).all) (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const client = target.url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const done = (ok: boolean, status: number | null, message: string) => resolve({ ok, status, latencyMs: Math.round(performance.now() - started), message });
    const req = client.request(
      target.url,
      { method: 'GET', lookup: pinned, timeout: TIMEOUT_MS, headers: { accept: 'application/json', ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) } },
      (res) => {
        res.resume();
        const status = res.statusCode ?? 0;
        if (status >= 200 && status < 300) done(true, status, `Connected: the provider answered ${status}`);
        else if (status === 401 || status === 403) done(false, status, `The provider refused the API key (${status})`);
        else done(false, status, `The provider answered ${status}`);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`No answer within ${TIMEOUT_MS / 1000} s`)));
    req.on('error', (error) => done(false, null, `Could not connect: ${(error as NodeJS.ErrnoException).code ?? error.message}`));
    req.end();
  });
}
