import type { TFunction } from 'i18next';
import { CELL_PROBLEMS, IMAGE_FAILURES, MAPPING_REFUSALS, SOURCE_NOTES } from '@backroom/schema';
import { registryText } from '../i18n/registryText';

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

/** Each sentence of a catalogue by its shape, as `{group}.{key}`; `prefix` what the server writes before it. */
const shapesOf = (
  group: string,
  sentences: Record<string, (values: never) => string>,
  prefix: (values: Record<string, string>) => string = () => '',
): [string, RegExp][] =>
  Object.entries(sentences).map(([key, build]) => [
    `${group}.${key}`,
    shapeOf((values: Record<string, string>) => `${prefix(values)}${build(values as never)}`),
  ]);

/**
 * The import's messages in the user's language: the server writes them in English with the sheet's
 * own values in them ("Category: "NOPE" is not the code or name of any of the categories"), so each
 * is matched by its shape and said again from a translation (`sheets.messages.*`) with those values;
 * English, and any message not matched, shows as sent. The shared catalogues' sentences
 * (`@backroom/schema`'s sheetMessages) give their own shapes; the others are written here.
 */
const SHAPES: [key: string, shape: RegExp][] = [
  // First: a product not saved says the write's own message after it, which may have a shape below.
  ...shapesOf('image', IMAGE_FAILURES),
  ...shapesOf('note', SOURCE_NOTES),
  // The import names the column before a cell's problem.
  ...shapesOf('cell', CELL_PROBLEMS, (values) => `${values.column} `),
  ...shapesOf('mapping', MAPPING_REFUSALS),
  [
    'notFoundHere',
    /^(?<column>.+): "(?<text>.+)" is not the code or name of any of the (?<what>.+), nor of a row of this sheet$/,
  ],
  ['notFound', /^(?<column>.+): "(?<text>.+)" is not the code or name of any of the (?<what>.+)$/],
  ['ambiguous', /^(?<column>.+): several of the (?<what>.+) have the code or name "(?<text>.+)": use the code$/],
  ['required', /^(?<column>.+) is required$/],
  ['unknownColumn', /^Unknown column "(?<column>.+)": use the template's columns$/],
  ['zeros', /^(?<column>.+) "(?<text>\d+)" is not stored, but "(?<stored>\d+)" is: .+$/],
  ['circle', /^(?<column>.+): the rows name each other in a circle$/],
  ['quotaUsed', /^Your daily upload quota of (?<mb>\d+) MB is used up; .+$/],
  [
    'nothingWritten',
    /^The import stopped on an unexpected error \(logged on the server with job (?<job>\d+)\); nothing of it is written$/,
  ],
];

export function sheetMessage(t: TFunction, language: string, message: string): string {
  if (language.startsWith('en')) return message;
  for (const [key, shape] of SHAPES) {
    const match = shape.exec(message);
    if (!match) continue;
    const groups = match.groups ?? {};
    // Column headers and entity names are the registry's words: said in the user's language too.
    const words = {
      ...groups,
      column: registryText(t, groups.column ?? ''),
      what: groups.what && registryText(t, groups.what[0]!.toUpperCase() + groups.what.slice(1)).toLowerCase(),
    };
    return t(`sheets.messages.${key}`, { ...words, defaultValue: message });
  }
  return message;
}
