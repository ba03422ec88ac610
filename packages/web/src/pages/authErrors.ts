import type { AxiosError } from 'axios';
import type { TFunction } from 'i18next';
import type { ApiEnvelope } from '@backroom/schema';

const STATUS_TEXTS: Record<number, string> = {
  423: 'auth.errors.locked',
  429: 'auth.errors.tooManyAttempts',
};

/**
 * The inline text for a failed sign-in or password call: the given statuses (and locked / too
 * many attempts) in the user's language, else the server's message, else axios's transport message.
 */
// A structural check instead of axios.isAxiosError, so pages don't load axios before their first call.
const isAxiosError = (error: unknown): error is AxiosError =>
  (error as { isAxiosError?: unknown } | null)?.isAxiosError === true;

export function authErrorText(error: unknown, t: TFunction, statusTexts: Record<number, string> = {}): string {
  if (!isAxiosError(error)) return error instanceof Error ? error.message : String(error);
  const status = error.response?.status;
  const key = status === undefined ? undefined : (statusTexts[status] ?? STATUS_TEXTS[status]);
  if (key) return t(key);
  const envelope = error.response?.data as Partial<ApiEnvelope> | undefined;
  const message = envelope?.errors?.[0]?.message ?? envelope?.message;
  if (message) return t(`validation.${message}`, { defaultValue: message });
  return error.message;
}
