import type { Sentences } from './sentences';

/**
 * The spreadsheet messages a person reads, as the server writes them (a catalogue of `Sentences`):
 * the console says each again in the user's language (`sheets.messages.{group}.{key}`, web
 * `sheets/sheetMessages.ts`).
 */

/**
 * Why the images job could not store an image URL: the `message` of a `SheetImageFailure` is one of
 * these (the quota's comes from the upload quota).
 */
export const IMAGE_FAILURES = {
  noAnswer: (v: { seconds: number | string }) => `The address did not answer within ${v.seconds} seconds`,
  refused: () => 'The address refused the connection',
  cut: () => 'The connection broke off before the whole image came',
  certificate: () => 'The address’s security certificate is not valid',
  unreachable: () => 'The address could not be reached',
  noSuchHost: (v: { host: string }) => `No server answers to the name ${v.host}`,
  notWebAddress: () => 'Not a web address starting with http:// or https://',
  notPublic: (v: { address: string }) =>
    `The address leads into a private or local network (${v.address}); only public addresses are fetched`,
  status: (v: { status: number | string }) => `The address answered with an error (HTTP ${v.status}), not an image`,
  redirects: (v: { count: number | string }) => `The address sent on to another more than ${v.count} times`,
  tooLarge: (v: { size: string }) => `The image is larger than the upload limit of ${v.size}`,
  notImage: () => 'Not a PNG, JPEG, GIF or WebP image',
  outOfTime: () => 'Not fetched: the images job ran out of time',
  notSaved: (v: { reason: string }) => `The product could not be saved: ${v.reason}`,
} as const satisfies Sentences;

/** Why a file of a zip of product images is refused (the images importer's row problems). */
export const IMAGE_FILE_PROBLEMS = {
  tooLarge: (v: { name: string; mb: number | string }) => `${v.name} is larger than the upload limit of ${v.mb} MB`,
  notImage: (v: { name: string }) => `${v.name} is not a PNG, JPEG, GIF or WebP image`,
  full: (v: { count: number | string }) => `The product already holds ${v.count} images, the most it can`,
} as const satisfies Sentences;

/**
 * Why a known source's reading left a cell out (`SheetMapping.warnings`; the row and column are
 * given beside the message).
 */
export const SOURCE_NOTES = {
  scannerSeparators: (v: { text: string }) =>
    `"${v.text}": the scanner's separators (control characters) in the barcode are left out`,
  scientificBarcode: (v: { text: string }) =>
    `"${v.text}" is a barcode a spreadsheet turned into scientific notation: its digits are lost, so it is not imported`,
  stockNotAllowed: () => 'Your role may not change stock: the quantities on hand are not imported',
  notQuantity: (v: { text: string }) =>
    `"${v.text}" is not a quantity on hand (at most 3 decimals): it is not imported`,
  negativeQuantity: () => 'A negative quantity on hand is not imported: count it',
  noSuchLocation: (v: { name: string }) =>
    `No inventory location is named "${v.name}" and your role may not add one: its quantities on hand are not imported`,
  noLocation: () => 'There is no inventory location: the quantities on hand are not imported',
  noSalesPrice: () => 'No sales price: imported at 0; set the price',
} as const satisfies Sentences;

/**
 * Why a cell cannot be read as its field's value. The import puts the column's header before each
 * ("Launch date must be a date with a four-digit year: …").
 */
export const CELL_PROBLEMS = {
  yesNo: () => 'must be Yes or No',
  oneOf: (v: { values: string }) => `must be one of ${v.values}`,
  leadingZero: (v: { number: number | string; digits: number | string }) =>
    `was read as the number ${v.number}: a barcode of ${v.digits} digits has most likely lost a leading zero (an EAN-8 has 8, a UPC-A 12, an EAN-13 13); format the column as text and type the value again`,
  cut: (v: { shown: string; text: string }) =>
    `was read as the number ${v.shown} (${v.text}): a spreadsheet cut its digits; format the column as text and type the value again`,
  scientific: (v: { text: string }) =>
    `was read as "${v.text}", a number in scientific notation: a spreadsheet cut its digits; format the column as text and type the value again`,
  twoWayNumber: (v: { text: string; thousands: string; decimal: string }) =>
    `must be a number: "${v.text}" could be read two ways (thousands or a decimal comma); write it without separators, as ${v.thousands} or ${v.decimal}`,
  notNumber: (v: { text: string }) => `must be a number: read "${v.text}"`,
  notDate: (v: { text: string }) => `is not a date: read "${v.text}"`,
  twoDigitYear: (v: { text: string }) =>
    `must be a date with a four-digit year: read "${v.text}"; write it year first, such as 2026-09-28`,
  twoWayDate: (v: { text: string; dayFirst: string; monthFirst: string }) =>
    `is a date that reads two ways: "${v.text}" is ${v.dayFirst} day first, ${v.monthFirst} month first; write it year first, such as 2026-09-28`,
} as const satisfies Sentences;

/** Why the importer refuses the columns a file was sent with (a 400 naming `mapping` or `sourceMapping`). */
export const MAPPING_REFUSALS = {
  noSuchField: (v: { column: string; field: string; what: string }) =>
    `The column "${v.column}" goes into "${v.field}", which is no field of the ${v.what}: choose another field or ignore the column`,
  sourceBundles: (v: { column: string }) =>
    `The column "${v.column}": a known source's export has no bundle rows; send the column into a field or ignore it`,
} as const satisfies Sentences;
