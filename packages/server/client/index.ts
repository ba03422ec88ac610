/**
 * The typed client for integrators: openapi-fetch over the types openapi-typescript writes from the
 * server's OpenAPI document (backroom-api.d.ts, `npm run api:client`). Every path, body and answer
 * is checked by the compiler:
 *
 *   const api = createBackroomClient('https://shop.example', accessToken);
 *   const { data, error } = await api.POST('/backoffice/core/api/DataRepository/Insert/product', { body: {…} });
 */
import createClient, { type Client } from 'openapi-fetch';
import type { paths } from './backroom-api';

export type { components, operations, paths } from './backroom-api';

export type BackroomClient = Client<paths>;

/** Who calls: a user's access token (`Bearer`), a paired terminal's token, or nobody (sign-in, pairing). */
export type BackroomCredential = string | { terminal: string } | null;

const authorization = (credential: BackroomCredential): Record<string, string> =>
  credential === null
    ? {}
    : { Authorization: typeof credential === 'string' ? `Bearer ${credential}` : `Terminal ${credential.terminal}` };

/** A client of the server at `baseUrl` (its origin, e.g. `https://shop.example`: the paths carry the base path). */
export function createBackroomClient(baseUrl: string, credential: BackroomCredential = null): BackroomClient {
  return createClient<paths>({ baseUrl, headers: authorization(credential) });
}
