import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A CommonJS package loaded when first used rather than when the server starts. For the large ones
 * only some requests need (PDFKit, bwip-js, zxcvbn's word lists), so that each of
 * `npm start`'s processes holds them only once it has served such a request.
 */
export function onFirstUse<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(name) as T);
}
