import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import type { OpenApiDocument } from '../src/openapi/document';

/** Where the integrators' client types are written, beside the wrapper (client/index.ts). */
export const CLIENT_TYPES_FILE = new URL('../client/backroom-api.d.ts', import.meta.url).pathname;

const HEADER = `/**
 * The Backroom API's types, written by \`npm run api:client\` from the OpenAPI document the server
 * serves at {base}/core/api/openapi.json (openapi-typescript). Do not edit: regenerate.
 */

`;

/**
 * The TypeScript types of the document, as openapi-typescript writes them (paths and schemas in
 * alphabetical order, so a change reads as a small diff). Left as written, unformatted: Prettier
 * takes longer over 50 000 lines than the generator does.
 */
export async function clientTypes(document: OpenApiDocument): Promise<string> {
  const ast = await openapiTS(JSON.parse(JSON.stringify(document)) as OpenAPI3, { alphabetize: true });
  return HEADER + astToString(ast);
}
