import type { FastifyRequest } from 'fastify';

/** Whether the request's If-None-Match names `etag` (weak or strong): the caller's copy is current (304). */
export function matchesEtag(request: FastifyRequest, etag: string): boolean {
  const sent = request.headers['if-none-match'];
  return typeof sent === 'string' && sent.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** Whether the request's Accept-Encoding takes `coding` (listed, and not with q=0). */
export function acceptsEncoding(request: FastifyRequest, coding: 'br' | 'gzip'): boolean {
  const header = request.headers['accept-encoding'];
  if (typeof header !== 'string') return false;
  return header.split(',').some((part) => {
    const [name, ...params] = part.split(';');
    return name!.trim().toLowerCase() === coding && !params.some((p) => /^\s*q=0(\.0*)?\s*$/i.test(p));
  });
}
