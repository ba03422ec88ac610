import type { TFunction } from 'i18next';
import { DOCUMENT_DONE, ITEMS_SEPARATOR, STATES_SEPARATOR, type Sentences } from '@backroom/schema';
import { registryText } from './registryText';

const MARK = '\u0000';

/** The shape of a sentence `build` makes: each of its values a named group. */
function shapeOf(build: (values: Record<string, string>) => string): RegExp {
  const marked = build(new Proxy({}, { get: (_, name) => `${MARK}${String(name)}${MARK}` }));
  const source = marked
    .split(MARK)
    .map((part, i) => (i % 2 === 1 ? `(?<${part}>.+)` : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`);
}

/** A message's shape and the translation key that says it again. */
export type Shape = [key: string, shape: RegExp];

/**
 * Each sentence of a shared catalogue by the shape it makes, keyed `{group}.{key}`; `before` is what
 * the server writes ahead of it (an import's column header).
 */
export const shapesOf = (
  group: string,
  sentences: Sentences,
  before: (values: Record<string, string>) => string = () => '',
): Shape[] =>
  Object.entries(sentences).map(([key, build]) => [
    `${group}.${key}`,
    shapeOf((values) => `${before(values)}${(build as (v: Record<string, string>) => string)(values)}`),
  ]);

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A registry word written in lower case inside a sentence (an entity, a status), in the user's language. */
const lowerWord = (t: TFunction, word: string) => registryText(t, capitalised(word)).toLowerCase();

const DONE_KEYS = new Map(Object.entries(DOCUMENT_DONE).map(([action, done]) => [done as string, action]));

/**
 * The values of a message that are the registry's words, in the user's language too: a column, a
 * screen or a module by its label, `what` (entities) and `status` in lower case, a list of `values`
 * (labels) and of `states` (lower case); `done`, a document action's past tense; `items`, a list of
 * the catalogue's own sentences, each said again.
 */
function wordsOf(t: TFunction, groups: Record<string, string>, shapes: readonly Shape[]): Record<string, string> {
  const words = { ...groups };
  if (groups.items !== undefined)
    words.items = groups.items
      .split(ITEMS_SEPARATOR)
      .map((item) => sayAgain(t, item, shapes))
      .join(ITEMS_SEPARATOR);
  for (const name of ['column', 'screen', 'module'])
    if (groups[name] !== undefined) words[name] = registryText(t, groups[name]);
  for (const name of ['what', 'status']) if (groups[name] !== undefined) words[name] = lowerWord(t, groups[name]);
  if (groups.states !== undefined)
    words.states = groups.states
      .split(STATES_SEPARATOR)
      .map((state) => lowerWord(t, state))
      .join(t('errors.document.or', { defaultValue: STATES_SEPARATOR }));
  const action = groups.done === undefined ? undefined : DONE_KEYS.get(groups.done);
  if (action !== undefined) words.done = t(`errors.document.done.${action}`, { defaultValue: groups.done });
  if (groups.values !== undefined)
    words.values = groups.values
      .split(', ')
      .map((value) => registryText(t, value))
      .join(', ');
  return words;
}

/**
 * A server message said again in the user's language: the first of `shapes` it has, from that
 * translation with the values it holds; as sent when no shape fits or the translation is missing.
 */
export function sayAgain(t: TFunction, message: string, shapes: readonly Shape[]): string {
  for (const [key, shape] of shapes) {
    const match = shape.exec(message);
    if (match) return t(key, { ...wordsOf(t, match.groups ?? {}, shapes), defaultValue: message });
  }
  return message;
}
