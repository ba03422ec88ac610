import { readFile, stat } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import { logoutPath } from '@backroom/schema';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { documented } from '../http/openapi-contract';

const NOT_BUILT = 'The console has not been built yet. Run `npm run build` in the repository root, then reload.';

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** Points the document's `<base href>` at where the console is served, whatever the build wrote. */
export function rewriteBaseHref(html: string, href: string): string {
  const tag = `<base href="${escapeAttribute(href)}">`;
  if (/<base\b[^>]*>/i.test(html)) return html.replace(/<base\b[^>]*>/i, tag);
  return html.replace(/<head\b[^>]*>/i, (head) => `${head}${tag}`);
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/**
 * The console under `{base}/new/`: files of WEB_DIST, index.html for every other path (SPA fallback).
 * Files go out as the build compressed them (`.br`, `.gz` beside each; the browser's Accept-Encoding
 * chooses, `Vary: Accept-Encoding`); hashed assets are cached for a year as immutable, everything
 * else (index.html, translations, themes) is revalidated on each use.
 */
export async function registerSpaRoutes(app: FastifyInstance): Promise<void> {
  const { basePath, webDist } = app.ctx.config;
  const root = resolve(webDist);
  const consolePath = `${basePath}/new/`;
  await app.register(fastifyStatic, { root, serve: false, preCompressed: true });

  const sendIndex = async (reply: FastifyReply) => {
    let html: string;
    try {
      html = await readFile(resolve(root, 'index.html'), 'utf8');
    } catch {
      return reply.code(503).type('text/plain; charset=utf-8').header('Cache-Control', 'no-store').send(NOT_BUILT);
    }
    return reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(rewriteBaseHref(html, consolePath));
  };

  app.get<{ Params: { '*': string } }>(
    `${basePath}/new/*`,
    documented({ summary: 'The console: its files, index.html for every other path', auth: 'none', produces: 'html' }),
    async (request, reply) => {
      const relative = request.params['*'];
      const full = resolve(root, relative);
      if (relative !== '' && relative !== 'index.html' && full.startsWith(root + sep) && (await isFile(full))) {
        const hashedAsset = relative.startsWith('assets/');
        if (!hashedAsset) reply.header('Cache-Control', 'no-cache');
        return reply.sendFile(
          relative,
          root,
          hashedAsset ? { maxAge: '365d', immutable: true } : { cacheControl: false },
        );
      }
      return sendIndex(reply);
    },
  );

  const redirect = async (_request: unknown, reply: FastifyReply) => reply.redirect(consolePath, 302);
  // The logout target too (`/shop` under `/Shop/Setup`): the console leads there after logout.
  const loggedOut = logoutPath(basePath);
  // Paths are matched ignoring case (app.ts): `/Shop` and `/shop` are one route.
  for (const path of new Set(
    ['/', basePath || '/', `${basePath}/`, `${basePath}/new`, loggedOut || '/', `${loggedOut}/`].map((p) =>
      p.toLowerCase(),
    ),
  ))
    app.get(path, documented({ summary: 'A redirect to the console', auth: 'none', produces: 'redirect' }), redirect);
}
