import { useTranslation } from 'react-i18next';
import type { AxiosError } from 'axios';
import type { TFunction } from 'i18next';
import {
  ACCESS_REFUSALS,
  DOCUMENT_REFUSALS,
  LOOKUP_REFUSALS,
  STOCK_REFUSALS,
  type ApiEnvelope,
} from '@backroom/schema';
import { sayAgain, shapesOf } from '../i18n/messageShapes';

/** What the server said about a failed call: its first field message, else its message; undefined without an answer. */
export function serverMessage(error: unknown): string | undefined {
  const envelope = (error as AxiosError<Partial<ApiEnvelope>> | null)?.response?.data;
  return envelope?.errors?.[0]?.message ?? envelope?.message;
}

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

/** A failed call as the user reads it: the first field message or the server's message, translated where we know it. */
export function useErrorText() {
  const { t } = useTranslation();
  return (error: unknown): string =>
    translateMessage(t, serverMessage(error) ?? (error instanceof Error ? error.message : String(error)));
}
