import type { FastifyInstance, RouteOptions } from 'fastify';
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
  app.get(
    `${apiPrefix}/openapi.json`,
    documented({
      summary: 'This document: the OpenAPI 3.1 description of every route',
      auth: 'none',
      produces: 'json',
    }),
    async (_request, reply) =>
      reply.header('Cache-Control', 'no-cache').type('application/json; charset=utf-8').send(app.openapiDocument()),
  );
}
