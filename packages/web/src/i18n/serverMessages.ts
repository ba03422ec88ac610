import type { TFunction } from 'i18next';
import { ACCESS_REFUSALS, DOCUMENT_REFUSALS, LOOKUP_REFUSALS, STOCK_REFUSALS } from '@backroom/schema';
import { sayAgain, shapesOf } from './messageShapes';

/**
 * The server's refusals by their shapes, said again from their translations: of a screen's action
 * (403, `errors.refusals.*`), of stock (`errors.stock.*`), of what a line names (`errors.lookup.*`) and
 * of a document or its lines (`errors.document.*`).
 */
const REFUSALS = [
  ...shapesOf('errors.refusals', ACCESS_REFUSALS),
  ...shapesOf('errors.stock', STOCK_REFUSALS),
  ...shapesOf('errors.lookup', LOOKUP_REFUSALS),
  ...shapesOf('errors.document', DOCUMENT_REFUSALS),
];

/** A message from the server or the shared schemas, in the user's language where we know it. */
export const translateMessage = (t: TFunction, message: string) =>
  // No namespace separator: messages hold colons ("starts with http://").
  t(`singles.messages.${message}`, {
    nsSeparator: false,
    defaultValue: t(`validation.${message}`, { nsSeparator: false, defaultValue: sayAgain(t, message, REFUSALS) }),
  });
