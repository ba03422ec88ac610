import type { z } from 'zod';

/**
 * What a route says about itself for the OpenAPI document (`openapi/`), given where it is
 * registered (`config: { openapi: … }`): the same zod objects the handler parses with, so the
 * document cannot drift from the code. A route without one is still in the document (every route
 * is), described by its address alone; the generic routes (the data API, procedures) are described
 * from the registry instead.
 */
export interface OperationContract {
  summary: string;
  description?: string;
  /** Who may call it: a user's bearer (default), a terminal's token, a channel's key, or anyone. */
  auth?: 'bearer' | 'terminal' | 'channelKey' | 'none';
  /** The JSON body (POST/PUT), or `multipart` for a file upload. */
  body?: z.ZodType | 'multipart';
  /** Query parameters, an object schema. */
  query?: z.ZodType;
  /** The `data` of the answer's envelope; unsaid: any JSON value. */
  answer?: z.ZodType;
  /** What it answers when not the JSON envelope: a bare JSON document, a page, a file, a redirect. */
  produces?: 'json' | 'html' | 'file' | 'pdf' | 'redirect';
  /** Headers it reads besides the auth scheme's, e.g. `Idempotency-Key`. */
  headers?: readonly string[];
}

/**
 * A route whose last parameter picks an action of its own (`authentication/:action`): each action
 * by the value of that parameter, as its own operation of the document.
 */
export interface ActionsContract {
  param: string;
  actions: Readonly<Record<string, OperationContract & { methods: readonly string[] }>>;
}

/**
 * A generic route over the registry, described from it (openapi/generic.ts): a DataRepository
 * verb for every entity, the resource families, the named procedures.
 */
export type GenericContract =
  | { generic: 'repository'; verb: string }
  | { generic: 'family' }
  | { generic: 'procedure'; audience: 'signedIn' | 'public'; twin?: 'executejson' };

export type RouteContract = OperationContract | ActionsContract | GenericContract;

declare module 'fastify' {
  interface FastifyContextConfig {
    openapi?: RouteContract;
  }
}

/** Route options naming its contract: `app.post(url, { ...documented({…}), preHandler }, handler)`. */
export const documented = (contract: RouteContract) => ({ config: { openapi: contract } });
