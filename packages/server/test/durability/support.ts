import { Agent, request } from 'node:http';
import { expect } from 'vitest';

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: { resultCode: number; message: string; data: unknown };
}

/**
 * One request through `agent`, on one of its kept-alive connections when it has one; rejects when
 * the connection ends without an answer.
 */
export function send(
  agent: Agent,
  url: string,
  options: { method?: string; token?: string; body?: unknown } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    const req = request(url, {
      agent,
      method: options.method ?? 'GET',
      headers: {
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('error', reject);
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: JSON.parse(text) }));
    });
    req.end(body);
  });
}

/** The answer of a server that is stopping: the API's envelope, 503. */
export const STOPPING = {
  status: 503,
  body: { resultCode: 503, message: expect.stringMatching(/stopping/), data: null, requestId: expect.any(String) },
};

/** The demo administrator's access token on the server at `api`. */
export async function signIn(api: string): Promise<string> {
  const answer = await send(new Agent(), `${api}/Authentication/Login`, {
    method: 'POST',
    body: { userName: 'admin', password: 'Admin@123' },
  });
  return (answer.body.data as { token: { accessToken: string } }).token.accessToken;
}

/** One JSON POST with fetch (a fresh connection each time is fine here), answered as status and parsed body. */
export async function postJson(api: string, path: string, body: unknown, token?: string) {
  const response = await fetch(`${api}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { data: unknown } };
}
