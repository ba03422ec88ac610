import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { acceptsEncoding, matchesEtag } from '../http/conditional';
import { documented } from '../http/openapi-contract';
import { API_VERSION } from '../info/routes';
import { buildDocument, type OpenApiDocument } from './document';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's OpenAPI document, built on first use from every route registered (openapi/document.ts). */
    openapiDocument(): OpenApiDocument;
  }
}

type SeenRoute = Pick<RouteOptions, 'method' | 'url' | 'config'>;

/** Keeps every route as it is registered, for the document: call before any route is. */
export function watchRoutes(app: FastifyInstance): SeenRoute[] {
  const routes: SeenRoute[] = [];
  app.addHook('onRoute', (route) => {
    routes.push({ method: route.method, url: route.url, config: route.config });
  });
  return routes;
}

/**
 * `GET {api}/openapi.json`: the OpenAPI 3.1 document, public like any published API description
 * (it holds no data; every call it describes still asks for its own sign-in). The console's API
 * screen shows it to a signed-in user.
 */
export function registerOpenApiRoutes(app: FastifyInstance, apiPrefix: string, routes: readonly SeenRoute[]): void {
  const { basePath, buildNumber } = app.ctx.config;
  let document: OpenApiDocument | undefined;
  app.decorate('openapiDocument', () => {
    document ??= buildDocument(
      {
        routes,
        procedures: app.procedures,
        entityHooks: app.entityHooks,
        version: `${API_VERSION}+${buildNumber}`,
      },
      basePath,
    );
    return document;
  });
  // The document as sent: serialised and compressed once (over a megabyte of JSON, a tenth of it in brotli).
  let sent: Promise<SentDocument> | undefined;
  app.get(
    `${apiPrefix}/openapi.json`,
    documented({
      summary: 'This document: the OpenAPI 3.1 description of every route',
      auth: 'none',
      produces: 'json',
    }),
    async (request, reply) => {
      const document = await (sent ??= encode(Buffer.from(JSON.stringify(app.openapiDocument()))));
      reply
        .header('Cache-Control', 'no-cache')
        .header('ETag', document.etag)
        .header('Vary', 'Accept-Encoding')
        .type('application/json; charset=utf-8');
      if (matchesEtag(request, document.etag)) return reply.code(304).send();
      if (acceptsEncoding(request, 'br')) return reply.header('Content-Encoding', 'br').send(document.br);
      if (acceptsEncoding(request, 'gzip')) return reply.header('Content-Encoding', 'gzip').send(document.gzip);
      return reply.send(document.json);
    },
  );
}

interface SentDocument {
  json: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
}

async function encode(json: Buffer): Promise<SentDocument> {
  const [br, gzipped] = await Promise.all([
    promisify(brotliCompress)(json, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: json.length },
    }),
    promisify(gzip)(json, { level: 9 }),
  ]);
  return { json, br, gzip: gzipped, etag: `"${createHash('sha256').update(json).digest('base64url')}"` };
}
