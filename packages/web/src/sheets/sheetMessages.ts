import type { TFunction } from 'i18next';
import { IMAGE_FAILURES } from '@backroom/schema';
import { registryText } from '../i18n/registryText';

const MARK = '\u0000';

/** The shape of a sentence `build` makes: each of its values a named group. */
function shapeOf(build: (values: never) => string): RegExp {
  const marked = build(new Proxy({}, { get: (_, name) => `${MARK}${String(name)}${MARK}` }) as never);
  const source = marked
    .split(MARK)
    .map((part, i) => (i % 2 === 1 ? `(?<${part}>.+)` : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`);
}

/**
 * The import's row messages in the user's language: the server writes them in English with the
 * sheet's own values in them ("Category: "NOPE" is not the code or name of any of the
 * categories"), so each common one is matched by its shape and said again from a translation
 * (`sheets.messages.*`) with those values; English, and any message not matched, shows as sent.
 */
const SHAPES: [key: string, shape: RegExp][] = [
  // First: a product not saved says the write's own message after it, which may have a shape below.
  ...Object.entries(IMAGE_FAILURES).map(([key, build]): [string, RegExp] => [`image.${key}`, shapeOf(build)]),
  [
    'notFoundHere',
    /^(?<column>.+): "(?<text>.+)" is not the code or name of any of the (?<what>.+), nor of a row of this sheet$/,
  ],
  ['notFound', /^(?<column>.+): "(?<text>.+)" is not the code or name of any of the (?<what>.+)$/],
  ['ambiguous', /^(?<column>.+): several of the (?<what>.+) have the code or name "(?<text>.+)": use the code$/],
  ['required', /^(?<column>.+) is required$/],
  ['unknownColumn', /^Unknown column "(?<column>.+)": use the template's columns$/],
  ['scientific', /^(?<column>.+) was read as "(?<text>.+)", a number in scientific notation: .+$/],
  ['cut', /^(?<column>.+) was read as the number (?<shown>\S+) \((?<text>\d+)\): .+$/],
  ['leadingZero', /^(?<column>.+) was read as the number (?<text>\d+): a barcode of (?<digits>\d+) digits .+$/],
  ['zeros', /^(?<column>.+) "(?<text>\d+)" is not stored, but "(?<stored>\d+)" is: .+$/],
  [
    'twoWayDate',
    /^(?<column>.+) is a date that reads two ways: "(?<text>.+)" is (?<dayFirst>\S+) day first, (?<monthFirst>\S+) month first; .+$/,
  ],
  ['twoWayNumber', /^(?<column>.+) must be a number: "(?<text>.+)" could be read two ways .+$/],
  ['circle', /^(?<column>.+): the rows name each other in a circle$/],
  ['quotaUsed', /^Your daily upload quota of (?<mb>\d+) MB is used up; .+$/],
  [
    'nothingWritten',
    /^The import stopped on an unexpected error \(logged on the server with job (?<job>\d+)\); nothing of it is written$/,
  ],
  [
    'sourceBundles',
    /^The column "(?<column>.+)": a known source's export has no bundle rows; send the column into a field or ignore it$/,
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
