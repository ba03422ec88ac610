import { config } from 'zod';

/**
 * The server's Content-Security-Policy allows no `eval`. zod compiles object parsers with
 * `new Function` unless told not to, and its probe for that is reported as a CSP violation even
 * though it is caught. Imported first by main.tsx: the probe runs when the first schema is built.
 */
config({ jitless: true });
