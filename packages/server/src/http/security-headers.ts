import type { FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';

/**
 * The console's Content-Security-Policy: scripts, styles and connections from this origin only
 * (no inline script anywhere; the build emits none), images also as data:/blob: URLs (QR codes,
 * previews), no plugins, and no framing by any page.
 */
export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Security headers for every answer — API, console, files, errors, 404s and malformed addresses
 * (applied from `onRequest` and from the router's own error path, so they are in place before any
 * handler or error handler runs):
 * - helmet's set, built once: the CSP above, `X-Frame-Options: DENY`, `X-Content-Type-Options:
 *   nosniff`, `Referrer-Policy: no-referrer`, cross-origin isolation of windows and resources.
 *   No `upgrade-insecure-requests`: a shop's LAN server on plain HTTP must keep working.
 * - `Cache-Control: no-store` on every answer but the console's and uploaded files': the API
 *   (`{base}/core/…`), the legacy API (`{base}/WebAPI/…`, export downloads included), print,
 *   uploads and errors carry tokens or user data. A route that serves public data may say
 *   otherwise for itself (the online menu). Exempting by prefix, not listing the API's, keeps a
 *   family added later uncacheable without anyone remembering to add it here.
 * - HSTS only when the request came over HTTPS (with TRUST_PROXY, as X-Forwarded-Proto says).
 * Uploaded files may be shown by other sites' pages (product images), so they are cross-origin
 * resources; their own route narrows the CSP further.
 */
export function securityHeaders(basePath: string): (request: FastifyRequest, reply: FastifyReply) => void {
  const filesPrefix = `${basePath}/files/`.toLowerCase();
  const consolePath = `${basePath}/new`.toLowerCase();
  const cacheable = (path: string) =>
    path.startsWith(filesPrefix) || path === consolePath || path.startsWith(`${consolePath}/`);
  const setHelmetHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    strictTransportSecurity: false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  const next = () => {};
  return (request, reply) => {
    // Sets the headers on the raw response and calls `next` synchronously (throwing on failure).
    void setHelmetHeaders(request.raw, reply.raw, next);
    const path = request.url.toLowerCase().split('?')[0]!;
    if (!cacheable(path)) reply.header('Cache-Control', 'no-store');
    else if (path.startsWith(filesPrefix)) reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
  };
}
