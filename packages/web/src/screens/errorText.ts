import { useTranslation } from 'react-i18next';
import type { AxiosError } from 'axios';
import type { ApiEnvelope } from '@backroom/schema';
import { translateMessage } from '../i18n/serverMessages';

/** What the server said about a failed call: its first field message, else its message; undefined without an answer. */
export function serverMessage(error: unknown): string | undefined {
  const envelope = (error as AxiosError<Partial<ApiEnvelope>> | null)?.response?.data;
  return envelope?.errors?.[0]?.message ?? envelope?.message;
}

/** A failed call as the user reads it: the first field message or the server's message, translated where we know it. */
export function useErrorText() {
  const { t } = useTranslation();
  return (error: unknown): string =>
    translateMessage(t, serverMessage(error) ?? (error instanceof Error ? error.message : String(error)));
}
