import type { TFunction } from 'i18next';
import { CELL_PROBLEMS, IMAGE_FAILURES, IMAGE_FILE_PROBLEMS, MAPPING_REFUSALS, SOURCE_NOTES } from '@backroom/schema';
import { sayAgain, shapesOf, type Shape } from '../i18n/messageShapes';

const GROUP = 'sheets.messages';

/**
 * The import's messages in the user's language: the server writes them in English with the sheet's
 * own values in them ("Category: "NOPE" is not the code or name of any of the categories"), so each
 * is matched by its shape and said again from a translation (`sheets.messages.*`) with those values;
 * English, and any message not matched, shows as sent. The shared catalogues' sentences
 * (`@backroom/schema`'s sheetMessages) give their own shapes; the others are written here.
 */
const SHAPES: Shape[] = [
  // First: a product not saved says the write's own message after it, which may have a shape below.
  ...shapesOf(`${GROUP}.image`, IMAGE_FAILURES),
  ...shapesOf(`${GROUP}.imageFile`, IMAGE_FILE_PROBLEMS),
  ...shapesOf(`${GROUP}.note`, SOURCE_NOTES),
  // The import names the column before a cell's problem.
  ...shapesOf(`${GROUP}.cell`, CELL_PROBLEMS, (values) => `${values.column} `),
  ...shapesOf(`${GROUP}.mapping`, MAPPING_REFUSALS),
  ...(
    [
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
    ] as const
  ).map(([key, shape]): Shape => [`${GROUP}.${key}`, shape]),
];

export function sheetMessage(t: TFunction, language: string, message: string): string {
  return language.startsWith('en') ? message : sayAgain(t, message, SHAPES);
}
