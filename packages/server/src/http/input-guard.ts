import type { FastifyInstance } from 'fastify';
import { validationError } from './envelope';

/** Path (dot-joined) of the first string or key holding a NUL character; walked without recursion. */
function nulPath(root: unknown, prefix: string): string | null {
  const pending: [unknown, string][] = [[root, prefix]];
  while (pending.length > 0) {
    const [value, path] = pending.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return path || 'body';
    } else if (value !== null && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        const childPath = path ? `${path}.${key}` : key;
        if (key.includes('\u0000')) return childPath;
        pending.push([child, childPath]);
      }
    }
  }
  return null;
}

/**
 * PostgreSQL text cannot hold NUL characters; refuse them up front (400) for both databases alike
 * instead of letting the driver fail with a 500.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const field = nulPath(request.params, '') ?? nulPath(request.query, '') ?? nulPath(request.body, '');
    if (field !== null) throw validationError([{ field, message: 'Must not contain NUL characters' }]);
  });
}
