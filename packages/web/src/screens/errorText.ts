import { useTranslation } from 'react-i18next';
import type { AxiosError } from 'axios';
import type { TFunction } from 'i18next';
import { ACCESS_REFUSALS, type ApiEnvelope } from '@backroom/schema';
import { sayAgain, shapesOf } from '../i18n/messageShapes';

/** What the server said about a failed call: its first field message, else its message; undefined without an answer. */
export function serverMessage(error: unknown): string | undefined {
  const envelope = (error as AxiosError<Partial<ApiEnvelope>> | null)?.response?.data;
  return envelope?.errors?.[0]?.message ?? envelope?.message;
}

/** The server's refusals of a screen's action (403), by their shapes: said again from `errors.refusals.*`. */
const REFUSALS = shapesOf('errors.refusals', ACCESS_REFUSALS);

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
