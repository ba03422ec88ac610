import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { OpenApiDocument } from '../../src/openapi/document';

/**
 * Every answer the API tests get, checked against the app's own OpenAPI document (the harness's
 * `call` runs it): the operation whose path template matches the address (a fixed path before a
 * templated one, as OpenAPI matches), the schema of its answer for that status (`200`, else `4XX`,
 * else `default`), compiled once per process with Ajv (JSON Schema 2020-12, OpenAPI 3.1's dialect).
 */
interface Matcher {
  method: string;
  pattern: RegExp;
  templated: number;
  path: string;
}

interface Checker {
  matchers: Matcher[];
  ajv: Ajv2020;
  /** The document with its `#/components/…` references made absolute, for Ajv. */
  document: OpenApiDocument;
  compiled: Map<string, ValidateFunction>;
}

const checkers = new WeakMap<OpenApiDocument, Checker>();
/**
 * Checkers by the document's text: every test server builds its own document, the same for the
 * same configuration, and a worker runs many servers one after another — each answer schema is
 * compiled once per worker, not once per server (a quarter of a second and more per server).
 */
const checkersByText = new Map<string, Checker>();

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function checkerOf(document: OpenApiDocument): Checker {
  let checker = checkers.get(document);
  if (checker) return checker;
  const text = JSON.stringify(document);
  checker = checkersByText.get(text) ?? newChecker(document, text);
  checkersByText.set(text, checker);
  checkers.set(document, checker);
  return checker;
}

function newChecker(document: OpenApiDocument, text: string): Checker {
  const matchers: Matcher[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    const source = path
      .split(/(\{[^}]+\})/)
      .map((part) => (part === '{path}' ? '.*' : part.startsWith('{') ? '[^/]+' : escape(part)))
      .join('');
    for (const method of Object.keys(item))
      matchers.push({
        method: method.toUpperCase(),
        pattern: new RegExp(`^${source}$`, 'i'),
        templated: (path.match(/\{/g) ?? []).length,
        path,
      });
  }
  matchers.sort((a, b) => a.templated - b.templated);
  const absolute = JSON.parse(text.replaceAll('"#/components/', '"openapi.json#/components/')) as OpenApiDocument;
  const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
  addFormats.default(ajv);
  ajv.addSchema({ $id: 'openapi.json', components: absolute.components });
  return { matchers, ajv, document: absolute, compiled: new Map() };
}

const statusKeys = (status: number) => [String(status), `${String(status).charAt(0)}XX`, 'default'];

/** The operation the document has for `method url` (a fixed path before a templated one). */
function operationOf(checker: Checker, method: string, url: string) {
  const path = new URL(url, 'http://x').pathname;
  const matcher = checker.matchers.find((m) => m.method === method.toUpperCase() && m.pattern.test(path));
  return { path, matcher, operation: matcher && checker.document.paths[matcher.path]![matcher.method.toLowerCase()]! };
}

/** A schema of the document compiled once per checker, by what it is the schema of. */
function compiledOnce(checker: Checker, key: string, schema: object): ValidateFunction {
  let validate = checker.compiled.get(key);
  if (!validate) {
    validate = checker.ajv.compile({ ...schema });
    checker.compiled.set(key, validate);
  }
  return validate;
}

/**
 * Why an answer does not match the document, or undefined when it does. `url` is the address
 * called (with its query); the answer is the JSON the server sent.
 */
export function answerMismatch(
  document: OpenApiDocument,
  method: string,
  url: string,
  status: number,
  body: unknown,
): string | undefined {
  const checker = checkerOf(document);
  const { path, matcher, operation } = operationOf(checker, method, url);
  if (!matcher || !operation)
    return status === 404 || status === 405 ? undefined : `${method} ${path} is in no path of the document`;
  const key = statusKeys(status).find((k) => operation.responses[k]);
  if (!key) return `${method} ${matcher.path} answers ${status}, a status the document does not list`;
  let response = operation.responses[key] as { $ref?: string; content?: Record<string, { schema?: object }> };
  if (response.$ref)
    response = checker.document.components.responses[response.$ref.split('/').pop()!] as typeof response;
  const schema = response.content?.['application/json']?.schema;
  if (!schema) return `${method} ${matcher.path} answers JSON for ${status}, which the document does not say`;
  const validate = compiledOnce(checker, `${matcher.method} ${matcher.path} ${key}`, schema);
  if (validate(body)) return undefined;
  return `${method} ${path} (${matcher.path}) ${status}: the answer does not match the document: ${checker.ajv.errorsText(validate.errors, { dataVar: 'answer' })}`;
}

/**
 * Why a JSON request body does not match what the document says `method url` takes, or undefined
 * when it does: what a client that checks its bodies against the document would refuse to send.
 */
export function bodyMismatch(
  document: OpenApiDocument,
  method: string,
  url: string,
  body: unknown,
): string | undefined {
  const checker = checkerOf(document);
  const { path, matcher, operation } = operationOf(checker, method, url);
  if (!matcher || !operation) return `${method} ${path} is in no path of the document`;
  const requestBody = operation.requestBody as { content?: Record<string, { schema?: object }> } | undefined;
  const schema = requestBody?.content?.['application/json']?.schema;
  if (!schema) return `${method} ${matcher.path} takes no JSON body in the document`;
  const validate = compiledOnce(checker, `${matcher.method} ${matcher.path} body`, schema);
  if (validate(body)) return undefined;
  return `${method} ${path} (${matcher.path}): the body does not match the document: ${checker.ajv.errorsText(validate.errors, { dataVar: 'body' })}`;
}
