import { request, type IncomingHttpHeaders } from 'node:http';
import type { TestServer } from './server';

export interface AnswerFrom {
  status: number;
  headers: IncomingHttpHeaders;
  body: { message?: string; errors?: { field: string }[] } | null;
}

/**
 * A JSON call to `{api}{path}` from the local address `from`: the test server listens on
 * 127.0.0.1, which every address of 127/8 reaches, so each is a caller of its own (an attacker's
 * addresses, the owner's).
 */
export function callFrom(
  t: Pick<TestServer, 'api'>,
  from: string,
  method: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<AnswerFrom> {
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      new URL(`${t.api}${path}`),
      {
        method,
        localAddress: from,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: res.statusCode!,
            headers: res.headers,
            body: raw.startsWith('{') ? JSON.parse(raw) : null,
          });
        });
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}
